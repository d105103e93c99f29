import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/scans.ts';
import { logEntries, Proc, until } from '../processes.ts';

/**
 * Graceful drain, kept tested. The real server process (embedded PGlite in its own data
 * folder, as `npm start` runs it) gets SIGTERM while a request is in flight: it stops taking connections,
 * answers the request it already has, stores what that request wrote, closes the database and exits 0.
 * A balancer's health check then fails over (deploy/haproxy.cfg checks /readyz), and nothing acknowledged
 * is lost (bench:kill9 covers the ungraceful kill).
 *
 * PGlite only: one process per data folder is the case where a drain that skips closing the database would
 * leave it for the next start to recover. On PostgreSQL the same shutdown closes the pool.
 */

const postgresStage = inject('testDatabase').driver === 'postgres';

describe.skipIf(postgresStage)('SIGTERM drains the server', () => {
  let dataDir: string;
  let app: Proc;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-drain-'));
    app = new Proc('app', process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    port = await until(
      'the server to listen',
      () => {
        if (!app.running) throw new Error(`the server exited\n${app.tail()}`);
        const line = logEntries(app).find((e) => typeof e.msg === 'string' && e.msg.startsWith('RedFlag is listening'));
        return typeof line?.port === 'number' ? line.port : undefined;
      },
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers and stores the request in flight, refuses new connections, closes the database and exits 0', async () => {
    const body = JSON.stringify({ name: 'scan_completed', properties: { riskScore: 87, source: 'drain-test' } });
    const half = Math.floor(body.length / 2);
    // The request's headers and half its body are sent: the server has it in hand when the signal comes.
    let sendRest = () => {};
    let connected = () => {};
    const onSocket = new Promise<void>((resolve) => (connected = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/events',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.on('socket', (socket) => socket.on('connect', connected));
      req.write(body.slice(0, half));
      sendRest = () => req.end(body.slice(half));
    });
    await onSocket;
    // Time for the server to read the headers and start the route, which then waits for the rest of the body.
    await new Promise((r) => setTimeout(r, 300));

    app.signal('SIGTERM');
    await until('the drain to start', () =>
      logEntries(app).some((e) => e.msg === 'shutting down: finishing in-flight requests') ? true : undefined,
    );

    // A new connection is refused while the one in flight is still being answered.
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => `answered ${res.status}`,
      (err: unknown) => String((err as { cause?: { code?: string } }).cause?.code ?? err),
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(app.running).toBe(true);

    sendRest();
    expect(await answer).toEqual({ status: 204, text: '' });

    expect(await app.exited).toBe(0);
    const messages = logEntries(app).map((e) => e.msg);
    expect(messages).toContain('stopped');
    expect(messages).not.toContain('shutdown timed out');

    // What the answered request wrote is in the data folder the server closed (it opens without recovery
    // from a second process's lock, which a server that did not close would have left).
    const database = await openDatabase({ driver: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(analyticsEvents);
      expect(rows.map((r) => ({ name: r.name, properties: r.properties }))).toEqual([
        { name: 'scan_completed', properties: { riskScore: 87, source: 'drain-test' } },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
