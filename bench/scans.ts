// npm run bench:scans: POST /api/scans throughput and latency with the embedded database (DESIGN.md
// section 6: at least 500 requests/s with p99 under 100 ms, and no errors). The per-user scan rate limit is
// off for the run (RATE_LIMITS=off): one user cannot send 500 scans/s by design.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCH_MESSAGES, premiumUserCookie, startServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-bench-scans-'));
const server = await startServer(5197, dataDir);
try {
  const cookie = await premiumUserCookie(server.base);
  const requests = BENCH_MESSAGES.map((message) => ({ method: 'POST' as const, path: '/api/scans', headers: { cookie, origin: server.base, 'content-type': 'application/json' }, body: JSON.stringify({ message, platform: 'sms' }) }));
  await autocannon({ url: server.base, connections: 4, duration: 3, requests }); // warm-up
  const r = await autocannon({ url: server.base, connections, duration: seconds, requests });
  const errors = r.errors + r.non2xx + r.timeouts;
  console.log(`POST /api/scans, ${connections} connections, ${seconds} s, embedded PGlite, ${os.cpus().length} cores`);
  console.log(`  ${Math.round(r.requests.average)} req/s (min ${r.requests.min})   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   max ${r.latency.max} ms`);
  console.log(`  ${r.requests.total} requests, ${errors} errors/non-2xx/timeouts`);
  console.log(`  target: >= 500 req/s, p99 < 100 ms, 0 errors -> ${r.requests.average >= 500 && r.latency.p99 < 100 && errors === 0 ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
