// npm run bench:http: requests/s and p50/p99 latency (autocannon) for GET /healthz and one hashed static
// asset of the real server, beside a bare node:http hello-world measured in the same run. Quote the ratio:
// absolute figures depend on the machine, the ratio says what our stack costs over raw Node.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function measure(name: string, url: string) {
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections, duration: seconds });
  const row = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
  console.log(
    `${name.padEnd(28)} ${String(row.rps).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms   errors ${row.errors}`,
  );
  return row;
}

async function waitFor(url: string, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

const assetsDir = path.resolve('client/dist/assets');
if (!existsSync(assetsDir)) {
  console.error('Build the client first: npm run build');
  process.exit(1);
}
const asset = readdirSync(assetsDir).find((f) => f.endsWith('.css')) ?? readdirSync(assetsDir)[0];

const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello');
});
await new Promise<void>((r) => bare.listen(5198, '127.0.0.1', r));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-'));
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '5199',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:5199',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
    ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
  },
  stdio: 'inherit',
});
try {
  await waitFor('http://127.0.0.1:5199/healthz');
  console.log(`autocannon, ${connections} connections, ${seconds} s each, on ${os.cpus().length} cores\n`);
  const baseline = await measure('node:http hello-world', 'http://127.0.0.1:5198/');
  const health = await measure('GET /healthz', 'http://127.0.0.1:5199/healthz');
  const file = await measure(`GET /assets/${asset?.slice(0, 12)}…`, `http://127.0.0.1:5199/assets/${asset}`);
  console.log(
    `\nratio to bare node:http: /healthz ${(health.rps / baseline.rps).toFixed(2)}, static asset ${(file.rps / baseline.rps).toFixed(2)}`,
  );
} finally {
  server.kill('SIGTERM');
  bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}
