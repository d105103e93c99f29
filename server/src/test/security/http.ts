import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { TestApp } from '../harness.ts';

/**
 * Helpers for the security suite: requests as a given client address, and raw HTTP to the real app served
 * on a loopback port (the headers exactly as written, nothing added by a fetch implementation).
 */

/**
 * Calls the app in-process as a client at `address`: the bindings carry the socket that
 * @hono/node-server's getConnInfo reads, as a real connection from that address would.
 */
export function requestFrom(t: TestApp, address: string, path: string, init: RequestInit = {}): Promise<Response> {
  const family = address.includes(':') ? 'IPv6' : 'IPv4';
  return Promise.resolve(
    t.app.request(`http://localhost:5000${path}`, init, {
      incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: family } },
    }),
  );
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Served {
  port: number;
  /** One request with exactly these headers and body. */
  raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Serves the app on 127.0.0.1 at a free port (the same fetch handler server/src/index.ts serves). */
export async function serveOnLoopback(t: TestApp): Promise<Served> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    raw: (method, path, headers, body) => rawRequest(port, method, path, headers, body),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface RunningServer {
  port: number;
  origin: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the real server (server/src/index.ts) as its own process, the way `npm start` does, with exactly
 * `env` on top of PATH/HOME: nothing from the test runner (NODE_ENV=test would switch better-auth's own
 * origin check off). Resolves once /readyz answers.
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(0, 2000)}`);
    const ready = await rawRequest(p, 'GET', '/readyz', {}).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready: ${stderr.slice(0, 2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port: p,
    origin: `http://127.0.0.1:${p}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
