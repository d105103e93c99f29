// npm run bench:scans: POST /api/scans throughput and latency (this machine's targets, docs/design.md §6 and docs/scaling.md: PGlite >= 300 scans/s
// with p99 < 100 ms, PostgreSQL with 2 instances >= 1,000 scans/s with p99 < 50 ms, no errors; a scan makes two database round trips,
// docs/decisions/116), beside a bare node:http
// hello-world in its own process measured in the same run, and the CPU each side used (app, database, load
// generator) read from /proc/<pid>/stat. Each case runs BENCH_RUNS times; medians are printed.
//
// PostgreSQL: the bench starts its own throw-away server with initdb / pg_ctl when they are installed
// (scripts/postgres.mjs, as the tests do), or uses BENCH_DATABASE_URL. BENCH_PG=off skips that part.
// The per-user scan rate limit is off for the run (RATE_LIMITS=off): one user cannot send 500 scans/s by
// design. Quote the load average printed with the figures: the machine may be shared.
//
// Every instance runs as the production image does (the bundle, dist/server/index.js, built first when out of
// date, with deploy/Dockerfile's node flags and glibc memory settings: imageRuntime in lib.ts, decision 126;
// NODE_ENV=production with the test provider and dev outbox allowed). The bench prints the PGlite instance's
// resident memory at rest (2 s after /readyz, before any request) and its peak (VmHWM: start and load
// included); docs/deploy.md quotes them. BENCH_PGLITE=off skips the PGlite case.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCH_MESSAGES, premiumUserCookie, startServer, type BenchServer } from './lib.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The hello-world baseline of the run that met the first targets (docs/scaling.md, 2026-11-23). */
const TARGETS_BASELINE_RPS = 80_288;
const TICK = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

/** CPU seconds (user + system) used so far by these processes. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      /* gone */
    }
  }
  return ticks / TICK;
}

/** The postmaster and all its backends (by parent pid), for the database's share of the CPU. */
function postgresPids(postmaster: number | null): number[] {
  if (!postmaster) return [];
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** Resident memory (VmRSS) and its peak since start (VmHWM) of a process, in MB, from /proc/<pid>/status. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: { app: number; db: number; load: number; wall: number };
}

/** One timed run: connections split over the targets (one autocannon each, in this process). */
async function load(
  targets: Array<{ url: string; requests?: autocannon.Request[] }>,
  appPids: number[],
  dbPids: () => number[],
): Promise<RunFigures> {
  const per = Math.max(1, Math.round(connections / targets.length));
  const dbBefore = new Map(dbPids().map((p) => [p, cpuSeconds([p])]));
  const before = { app: cpuSeconds(appPids), load: process.cpuUsage(), wall: Date.now() };
  const results = await Promise.all(
    targets.map((t) =>
      autocannon({ url: t.url, connections: per, duration: seconds, ...(t.requests ? { requests: t.requests } : {}) }),
    ),
  );
  const loadUsage = process.cpuUsage(before.load);
  const dbAfter = dbPids();
  const cpu = {
    app: cpuSeconds(appPids) - before.app,
    // Backends opened during the run count from zero; those closed during it are lost (pools keep theirs).
    db: dbAfter.reduce((n, p) => n + cpuSeconds([p]) - (dbBefore.get(p) ?? 0), 0),
    load: (loadUsage.user + loadUsage.system) / 1e6,
    wall: (Date.now() - before.wall) / 1000,
  };
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.non2xx + r.timeouts, 0),
    cpu,
  };
}

function report(name: string, rows: RunFigures[], baselineRps: number, target: { rps: number; p99: number } | null) {
  const rps = median(rows.map((r) => r.rps));
  const p50 = median(rows.map((r) => r.p50));
  const p99 = median(rows.map((r) => r.p99));
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const share = (k: 'app' | 'db' | 'load') => median(rows.map((r) => r.cpu[k] / r.cpu.wall));
  console.log(
    `${name.padEnd(44)} ${String(Math.round(rps)).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms   errors ${errors}   ratio to bare node:http ${(rps / baselineRps).toFixed(3)}`,
  );
  console.log(
    `${''.padEnd(44)} CPU (cores busy, median): app ${share('app').toFixed(2)}   database ${share('db').toFixed(2)}   load generator ${share('load').toFixed(2)}`,
  );
  if (target)
    console.log(
      `${''.padEnd(44)} target >= ${target.rps} req/s, p99 < ${target.p99} ms, 0 errors -> ${rps >= target.rps && p99 < target.p99 && errors === 0 ? 'met' : 'NOT met'}`,
    );
}

async function repeat(
  targets: Parameters<typeof load>[0],
  appPids: number[],
  dbPids: () => number[],
): Promise<RunFigures[]> {
  await Promise.all(
    targets.map((t) =>
      autocannon({ url: t.url, connections: 4, duration: 3, ...(t.requests ? { requests: t.requests } : {}) }),
    ),
  ); // warm-up
  const rows: RunFigures[] = [];
  for (let i = 0; i < runs; i++) rows.push(await load(targets, appPids, dbPids));
  return rows;
}

