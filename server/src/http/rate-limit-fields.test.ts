import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PER_KEY, LOOKUPS_PER_USER } from '../api/rate-limit-headers.ts';
import { AUTH_RATE_RULES } from '../auth/rate-rules.ts';
import { CONTACT_RATE_RULE } from '../contact/contact.routes.ts';
import { rateLimitBucket } from '../db/schema/auth.ts';
import { EVENTS_PER_IP } from '../events/events.routes.ts';
import { SCANS_PER_USER } from '../scans/rate-rules.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { ORIGIN } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, TEST_PASSWORD } from '../test/users.ts';
import type { RateRule } from './rate-limit.ts';

// Every 429 of the app, web and /v1, carries the IETF RateLimit fields of the policy that refused it,
// as the /v1 per-key limit always did: a client reads when to come back and why.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

let next = 1;
const newAddress = () => `198.18.7.${next++}`;

/**
 * Fills a bucket to its limit straight in the database, as other requests (or another instance) would have:
 * the refusal then comes from the route's own path, not from anything this test ran through the limiter.
 */
async function fill(rule: RateRule, key: string): Promise<void> {
  const resetAt = new Date(t.ctx.clock.now().getTime() + rule.windowSeconds * 1000);
  await t.ctx.database.db
    .insert(rateLimitBucket)
    .values({ key: `${rule.name}:${key.toLowerCase()}`, count: rule.limit, resetAt })
    .onConflictDoUpdate({ target: rateLimitBucket.key, set: { count: rule.limit, resetAt } });
}

/** The 429 names `rule` in its body and in both fields, with nothing left until Retry-After. */
function expectRefusedBy(res: Response, body: unknown, rule: RateRule): void {
  expect(res.status).toBe(429);
  expect(body).toMatchObject({ error: { code: 'RATE_LIMITED', details: { rule: rule.name } } });
  const retryAfter = res.headers.get('retry-after');
  expect(Number(retryAfter)).toBeGreaterThan(0);
  const policies = (res.headers.get('ratelimit-policy') ?? '').split(', ');
  expect(policies).toContain(`"${rule.name}";q=${rule.limit};w=${rule.windowSeconds}`);
  const fields = (res.headers.get('ratelimit') ?? '').split(', ');
  expect(fields).toContain(`"${rule.name}";r=0;t=${retryAfter}`);
}

describe('every 429 carries RateLimit and RateLimit-Policy', () => {
  it('the contact form (a route-level limit)', async () => {
    const ip = newAddress();
    await fill(CONTACT_RATE_RULE, ip);
    const res = await apiClient(t)('sendContact', {
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hello there, a question about plans.' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.ok).toBe(false);
    expectRefusedBy(res.res, res, CONTACT_RATE_RULE);
  });

  it('analytics events (a limit counted inside the handler)', async () => {
    const ip = newAddress();
    await fill(EVENTS_PER_IP, ip);
    const res = await apiClient(t)('sendEvent', {
      body: { name: 'scan_completed', properties: {} },
      headers: { 'x-forwarded-for': ip },
    });
    expectRefusedBy(res.res, res, EVENTS_PER_IP);
  });

  it('sign-in (the account endpoints)', async () => {
    const ip = newAddress();
    await fill(AUTH_RATE_RULES.signIn.ip, ip);
    // raw HTTP: better-auth's own route, which no route table has
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'someone@example.com', password: TEST_PASSWORD },
      headers: { origin: ORIGIN, 'x-forwarded-for': ip },
    });
    expectRefusedBy(res, await res.json(), AUTH_RATE_RULES.signIn.ip);
  });

  it("a web scan over the account's scan rate", async () => {
    const u = await createPremiumUser(t);
    await fill(SCANS_PER_USER, u.user.id);
    const res = await apiClient(t)('createScan', {
      body: { message: 'Is the bike still available? I could pick it up Saturday.' },
      headers: u.headers,
    });
    expectRefusedBy(res.res, res, SCANS_PER_USER);
  });

  it("/v1 over a key's rate and over the account's lookups", async () => {
    const u = await createPremiumUser(t);
    const created = okData(await apiClient(t)('createApiKey', { body: { name: 'x' }, headers: u.headers }), 201);
    const v1 = v1Client(t, { key: created.key });
    await fill(LOOKUPS_PER_USER, u.user.id);
    const lookup = await v1('lookup', { query: { phone: '+44 20 7946 0123' } });
    expectRefusedBy(lookup.res, lookup, LOOKUPS_PER_USER);
    await fill(API_PER_KEY, created.id);
    const scan = await v1('getScan', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expectRefusedBy(scan.res, scan, API_PER_KEY);
  });
});
