import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { serveOnLoopback, type Served } from '../test/security/http.ts';
import { createPremiumUser, TEST_PASSWORD, type TestUser } from '../test/users.ts';

/**
 * A JSON body is read once, straight from the socket (decision 127). Asking a request for its body stream
 * (`request.body`) makes @hono/node-server build a web Request and stream for it, and a clone tees that
 * stream: about a tenth of a scan's CPU went there. The body limit decides from Content-Length, and the
 * unstorable-text check reads through `c.req.text()`, which keeps the text for the route; only the paths whose
 * handlers read the raw body (better-auth's, the share target's) get a clone.
 */

const SCAM = 'USPS: your parcel is on hold, pay the $1.99 fee at https://usps-redelivery-fee.top/pay';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
});
afterAll(async () => {
  await t.close();
});

/** A request whose body stream cannot be asked for: its text can still be read. */
function withoutBodyStream(path: string, body: string, headers: Record<string, string>): Request {
  const req = new Request(`http://localhost:5000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  });
  Object.defineProperty(req, 'body', {
    get() {
      throw new Error('the body stream was asked for');
    },
  });
  return req;
}

describe('a JSON body with a declared length', () => {
  it('reaches the scan route without anyone asking for its body stream', async () => {
    // raw HTTP: the request object itself is the point (its body stream is a trap)
    const res = await t.app.request(
      withoutBodyStream('/api/scans', JSON.stringify({ message: SCAM, platform: 'sms' }), { cookie: u.cookie }),
    );
    expect(res.status).toBe(200);
    const scan = (await res.json()) as { riskScore: number };
    expect(scan.riskScore).toBeGreaterThanOrEqual(70);
  });

  it('is still checked for text the database cannot store', async () => {
    // raw HTTP: the request object itself is the point (its body stream is a trap)
    const res = await t.app.request(
      withoutBodyStream('/api/scans', JSON.stringify({ message: 'a\u0000b', platform: 'sms' }), { cookie: u.cookie }),
    );
    expect(res.status).toBe(422);
  });
});

describe('over a real socket', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serveOnLoopback(t);
  });
  afterAll(async () => {
    await s.close();
  });

  it('a scan, a sign-in (better-auth reads the raw body) and a refused NUL all read their bodies', async () => {
    const scan = await s.raw(
      'POST',
      '/api/scans',
      { 'content-type': 'application/json', cookie: u.cookie },
      JSON.stringify({ message: SCAM, platform: 'sms' }),
    );
    expect(scan.status).toBe(200);
    expect((JSON.parse(scan.body) as { riskScore: number }).riskScore).toBeGreaterThanOrEqual(70);

    const signIn = await s.raw(
      'POST',
      '/api/auth/sign-in/email',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: u.user.email, password: TEST_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    expect(String(signIn.headers['set-cookie'])).toMatch(/better-auth\.session_token=/);

    const nul = await s.raw(
      'POST',
      '/api/scans',
      { 'content-type': 'application/json', cookie: u.cookie },
      JSON.stringify({ message: 'a\u0000b' }),
    );
    expect(nul.status).toBe(422);
  });
});
