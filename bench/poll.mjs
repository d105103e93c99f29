// The poller of bench:worst, in a process of its own so the load the bench makes (ten 1 MB mails written to
// SMTP, ten 90 KB answers read) does not stall the client that times /healthz. Usage:
//   node bench/poll.mjs MILLISECONDS URL...
// Asks each URL every 20 ms for MILLISECONDS, all from this one process; prints the times (ms) as JSON, one
// array a URL.
/* global fetch */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const [ms, ...urls] = process.argv.slice(2);
// One untimed ask first: the connection's set-up and this process's warm-up are not the server's latency.
await Promise.all(urls.map(async (url) => (await fetch(url)).arrayBuffer()));
const until = performance.now() + Number(ms);
const times = await Promise.all(
  urls.map(async (url) => {
    const out = [];
    while (performance.now() < until) {
      const s = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      out.push(performance.now() - s);
      await sleep(20);
    }
    return out;
  }),
);
process.stdout.write(JSON.stringify(times));
