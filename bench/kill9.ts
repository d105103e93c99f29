// npm run bench:kill9: docs/design.md §6 "no scan acknowledged to a user is ever lost". Sends scans
// under load, kills the server with SIGKILL mid-stream, restarts it on the same data folder, and checks that
// every scan that was answered 200 is still there.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_MESSAGES, premiumUserCookie, startServer } from './lib.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-kill9-'));
const port = 5196;
let server = await startServer(port, dataDir);
const cookie = await premiumUserCookie(server.base);
const headers = { cookie, origin: server.base, 'content-type': 'application/json' };
const acknowledged: string[] = [];
let failedAfterKill = 0;
let stop = false;

async function worker(n: number) {
  for (let i = 0; !stop; i++) {
    try {
      const res = await fetch(`${server.base}/api/scans`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: BENCH_MESSAGES[(n + i) % BENCH_MESSAGES.length] }),
      });
      if (res.status === 200) acknowledged.push((await res.json()).id);
    } catch {
      failedAfterKill++;
      return;
    }
  }
}

const workers = Array.from({ length: 8 }, (_, n) => worker(n));
await new Promise((r) => setTimeout(r, Number(process.env.KILL_AFTER_MS ?? 4000)));
await server.stop('SIGKILL');
stop = true;
await Promise.all(workers);
console.log(
  `killed with SIGKILL after ${acknowledged.length} acknowledged scans (${failedAfterKill} requests cut off)`,
);

server = await startServer(port, dataDir);
const stored = new Set<string>();
const list = await (await fetch(`${server.base}/api/scans?limit=200`, { headers })).json();
for (const s of list) stored.add(s.id);
let missing = 0;
for (const id of acknowledged) {
  if (stored.has(id)) continue;
  const res = await fetch(`${server.base}/api/scans/${id}`, { headers });
  if (res.status !== 200) missing++;
}
console.log(
  `after restart: ${acknowledged.length - missing} of ${acknowledged.length} acknowledged scans present, ${missing} lost -> ${missing === 0 ? 'nothing lost' : 'LOST DATA'}`,
);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(missing === 0 ? 0 : 1);
