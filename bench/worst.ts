// npm run bench:worst: how long GET /healthz takes while an instance works through the worst inputs it accepts
// (decisions 130 and 134; target: under 100 ms while 10 run at once). Three loads, each 10 at a time for
// BENCH_SECONDS: 10,000-character chats of 2,000 short turns, the engine's slowest generated texts
// (server/src/test/pathological.ts) and forwarded mails of about 1 MB holding 40,000 links (over SMTP to the
// inbound listener). Meanwhile one client, in a process of its own apart from the load (bench/poll.mjs),
// asks /healthz every 20 ms; the same client asks a bare node:http server in its own process the same way,
// in the same run, as the baseline. Prints medians, p99 and the worst of each. The instance is the bundle as
// the image runs it (bench/lib.ts startServer), with ENGINE_THREADS one a core. Prints no message text.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { rawMail } from '../server/src/inbound/fixtures.ts';
import { pathologicalInputs, worstChat } from '../server/src/test/pathological.ts';
import { premiumUserCookie, startServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const AT_ONCE = 10;
const PORT = 5191;
const SMTP_PORT = 5192;
const BARE_PORT = 5193;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * Asks each of `urls` every 20 ms for `ms` from a child process of its own (bench/poll.mjs), so that the
 * load this process makes does not delay the asking; each answer's time in ms, an array a URL.
 */
function poll(urls: string[], ms: number): Promise<number[][]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'poll.mjs'), String(ms), ...urls], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as number[][]) : reject(new Error(`the poller exited ${code}`)),
    );
  });
}

function line(name: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${name.padEnd(44)} n=${String(sorted.length).padStart(4)}  median ${pct(sorted, 0.5).toFixed(1).padStart(6)} ms  p99 ${pct(sorted, 0.99).toFixed(1).padStart(6)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms`;
}

/** Runs `one` AT_ONCE at a time, each lane starting its next as soon as one ends, for `seconds`. */
async function load(one: (i: number) => Promise<unknown>): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async (_, lane) => {
      while (performance.now() < until) {
        await one(lane * 1000 + count);
        count++;
      }
    }),
  );
  return count;
}

async function main() {
  // The instance runs the bundle: built first when the sources changed (as bench:scans does), so the figures
  // are of this code, not of the last build's.
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-worst-'));
  const bare = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q, s) => s.end('ok')).listen(${BARE_PORT}, '127.0.0.1')`],
    { stdio: 'inherit' },
  );
  // BENCH_DATABASE_URL: the instance on that PostgreSQL database instead of PGlite (whose database engine runs
  // on the instance's own event loop: its statements are part of what the loop does for each scan).
  const db = process.env.BENCH_DATABASE_URL;
  const server = await startServer(
    PORT,
    dataDir,
    { INBOUND_SMTP_PORT: String(SMTP_PORT), INBOUND_MAIL_DOMAIN: 'bench.example', ...(db ? { DATABASE_URL: db } : {}) },
    { bundle: true },
  );
  try {
    const base = server.base;
    const cookie = await premiumUserCookie(base);
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const fwd = (await (await fetch(`${base}/api/forwarding-address`, { headers })).json()) as { address: string };
    const texts = pathologicalInputs({ triples: 40 }).map((p) => p.text);
    const text = `Your account is locked. ${Array.from({ length: 25_000 }, (_, i) => `https://t${i}.example.net/p`).join(' ')}`;
    const html = Array.from({ length: 16_500 }, (_, i) => `<a href="https://h${i}.example.org/">x</a>`).join('');
    const mail = rawMail({ from: 'Bench <bench@example.com>', to: fwd.address, subject: 'links', text, html });
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: SMTP_PORT,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: AT_ONCE,
    });

    const scan = async (message: string) => {
      const res = await fetch(`${base}/api/scans`, { method: 'POST', headers, body: JSON.stringify({ message }) });
      await res.arrayBuffer();
      // A generated text the API refuses as unstorable (422) is refused before any engine work: it still counts.
      if (res.status !== 200 && res.status !== 422) throw new Error(`scan answered ${res.status}`);
    };
    const cases: Array<[string, (i: number) => Promise<unknown>]> = [
      ['10 chats of 2,000 turns at once', (i) => scan(worstChat(i))],
      ['10 slowest generated texts at once', (i) => scan(texts[i % texts.length] ?? '')],
      // The sender is refused after the mail is read (the bench's account has not verified its address): the
      // parse and the link pass, the work that held the loop, run in full.
      [
        '10 mails of 40,000 links at once (SMTP)',
        (i) =>
          smtp
            .sendMail({ envelope: { from: `bench${i}@example.com`, to: fwd.address }, raw: mail })
            .catch(() => undefined),
      ],
    ];
    console.log(
      `bench:worst  ${db ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${seconds} s a case\n`,
    );
    const [idleHealth = [], idleBare = []] = await poll([`${base}/healthz`, `http://127.0.0.1:${BARE_PORT}/`], 2000);
    console.log(line('idle: GET /healthz', idleHealth));
    console.log(line('idle: bare node:http', idleBare));
    // BENCH_CASES=chats (a word of the case's name) runs only the cases that name it, e.g. to profile one.
    const only = process.env.BENCH_CASES;
    for (const [name, one] of cases.filter(([n]) => !only || n.includes(only))) {
      const [[health = [], bareTimes = []], count] = await Promise.all([
        poll([`${base}/healthz`, `http://127.0.0.1:${BARE_PORT}/`], seconds * 1000),
        load(one),
      ]);
      console.log(`\n${name}: ${count} done`);
      console.log(line('  GET /healthz', health));
      console.log(line('  bare node:http (same client, same time)', bareTimes));
    }
    smtp.close();
    console.log('\ntarget: GET /healthz under 100 ms (p99) while 10 worst-case inputs run at once');
  } finally {
    await server.stop();
    bare.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
