import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../../db/client.ts';

/**
 * Two processes on one PGlite data folder both started and lost acknowledged scans. A
 * second process must refuse to start, naming the holder; a lock left by a dead process is taken over.
 * The lock is PGlite's alone, so these tests start their own servers on PGlite whatever the suite's target.
 */

const dirs: string[] = [];
const children = new Set<ChildProcess>();
const open: Database[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redflag-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

async function spawnServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base, exited, stderr: () => err };
}

async function waitReady(s: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  let gone = false;
  void s.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was ready: ${s.stderr()}`);
    try {
      if ((await fetch(`${s.base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

/** A pid that certainly belonged to a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  return r.pid as number;
}

// A PGlite folder's first open runs initdb: seconds, more on a busy machine.
describe('PGlite data folder lock, in one process', { timeout: 120_000 }, () => {
  it('a second openDatabase on the same folder refuses, naming this process; after close it opens again', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    const first = await openDatabase({ driver: 'pglite', dir });
    open.push(first);
    const second = openDatabase({ driver: 'pglite', dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`process ${process.pid} on host ${os.hostname()}`);
    await expect(second).rejects.toThrow('(this process)');
    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const third = await openDatabase({ driver: 'pglite', dir });
    open.push(third);
    expect(await third.ping()).toBe(true);
  });

  it('takes over a lock left by a process that is no longer running on this host', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    const pid = deadPid();
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({
        pid,
        host: os.hostname(),
        startedAt: '2020-01-01T00:00:00.000Z',
        processOrigin: 1,
        token: 'stale',
      }),
    );
    const db = await openDatabase({ driver: 'pglite', dir });
    open.push(db);
    const holder = JSON.parse(readFileSync(`${dir}.lock`, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(holder.token).not.toBe('stale');
  });

  it('takes over a lock with our own pid left by an earlier process (a restarted container)', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({
        pid: process.pid,
        host: os.hostname(),
        startedAt: '2020-01-01T00:00:00.000Z',
        processOrigin: 1,
        token: 'earlier',
      }),
    );
    const db = await openDatabase({ driver: 'pglite', dir });
    open.push(db);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).token).not.toBe('earlier');
  });

  it('never takes over a lock held on another host, and says whose it is', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({
        pid: deadPid(),
        host: 'other-host.example',
        startedAt: '2030-01-01T00:00:00.000Z',
        processOrigin: 1,
        token: 'remote',
      }),
    );
    await expect(openDatabase({ driver: 'pglite', dir })).rejects.toThrow(
      /on host other-host\.example, started 2030-01-01T00:00:00\.000Z/,
    );
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).token).toBe('remote');
  });
});

// The servers run on PGlite whatever the suite's target: run them once, in the PGlite pass of `npm test`.
describe.skipIf(inject('testDatabase').driver === 'postgres')('PGlite data folder lock, two server processes', () => {
  it(
    'a second server on the same DATA_DIR exits non-zero naming the first; after the first stops, or is killed, a new one starts',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDataDir();
      const a = await spawnServer(dataDir);
      await waitReady(a);

      const b = await spawnServer(dataDir);
      const code = await b.exited;
      expect(code).not.toBe(0);
      expect(b.stderr()).toContain(`is in use by process ${a.child.pid} on host ${os.hostname()}, started `);
      expect(b.stderr()).toContain(path.join(dataDir, 'pglite.lock'));
      // The first one is unharmed.
      expect((await fetch(`${a.base}/readyz`)).ok).toBe(true);

      a.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

      const c = await spawnServer(dataDir);
      await waitReady(c);
      // Killed outright: the lock stays behind, naming a pid that is gone.
      c.child.kill('SIGKILL');
      await c.exited;
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(c.child.pid);

      const d = await spawnServer(dataDir);
      await waitReady(d);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(d.child.pid);
      d.child.kill('SIGTERM');
      expect(await d.exited).toBe(0);
    },
  );
});
