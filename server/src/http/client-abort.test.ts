import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { serveOnLoopback, type Served } from '../test/security/http.ts';

/**
 * A client that closes the connection while sending its body was logged as "database
 * unavailable" and answered 503. A client abort is the client's doing: logged as such at info, without
 * the text it had sent, and never counted as an outage.
 */

const MARKER = 'abort-marker-7f3c91';
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let s: Served;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logDestination: sink });
  s = await serveOnLoopback(t);
});
afterAll(async () => {
  await s.close();
  await t.close();
});

/** Sends the headers and part of a JSON body, then closes the connection. */
async function abortMidBody(path: string): Promise<void> {
  const socket = net.connect(s.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const partial = `{"name":"${MARKER}","email":"${MARKER}@example.com","message":"${MARKER} `;
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: localhost:5000',
      'Origin: http://localhost:5000',
      'Content-Type: application/json',
      'Content-Length: 100000',
      '',
      partial,
    ].join('\r\n'),
  );
  await new Promise((r) => setTimeout(r, 200));
  socket.destroy();
}

async function waitForLine(pred: (l: Record<string, unknown>) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find(pred);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

describe('a request whose body the client aborts', () => {
  it.each(['/api/contact', '/api/auth/sign-in/email'])(
    '%s: logged as a client abort at info, not as a database outage or a 503, without the text',
    async (path) => {
      lines.length = 0;
      await abortMidBody(path);
      const request = await waitForLine((l) => l.msg === 'request' && l.path === path);
      expect(request).toMatchObject({ msg: 'request', path, status: 499 });
      const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      const abort = parsed.find((l) => l.msg === 'client aborted the request');
      expect(abort?.level).toBe(30);
      expect(parsed.filter((l) => l.msg === 'database unavailable' || l.level >= 40)).toEqual([]);
      expect(lines.join('')).not.toContain(MARKER);
    },
  );

  it('a complete request on the same server is answered as usual', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-a-real-password-1' });
    const res = await s.raw(
      'POST',
      '/api/auth/sign-in/email',
      { origin: 'http://localhost:5000', 'content-type': 'application/json' },
      body,
    );
    expect(res.status).toBe(401);
  });
});
