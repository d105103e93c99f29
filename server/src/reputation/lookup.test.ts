import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LISTED_MEANS,
  NOTHING_KNOWN_MEANS,
  REPORTS_ARE_NOT_PROOF,
  type LookupQuery,
} from '@redflag/contracts/reputation';
import { ensureAccount, updateAccount } from '../billing/billing.repo.ts';
import { rateLimitBucket } from '../db/schema/auth.ts';
import { LOOKUPS_PER_USER } from '../api/rate-limit-headers.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
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
  return okData(await apiClient(t)('createApiKey', { body: { name: 'lookup' }, headers: u.headers }), 201).key;
}
const lookup = (key: string | null, query: LookupQuery) => v1Client(t, key ? { key } : {})('lookup', { query });
const NUMBER = { phone: '+442079460777' };

describe('GET /v1/lookup', () => {
  it('answers 401 without a key and with an unknown one', async () => {
    expect(await lookup(null, NUMBER)).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    const res = await lookup('rf_live_not-a-real-key-at-all', NUMBER);
    expect(res).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
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
      expect(await lookup(await keyOf(u), NUMBER)).toMatchObject({ status: 403, error: { code: 'PREMIUM_REQUIRED' } });
    }
  });

  it('a Premium key looks up a listed link, an address on a domain list and a reported number, with what it means', async () => {
    const key = await keyOf(await createPremiumUser(t));

    const url = await lookup(key, { url: 'https://WWW.secure-login.bank-verify.example/signin/?utm_source=x' });
    expect(url.res.headers.get('RateLimit-Policy')).toContain('"lookups:user"');
    const listed = okData(url, 200);
    expect(listed).toMatchObject({
      kind: 'url',
      normalized: 'secure-login.bank-verify.example/signin',
      listings: [{ list: 'openphish', match: 'url' }],
      reports: null,
    });
    // The notes explain what was found, and only that: a listing, no reports.
    expect(listed.notes).toEqual([LISTED_MEANS]);

    const email = okData(await lookup(key, { email: 'Billing@Bad-Sender.example' }));
    expect(email).toMatchObject({
      kind: 'email',
      normalized: 'billing@bad-sender.example',
      listings: [{ list: 'blocklist', match: 'host' }],
    });

    // Three other (paid) accounts flag the number: the lookup reports them, without the caller's own.
    const reporters = await Promise.all([createPaidUser(t), createPaidUser(t), createPaidUser(t)]);
    await Promise.all(
      reporters.map((u) =>
        apiClient(t)('createScan', { body: { message: SCAM, phoneNumber: PHONE }, headers: u.headers }).then(okData),
      ),
    );
    const phone = okData(await lookup(key, { phone: PHONE }));
    expect(phone).toMatchObject({
      kind: 'phone',
      normalized: '+442079460777',
      listings: [],
      reports: { count: 3, since: t.ctx.clock.now().toISOString().slice(0, 10) },
    });
    // The reporter itself sees only the two others: below the threshold, nothing.
    expect(phone.notes).toEqual([REPORTS_ARE_NOT_PROOF]);
    const own = okData(await lookup(await keyOf(reporters[0] as TestUser), NUMBER));
    expect(own.reports).toBeNull();
    // A lookup reports nothing: the count did not move.
    const again = okData(await lookup(key, NUMBER));
    expect(again.reports?.count).toBe(3);
  });

  it('a lookup that finds nothing says so, without the notes about lists and reports', async () => {
    const key = await keyOf(await createPremiumUser(t));
    for (const query of [
      { url: 'https://example.org/nothing-here' },
      { phone: '+12025550143' },
      { email: 'someone@example.org' },
    ]) {
      const answer = okData(await lookup(key, query));
      expect(answer).toMatchObject({ listings: [], reports: null });
      expect(answer.notes).toEqual([NOTHING_KNOWN_MEANS]);
    }
  });

  it('answers 422 unless exactly one valid value is given', async () => {
    const key = await keyOf(await createPremiumUser(t));
    for (const q of [
      {},
      { phone: '+442079460777', email: 'a@b.example' },
      { phone: '12' },
      { email: 'nope' },
      { url: 'mailto:a@b.example' },
    ]) {
      const res = await lookup(key, q);
      expect(res, JSON.stringify(q)).toMatchObject({ status: 422, error: { code: 'VALIDATION_ERROR' } });
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
    const res = await lookup(key, NUMBER);
    expect(res).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED' } });
    expect(Number(res.res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
