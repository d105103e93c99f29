import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, okData, v1Client, type V1CallResult } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';
import { API_KEY_FAILURES } from './rate-limit-headers.ts';

// Failed API keys are counted per client address and key prefix: one broken client behind
// a shared address (an office, a NAT, a CI runner) is slowed down without locking out the other API users
// there, a valid key is never refused for someone else's failures, and its 429 says so in RateLimit fields.

const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
const NO_SCAN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

let next = 1;
/** A client address of its own for each test (TEST-NET-2), sent as the proxy's header. */
const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${next++}` });

async function newKey(u: TestUser): Promise<string> {
  return okData(await apiClient(t)('createApiKey', { body: { name: 'CI' }, headers: u.headers }), 201).key;
}

/** A copy of `key` with its end mangled: the same prefix, no longer a key (a broken client's config). */
const mangled = (key: string) => `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

const getScan = (key: string | null, from: Record<string, string>, id = NO_SCAN) =>
  v1Client(t)('getScan', { params: { id }, headers: { ...from, ...(key ? { authorization: `Bearer ${key}` } : {}) } });

/** Sends `key` from `from` until the failure limit is full: every one of those is a 401. */
async function failUntilFull(key: string | null, from: Record<string, string>): Promise<void> {
  for (let i = 0; i < API_KEY_FAILURES.limit; i++) expect((await getScan(key, from)).status).toBe(401);
}

function expectFailureFields(res: V1CallResult<'getScan'>): void {
  expect(res).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED', details: { rule: API_KEY_FAILURES.name } } });
  const retryAfter = Number(res.res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(API_KEY_FAILURES.windowSeconds);
  expect(res.res.headers.get('ratelimit-policy')).toBe(
    `"${API_KEY_FAILURES.name}";q=${API_KEY_FAILURES.limit};w=${API_KEY_FAILURES.windowSeconds}`,
  );
  expect(res.res.headers.get('ratelimit')).toBe(`"${API_KEY_FAILURES.name}";r=0;t=${retryAfter}`);
}

describe('wrong API keys from one address', () => {
  it(`${API_KEY_FAILURES.limit} of one wrong key: the next is a 429 with RateLimit fields`, async () => {
    const from = newAddress();
    const wrong = mangled(await newKey(await createPremiumUser(t)));
    await failUntilFull(wrong, from);
    expectFailureFields(await getScan(wrong, from));
    expectFailureFields(await getScan(wrong, from));
  });

  it('never refuse a valid key from that address, on any /v1 path, even one with the same prefix', async () => {
    const from = newAddress();
    const owner = await createPremiumUser(t);
    const key = await newKey(owner);
    const colleague = await newKey(await createPremiumUser(t));
    // The broken client holds a mangled copy of the owner's key: the same prefix as the valid one.
    await failUntilFull(mangled(key), from);
    expect((await getScan(mangled(key), from)).status).toBe(429);

    const v1 = v1Client(t, { key });
    const created = await v1('createScan', { body: { message: SCAM }, headers: from });
    expect(created.status).toBe(201);
    const id = okData(created, 201).id;
    expect((await getScan(key, from, id)).status).toBe(200);
    expect(
      (await v1('createScan', { body: { message: SCAM }, headers: { ...from, 'idempotency-key': 'k-1' } })).status,
    ).toBe(201);
    const answered = await v1('answerScan', {
      params: { id },
      body: { context: { knowsSender: false } },
      headers: from,
    });
    expect(answered.status).toBe(200);
    expect((await v1('lookup', { query: { phone: '+44 20 7946 0999' }, headers: from })).status).toBe(200);
    // Another user of the same address, another key.
    expect((await v1Client(t, { key: colleague })('getScan', { params: { id: NO_SCAN }, headers: from })).status).toBe(
      404,
    );
    // The broken client is still refused.
    expectFailureFields(await getScan(mangled(key), from));
  });

  it('count by address and key prefix: another prefix, or the same key from another address, is still a 401', async () => {
    const from = newAddress();
    const wrong = mangled(await newKey(await createPremiumUser(t)));
    await failUntilFull(wrong, from);
    expect((await getScan(wrong, from)).status).toBe(429);

    const otherPrefix = mangled(await newKey(await createPremiumUser(t)));
    expect(otherPrefix.slice(0, 12)).not.toBe(wrong.slice(0, 12));
    expect((await getScan(otherPrefix, from)).status).toBe(401);
    expect((await getScan(null, from)).status).toBe(401);
    expect((await getScan(wrong, newAddress())).status).toBe(401);
  });

  it('anything that is no key of ours counts as one prefix; a refused client repeating itself costs no statement', async () => {
    const from = newAddress();
    const wrong = mangled(await newKey(await createPremiumUser(t)));
    await failUntilFull(wrong, from);
    const notKeys: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nothing' },
      { authorization: 'Basic abc' },
      { authorization: 'rf_live_' },
    ];
    for (let i = 0; i < API_KEY_FAILURES.limit; i++) {
      const res = await v1Client(t)('getScan', {
        params: { id: NO_SCAN },
        headers: { ...from, ...notKeys[i % notKeys.length] },
      });
      expect(res.status).toBe(401);
    }
    // The first refusals are counted in the database; every repeat after them is refused from memory.
    expectFailureFields(await getScan(wrong, from));
    expectFailureFields(await getScan(null, from));
    const basic = { ...from, authorization: 'Basic abc' };
    for (const send of [
      () => getScan(wrong, from),
      () => getScan(null, from),
      () => getScan(wrong, from),
      () => v1Client(t)('getScan', { params: { id: NO_SCAN }, headers: basic }),
    ]) {
      const before = t.ctx.database.stats.statements;
      expectFailureFields(await send());
      expect(t.ctx.database.stats.statements - before).toBe(0);
    }
  });
});
