import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createPremiumUser, type TestUser } from '../users.ts';

/**
 * One request id per request, taken from a well-formed X-Request-Id (so the load
 * balancer's id follows the request into every instance's logs) or made here, echoed in the response, and
 * on every log line written while serving it, services' lines included.
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer | string, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

const SCAM =
  'URGENT: your bank account is suspended. Verify now at http://secure-bank-verify.example.xyz/login or it will be closed today';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
let u: TestUser;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', RATE_LIMITS: 'off' }, { logDestination: sink });
  u = await createPremiumUser(t);
  call = apiClient(t);
});

afterAll(async () => {
  await t.close();
});

const scan = (reqId?: string) =>
  call('createScan', {
    headers: { ...u.headers, ...(reqId ? { 'X-Request-Id': reqId } : {}) },
    body: { message: SCAM },
  });

describe('X-Request-Id', () => {
  it('keeps a well-formed incoming id, echoes it, and puts it on the access line and the service lines of that request, once each', async () => {
    const id = `lb-${randomUUID()}`;
    const res = await scan(id);
    expect(res.status).toBe(200);
    expect(res.res.headers.get('x-request-id')).toBe(id);
    if (!res.ok) throw new Error(`scan refused: ${res.error.code}`);
    const scanId = res.data.id;
    const stored = records().find((r) => r.msg === 'scan stored' && r.scanId === scanId);
    expect(stored?.reqId).toBe(id);
    const ours = lines.filter((l) => l.includes(id));
    expect(ours.some((l) => JSON.parse(l).msg === 'request')).toBe(true);
    for (const l of ours) expect(l.split('"reqId"').length - 1, l).toBe(1);
  });

  it('makes a new UUID when the header is missing, different for each request', async () => {
    const a = (await t.request('/healthz')).headers.get('x-request-id');
    const b = (await t.request('/healthz')).headers.get('x-request-id');
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'abc def'],
    ['an underscore', 'abc_def'],
    ['JSON', '{"admin":true}'],
    ['an equals sign', 'abc=def'],
    ['a log line', 'x\\n{"level":50}'],
  ])('replaces an id with %s by a new UUID, and the offered text reaches no log line', async (_name, offered) => {
    const res = await scan(offered);
    expect(res.status).toBe(200);
    const echoed = res.res.headers.get('x-request-id') ?? '';
    expect(echoed).toMatch(UUID);
    expect(lines.some((l) => l.includes(echoed))).toBe(true);
    expect(lines.some((l) => l.includes(offered))).toBe(false);
  });

  it('keeps the ids of concurrent requests apart on their service lines', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const answers = await Promise.all(ids.map((id) => scan(id)));
    for (const [i, res] of answers.entries()) {
      expect(res.res.headers.get('x-request-id')).toBe(ids[i]);
      if (!res.ok) throw new Error(`scan refused: ${res.error.code}`);
      const scanId = res.data.id;
      expect(records().find((r) => r.msg === 'scan stored' && r.scanId === scanId)?.reqId).toBe(ids[i]);
    }
  });

  it('is echoed on answers made by better-auth and by the error handler', async () => {
    const id = randomUUID();
    expect((await call('getSession', { headers: { 'X-Request-Id': id } })).res.headers.get('x-request-id')).toBe(id);
    const missing = await call('getScan', {
      params: { id: 'not-a-scan' },
      headers: { ...u.headers, 'X-Request-Id': id },
    });
    expect(missing.status).toBe(404);
    expect(missing.res.headers.get('x-request-id')).toBe(id);
  });
});
