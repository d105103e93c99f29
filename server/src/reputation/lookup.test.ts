import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdApiKeySchema } from '@redflag/contracts/api';
import {
  LISTED_MEANS,
  lookupResponseSchema,
  NOTHING_KNOWN_MEANS,
  REPORTS_ARE_NOT_PROOF,
} from '@redflag/contracts/reputation';
import { ensureAccount, updateAccount } from '../billing/billing.repo.ts';
import { rateLimitBucket } from '../db/schema/auth.ts';
import { LOOKUPS_PER_USER } from '../api/rate-limit-headers.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  createPaidUser,
  createPremiumUser,
  createTrialUser,
  createVerifiedUser,
  type TestUser,
} from '../test/users.ts';
import { importFeed } from './feeds.service.ts';

// GET /v1/lookup (decision 103): an API key's owner on Premium looks up a number, an address or a link; the
// answer says what the lists and other accounts' reports hold, and what that means; plan and limits hold.

const PHONE = '+44 20 7946 0777';
const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importFeed(
    t.ctx,
    { name: 'openphish', format: 'openphish', sourceUrl: null },
    'https://secure-login.bank-verify.example/signin\n',
  );
  await importFeed(t.ctx, { name: 'blocklist', format: 'domains', sourceUrl: null }, 'bad-sender.example\n');
});
afterAll(async () => {
  await t.close();
});

async function keyOf(u: TestUser): Promise<string> {
  const res = await t.request('/api/api-keys', { method: 'POST', headers: u.headers, json: { name: 'lookup' } });
  expect(res.status).toBe(201);
  return createdApiKeySchema.parse(await res.json()).key;
}
const lookup = (key: string | null, query: string) =>
  t.request(`/v1/lookup?${query}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('GET /v1/lookup', () => {
  it('answers 401 without a key and with an unknown one', async () => {
    expect((await lookup(null, 'phone=%2B442079460777')).status).toBe(401);
    const res = await lookup('rf_live_not-a-real-key-at-all', 'phone=%2B442079460777');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 PREMIUM_REQUIRED to a trial, to an account with no plan and to a cancelled one', async () => {
    const trial = await createTrialUser(t);
    const none = await createVerifiedUser(t);
    const cancelled = await createVerifiedUser(t);
    await ensureAccount(t.ctx.database.db, cancelled.user.id);
    await updateAccount(
      t.ctx.database.db,
      cancelled.user.id,
      {
        planTier: 'free',
        subscriptionStatus: 'inactive',
        paymentSetupComplete: true,
        hasUsedTrial: true,
        everPaid: true,
        provider: 'local',
      },
      t.ctx.clock.now(),
    );
    for (const u of [trial, none, cancelled]) {
      const res = await lookup(await keyOf(u), 'phone=%2B442079460777');
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('PREMIUM_REQUIRED');
    }
  });

  it('a Premium key looks up a listed link, an address on a domain list and a reported number, with what it means', async () => {
    const key = await keyOf(await createPremiumUser(t));

    const url = await lookup(
      key,
      `url=${encodeURIComponent('https://WWW.secure-login.bank-verify.example/signin/?utm_source=x')}`,
    );
    expect(url.status).toBe(200);
    expect(url.headers.get('RateLimit-Policy')).toContain('"lookups:user"');
    const listed = lookupResponseSchema.parse(await url.json());
    expect(listed).toMatchObject({
      kind: 'url',
      normalized: 'secure-login.bank-verify.example/signin',
      listings: [{ list: 'openphish', match: 'url' }],
      reports: null,
    });
    // The notes explain what was found, and only that: a listing, no reports.
    expect(listed.notes).toEqual([LISTED_MEANS]);

    const email = lookupResponseSchema.parse(await (await lookup(key, 'email=Billing%40Bad-Sender.example')).json());
    expect(email).toMatchObject({
      kind: 'email',
      normalized: 'billing@bad-sender.example',
      listings: [{ list: 'blocklist', match: 'host' }],
    });

    // Three other (paid) accounts flag the number: the lookup reports them, without the caller's own.
    const reporters = await Promise.all([createPaidUser(t), createPaidUser(t), createPaidUser(t)]);
    await Promise.all(
      reporters.map((u) =>
        t.request('/api/scans', { method: 'POST', headers: u.headers, json: { message: SCAM, phoneNumber: PHONE } }),
      ),
    );
    const phone = lookupResponseSchema.parse(await (await lookup(key, 'phone=%2B44%2020%207946%200777')).json());
    expect(phone).toMatchObject({
      kind: 'phone',
      normalized: '+442079460777',
      listings: [],
      reports: { count: 3, since: t.ctx.clock.now().toISOString().slice(0, 10) },
    });
    // The reporter itself sees only the two others: below the threshold, nothing.
    expect(phone.notes).toEqual([REPORTS_ARE_NOT_PROOF]);
    const own = lookupResponseSchema.parse(
      await (await lookup(await keyOf(reporters[0] as TestUser), 'phone=%2B442079460777')).json(),
    );
    expect(own.reports).toBeNull();
    // A lookup reports nothing: the count did not move.
    const again = lookupResponseSchema.parse(await (await lookup(key, 'phone=%2B442079460777')).json());
    expect(again.reports?.count).toBe(3);
  });

  it('a lookup that finds nothing says so, without the notes about lists and reports', async () => {
    const key = await keyOf(await createPremiumUser(t));
    for (const query of [
      'url=https%3A%2F%2Fexample.org%2Fnothing-here',
      'phone=%2B12025550143',
      'email=someone%40example.org',
    ]) {
      const answer = lookupResponseSchema.parse(await (await lookup(key, query)).json());
      expect(answer).toMatchObject({ listings: [], reports: null });
      expect(answer.notes).toEqual([NOTHING_KNOWN_MEANS]);
    }
  });

  it('answers 422 unless exactly one valid value is given', async () => {
    const key = await keyOf(await createPremiumUser(t));
    for (const q of [
      '',
      'phone=%2B442079460777&email=a%40b.example',
      'phone=12',
      'email=nope',
      'url=mailto%3Aa%40b.example',
    ]) {
      const res = await lookup(key, q);
      expect(res.status, q).toBe(422);
      expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("answers 429 RATE_LIMITED past the account's daily lookups, with Retry-After", async () => {
    const u = await createPremiumUser(t);
    const key = await keyOf(u);
    const now = t.ctx.clock.now();
    // The limiter's own bucket, filled: a thousand requests would only slow the test down.
    const resetAt = new Date(now.getTime() + LOOKUPS_PER_USER.windowSeconds * 1000);
    await t.ctx.database.db
      .insert(rateLimitBucket)
      .values({ key: `${LOOKUPS_PER_USER.name}:${u.user.id.toLowerCase()}`, count: LOOKUPS_PER_USER.limit, resetAt });
    const res = await lookup(key, 'phone=%2B442079460777');
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