function scanRequests(base: string, cookie: string): autocannon.Request[] {
  return BENCH_MESSAGES.map((message) => ({
    method: 'POST' as const,
    path: '/api/scans',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ message, platform: 'sms' }),
  }));
}

const [load1, load5] = os.loadavg();
console.log(
  `POST /api/scans, ${connections} connections, ${seconds} s x ${runs} runs (medians), ${os.cpus().length} cores, load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min) at start\n`,
);

// The baseline in its own process, as the app is: the ratio then compares like with like.
const bare = spawn(
  process.execPath,
  [
    '-e',
    "require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'text/plain'});s.end('hello')}).listen(5196,'127.0.0.1')",
  ],
  { stdio: 'inherit' },
);
await new Promise((r) => setTimeout(r, 500));
const servers: BenchServer[] = [];
const dirs: string[] = [];
let postgres: TestPostgres | null = null;
try {
  const baseline = await repeat([{ url: 'http://127.0.0.1:5196/' }], [bare.pid!], () => []);
  report('node:http hello-world (own process)', baseline, median(baseline.map((r) => r.rps)), null);
  const baselineRps = median(baseline.map((r) => r.rps));
  // The targets were set on a quieter day of this shared machine: say how this run's machine compares, so a
  // figure is read with it (docs/scaling.md compares days by re-running older code in the same hour).
  console.log(
    `${''.padEnd(44)} the targets were set when this baseline gave ${TARGETS_BASELINE_RPS.toLocaleString('en-US')} req/s (2026-11-23); today ${(baselineRps / TARGETS_BASELINE_RPS).toFixed(2)} of that`,
  );
  // Every instance runs the bundle as the production image does (imageRuntime in lib.ts, decision 126).
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const production = {
    NODE_ENV: 'production',
    ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
    ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
  };

  // PGlite: one instance (the database lives in the app's process: its CPU is the app's). BENCH_PGLITE=off skips it.
  if (process.env.BENCH_PGLITE !== 'off') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-scans-'));
    dirs.push(dataDir);
    const one = await startServer(
      5197,
      dataDir,
      { ...production, BETTER_AUTH_SECRET: 'bench-one-instance-secret-0123456789abcdef' },
      { bundle: true },
    );
    servers.push(one);
    await new Promise((r) => setTimeout(r, 2_000));
    const atRest = memoryMb(one.child.pid!).rss;
    const cookie = await premiumUserCookie(one.base);
    report(
      'PGlite, 1 instance (db inside the app)',
      await repeat([{ url: one.base, requests: scanRequests(one.base, cookie) }], [one.child.pid!], () => []),
      baselineRps,
      { rps: 300, p99: 100 },
    );
    const after = memoryMb(one.child.pid!);
    console.log(
      `${''.padEnd(44)} memory (resident, MB): at rest ${atRest.toFixed(0)}   peak ${after.peak.toFixed(0)}   after the load ${after.rss.toFixed(0)}`,
    );
    console.log(
      `${''.padEnd(44)} target at rest < 300 MB, peak < 450 MB -> ${atRest < 300 && after.peak < 450 ? 'met' : 'NOT met'}`,
    );
    await one.stop();
    servers.pop();
  }

  if (process.env.BENCH_PG !== 'off') {
    const external = process.env.BENCH_DATABASE_URL;
    postgres = external
      ? null
      : startPostgres({ port: 5195, prefix: 'redflag-bench-pg-', settings: { max_connections: 100 } });
    const url = external ?? postgres?.url;
    if (!url) {
      console.log('\nPostgreSQL: skipped (no initdb under /usr/lib/postgresql and no BENCH_DATABASE_URL)');
    } else {
      const pgDirs = [
        mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-a-')),
        mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-b-')),
      ];
      dirs.push(...pgDirs);
      const env = {
        ...production,
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '10',
        BETTER_AUTH_SECRET: 'bench-two-instances-secret-0123456789abcdef',
      };
      const a = await startServer(5193, pgDirs[0]!, env, { bundle: true });
      servers.push(a);
      const b = await startServer(5194, pgDirs[1]!, env, { bundle: true });
      servers.push(b);
      const pgCookie = await premiumUserCookie(a.base);
      const dbPids = () => postgresPids(postgres?.postmaster() ?? null);
      const rows = await repeat(
        [
          { url: a.base, requests: scanRequests(a.base, pgCookie) },
          { url: b.base, requests: scanRequests(b.base, pgCookie) },
        ],
        [a.child.pid!, b.child.pid!],
        dbPids,
      );
      report(`PostgreSQL, 2 instances${external ? ' (external db: its CPU not seen)' : ''}`, rows, baselineRps, {
        rps: 1000,
        p99: 50,
      });
    }
  }
} finally {
  for (const s of servers) await s.stop();
  bare.kill();
  postgres?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
