import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';
import { PathPatterns } from './request-log.ts';

/**
 * The access log named a request by its raw path whenever the route that answered was a
 * catch-all, so every visit to a shared verdict (/r/<token>, the SPA catch-all) and every unmatched method on
 * /api/shared/<token> wrote a live share token to the logs. A log line names a route pattern, never a token,
 * a key or an id: here a real share token, an API key, a scan id and token-looking segments go through every
 * kind of answer (the SPA, 404s, a wrong method, a 401 from a middleware, a 413 from the body limit,
 * better-auth's catch-all) and none of them is in any line.
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer | string, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let u: TestUser;
let shareToken: string;
let scanId: string;
let apiKey: string;
const fakeToken = randomBytes(32).toString('base64url');
const lookalike = `tok${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: sink });
  u = await createPremiumUser(t);
  const call = apiClient(t);
  const scan = await call('createScan', { headers: u.headers, body: { message: 'Is the bike still for sale?' } });
  expect(scan.status).toBe(200);
  if (!scan.ok) throw new Error(`scan refused: ${scan.error.code}`);
  scanId = scan.data.id;
  const share = await call('saveShare', { params: { id: scanId }, headers: u.headers, body: { includeMessage: true } });
  expect(share.status).toBe(200);
  if (!share.ok || !share.data.share) throw new Error(`share refused: ${share.status}`);
  shareToken = share.data.share.token;
  const key = await call('createApiKey', { headers: u.headers, body: { name: 'log test' } });
  expect(key.status).toBe(201);
  if (!key.ok) throw new Error(`key refused: ${key.error.code}`);
  apiKey = key.data.key;
});
afterAll(async () => {
  await t.close();
});

/** The access lines written since `from`, as (method, path, status). */
function accessLines(from: number) {
  return lines
    .slice(from)
    .map((l) => JSON.parse(l) as { msg: string; method?: string; path?: string; status?: number })
    .filter((l) => l.msg === 'request');
}

describe('the access log names routes, never the secrets in a path', () => {
  it('share tokens, API keys, scan ids and token-looking segments are in no log line, whatever answered', async () => {
    const from = lines.length;
    const bearer = { authorization: `Bearer ${apiKey}` };
    const sent: Array<[string, string, RequestInit?]> = [
      ['GET', `/r/${shareToken}`],
      ['HEAD', `/r/${shareToken}`],
      ['GET', `/r/${shareToken}/`],
      ['GET', `/api/shared/${shareToken}`],
      ['POST', `/api/shared/${shareToken}`, { headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['DELETE', `/api/shared/${shareToken}`],
      ['GET', `/api/shared/${shareToken}/more`],
      ['GET', `/v1/scans/${scanId}`, { headers: bearer }],
      ['GET', `/v1/scans/${scanId}`],
      ['DELETE', `/v1/scans/${scanId}`, { headers: bearer }],
      ['GET', `/v1/${apiKey}`, { headers: bearer }],
      ['GET', `/api/scans/${scanId}`, { headers: u.headers }],
      [
        'PUT',
        `/api/scans/${scanId}/share`,
        {
          headers: { ...u.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ x: 'y'.repeat(200 * 1024) }),
        },
      ],
      ['GET', `/scans/${scanId}`],
      ['GET', `/no-such-page/${lookalike}`],
      ['GET', `/${fakeToken}`],
      ['POST', `/${lookalike}`, { body: 'x' }],
      ['GET', `/api/${lookalike}`],
      ['GET', `/api/auth/reset-password/${fakeToken}`],
      ['GET', `/billing/test-portal/${lookalike}`, { headers: u.headers }],
      ['POST', `/billing/test-portal/${lookalike}/nothing`, { headers: u.headers }],
      ['GET', `/assets/${lookalike}.js`],
      ['GET', `/dev/mailbox/${lookalike}`],
    ];
    for (const [method, path, init] of sent) {
      // raw HTTP: wrong methods, unknown paths and tokens in paths, as anyone may send them
      const res = await t.app.request(`http://localhost:5000${path}`, { method, ...init });
      await res.body?.cancel();
    }

    const logged = accessLines(from);
    expect(logged).toHaveLength(sent.length);
    const secrets = { shareToken, apiKey, scanId, fakeToken, lookalike };
    for (const [name, secret] of Object.entries(secrets)) {
      const leaks = lines.slice(from).filter((l) => l.includes(secret));
      expect(leaks, `log lines holding the ${name}`).toEqual([]);
    }

    // Still useful: the lines name the routes.
    const paths = logged.map((l) => `${l.method} ${l.path} ${l.status}`);
    // 200 with a built client, 503 without one: the route is the point here.
    expect(paths.some((p) => p.startsWith('GET /r/:token '))).toBe(true);
    expect(paths.some((p) => p.startsWith('GET /scans/:id '))).toBe(true);
    expect(paths).toContain('GET /api/shared/:token 200');
    expect(paths).toContain('DELETE /api/shared/:token 404');
    expect(paths).toContain(`GET /v1/scans/:id 200`);
    expect(paths).toContain(`GET /v1/scans/:id 401`);
    expect(paths).toContain('PUT /api/scans/:id/share 413');
    expect(paths.some((p) => p.startsWith('GET /api/auth/reset-password/:token '))).toBe(true);
    expect(paths).toContain('POST /billing/test-portal/*/* 404');
    expect(paths.some((p) => p.startsWith('GET /*/* '))).toBe(true);
  });
});

describe('PathPatterns', () => {
  const patterns = new PathPatterns([
    '/api/scans/:id',
    '/api/scans/:id/share',
    '/api/scans',
    '/api/*',
    '*',
    '/r/:token',
    '/assets/*',
    '/dashboard',
  ]);

  it('names a path by the most specific pattern it fits, whatever the method', () => {
    expect(patterns.name('/api/scans/abc')).toBe('/api/scans/:id');
    expect(patterns.name('/api/scans/abc/share')).toBe('/api/scans/:id/share');
    expect(patterns.name('/api/scans')).toBe('/api/scans');
    expect(patterns.name('/r/abc')).toBe('/r/:token');
    expect(patterns.name('/dashboard')).toBe('/dashboard');
  });

  it('keeps the segments some route has and stars every other one', () => {
    expect(patterns.name('/api/secret')).toBe('/api/*');
    expect(patterns.name('/api/scans/abc/secret')).toBe('/api/scans/*/*');
    expect(patterns.name('/secret/dashboard')).toBe('/*/dashboard');
    expect(patterns.name('/assets/index-1a2b.js')).toBe('/assets/*');
    expect(patterns.name('/')).toBe('/');
    expect(patterns.name('/r/')).toBe('/r/');
  });
});
