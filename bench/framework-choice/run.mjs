// Measures a JSON round-trip (POST /echo) for each candidate framework with autocannon,
// one server at a time on loopback, and prints req/s and latency. See docs/decisions/001.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const frameworks = (process.argv[2] ?? 'node,hono,fastify,express').split(',');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const body = JSON.stringify({
  message: 'Hi, is this still available? I can pay by Zelle today.',
  platform: 'craigslist',
});

for (const fw of frameworks) {
  const port = 5600 + frameworks.indexOf(fw);
  const child = fork(new URL('./servers.mjs', import.meta.url), [fw, String(port)]);
  await new Promise((r) => child.once('message', r));
  // warm up
  await autocannon({
    url: `http://127.0.0.1:${port}/echo`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    connections: 10,
    duration: 2,
  });
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/echo`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    connections: 10,
    duration: seconds,
  });
  console.log(
    `${fw.padEnd(8)} ${Math.round(r.requests.average)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`,
  );
  child.kill();
}
