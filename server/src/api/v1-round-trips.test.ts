import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import { billingAccount } from '../db/schema/billing.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, statementsDuring, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser, type TestUser } from '../test/users.ts';

// The database round trips one POST /v1/scans costs, counted at the driver (db/client.ts stats), with rate
// limits on as in production: the key check, the key's own rate limit, the account's scan limit and the
// trial scan are taken by one statement before the engine runs, and the store is the second (decision 123).
const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(async () => {
  await t.close();
});

async function keyOf(u: TestUser): Promise<string> {
  return okData(await apiClient(t)('createApiKey', { body: { name: 'round trips' }, headers: u.headers }), 201).key;
}

const cost = <T>(fn: () => Promise<T>) => statementsDuring(t, fn);

const usedOf = async (userId: string) =>
  (
    await t.ctx.database.db
      .select({ used: billingAccount.trialScansUsed })
      .from(billingAccount)
      .where(eq(billingAccount.userId, userId))
  )[0]?.used;

describe('database round trips per /v1 scan', () => {
  it('a Premium scan with a link costs at most 2, and answers both rate-limit policies', async () => {
    const u = await createPremiumUser(t);
    const v1 = v1Client(t, { key: await keyOf(u) });
    // The first scan prepares the statements and loads this instance's copy of the known-bad lists.
    await v1('createScan', { body: { message: SCAM } });
    for (let i = 0; i < 3; i++) {
      const { value: res, statements } = await cost(() => v1('createScan', { body: { message: SCAM } }));
      expect(okData(res, 201).riskScore).toBeGreaterThanOrEqual(70);
      expect(statements).toBeLessThanOrEqual(2);
      // Both policies the scan spent, as before: the key's and the account's scans.
      const policy = res.res.headers.get('ratelimit-policy') ?? '';
      expect(policy).toContain('api-key');
      expect(policy).toContain('scans');
    }
  });

  it('a trial scan costs at most 2 and counts the trial scan; the last one left is refused with 403 after it', async () => {
    const u = await createTrialUser(t, { scansUsed: TRIAL_SCAN_LIMIT - 2 });
    const v1 = v1Client(t, { key: await keyOf(u) });
    const { value: first, statements } = await cost(() => v1('createScan', { body: { message: SCAM } }));
    expect(first.status).toBe(201);
    expect(statements).toBeLessThanOrEqual(2);
    expect(await usedOf(u.user.id)).toBe(TRIAL_SCAN_LIMIT - 1);
    expect((await v1('createScan', { body: { message: SCAM } })).status).toBe(201);
    expect(await usedOf(u.user.id)).toBe(TRIAL_SCAN_LIMIT);
    const refused = await v1('createScan', { body: { message: SCAM } });
    expect(refused.ok ? null : refused.error.code).toBe('SCAN_LIMIT_REACHED');
    expect(await usedOf(u.user.id)).toBe(TRIAL_SCAN_LIMIT);
  });

  it('an unknown or revoked key is 401 and stores nothing', async () => {
    const u = await createPremiumUser(t);
    const key = await keyOf(u);
    const v1 = v1Client(t);
    const unknown = await v1('createScan', { key: `rf_live_${'B'.repeat(43)}`, body: { message: SCAM } });
    expect(unknown.ok ? null : unknown.error.code).toBe('UNAUTHORIZED');
    const keys = okData(await apiClient(t)('listApiKeys', { headers: u.headers }));
    okData(await apiClient(t)('revokeApiKey', { params: { id: keys[0]!.id }, headers: u.headers }));
    const revoked = await v1('createScan', { key, body: { message: SCAM } });
    expect(revoked.ok ? null : revoked.error.code).toBe('UNAUTHORIZED');
  });
});
