import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccount } from '../db/schema/billing.ts';
import { updateAccount } from '../billing/billing.repo.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser, type TestUser } from '../test/users.ts';
import { SCANS_PER_USER } from './rate-rules.ts';

/**
 * A re-score is a scan for the limits: PATCH /api/scans/:id and /v1/scans/:id run the
 * engine again, so they count against the account's scan rate (scans:user, shared with new scans) and answer
 * 429 naming it; they never spend a trial scan, and on a spent trial they work only for scans made within it.
 */
let t: TestApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const MESSAGE = 'Hello, is this Mr. Parker? My aunt gave me your number for the house viewing.';

async function scanOf(u: TestUser): Promise<string> {
  return okData(await call('createScan', { body: { message: MESSAGE }, headers: u.headers })).id;
}
const answer = (u: TestUser, id: string, knowsSender: boolean) =>
  call('answerScan', { params: { id }, body: { context: { knowsSender } }, headers: u.headers });

async function trialScansUsed(userId: string) {
  const [row] = await t.ctx.database.db
    .select({ used: billingAccount.trialScansUsed })
    .from(billingAccount)
    .where(eq(billingAccount.userId, userId));
  return row?.used;
}

describe('PATCH /api/scans/:id is a scan for the rate limit', () => {
  it('the answer after the minute is full of re-scores is 429 naming scans:user, with its RateLimit fields', async () => {
    const u = await createPremiumUser(t);
    const id = await scanOf(u);
    // The scan took one hit; the re-scores take the rest of the minute.
    for (let i = 1; i < SCANS_PER_USER.limit; i++) expect((await answer(u, id, i % 2 === 0)).status).toBe(200);
    const res = await answer(u, id, true);
    expect(res).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED', details: { rule: 'scans:user' } } });
    expect(res.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.res.headers.get('ratelimit-policy')).toMatch(/scans:user|30;w=60/);
  });

  it('a window filled by new scans refuses the re-score too, and the re-score changes nothing stored', async () => {
    const u = await createPremiumUser(t);
    const id = await scanOf(u);
    for (let i = 1; i < SCANS_PER_USER.limit; i++) await scanOf(u);
    const res = await answer(u, id, false);
    expect(res.status).toBe(429);
    const stored = okData(await call('getScan', { params: { id }, headers: u.headers }));
    expect(stored.context).toBeUndefined();
  });

  it('PATCH /v1/scans/:id counts against the same account window', async () => {
    const u = await createPremiumUser(t);
    const key = okData(await call('createApiKey', { body: { name: 'rescore' }, headers: u.headers }), 201).key;
    const v1 = v1Client(t, { key });
    const id = await scanOf(u);
    for (let i = 1; i < SCANS_PER_USER.limit; i++) await scanOf(u);
    const res = await v1('answerScan', { params: { id }, body: { context: { knowsSender: false } } });
    expect(res).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED', details: { rule: 'scans:user' } } });
  });
});

describe('PATCH /api/scans/:id and the trial', () => {
  it('never spends a trial scan, and works on a spent trial for a scan made within it', async () => {
    const u = await createTrialUser(t, { scansUsed: 4 });
    const id = await scanOf(u);
    expect(await trialScansUsed(u.user.id)).toBe(5);
    const res = await answer(u, id, false);
    expect(res.status).toBe(200);
    expect(okData(res).context).toEqual({ knowsSender: false });
    expect(await trialScansUsed(u.user.id)).toBe(5);
  });

  it('after the trial ended, a scan made within it can still be answered', async () => {
    const u = await createTrialUser(t);
    const id = await scanOf(u);
    // Past the trial's end (it ends in six days): a new scan is refused, an answer on the trial's scan is not.
    t.ctx.clock.advance(7 * 86_400_000);
    expect((await call('createScan', { body: { message: MESSAGE }, headers: u.headers })).status).toBe(403);
    expect((await answer(u, id, true)).status).toBe(200);
  });

  it('a lapsed subscription cannot re-score a scan made after its trial (403, as a new scan)', async () => {
    const u = await createPremiumUser(t);
    const id = await scanOf(u);
    const now = t.ctx.clock.now();
    await updateAccount(
      t.ctx.database.db,
      u.user.id,
      {
        planTier: 'free',
        subscriptionStatus: 'inactive',
        providerStatus: 'canceled',
        everPaid: true,
        trialEndsAt: new Date(now.getTime() - 30 * 86_400_000),
      },
      now,
    );
    const res = await answer(u, id, true);
    expect(res).toMatchObject({ status: 403, error: { code: 'SUBSCRIPTION_INACTIVE' } });
    expect(okData(await call('getScan', { params: { id }, headers: u.headers })).context).toBeUndefined();
  });
});
