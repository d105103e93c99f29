import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import { scanRequestSchema } from '@redflag/contracts/scan';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { user } from '../db/schema/auth.ts';
import { AppError } from '../lib/app-error.ts';
import { runScan } from '../scans/scans.service.ts';
import { createTestApp, createTestAppPair, type TestApp } from '../test/harness.ts';
import type { BillingAccountPatch } from './billing.repo.ts';
import { DAY_MS } from './plan-state.ts';

// The scan quota as the scan route spends it: runScan decides on the stored plan, and the one statement that
// stores the scan re-checks it and counts the trial scan (entitlements.ts scanStoreGuard). No rate rule here
// (the route adds one), so 50 scans at once are all decided by the quota alone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function makeUser(db: Database['db'], state: BillingAccountPatch | null): Promise<string> {
  const id = `u_${randomBytes(6).toString('hex')}`;
  await db.insert(user).values({ id, name: 'Test', email: `${id}@example.com`, emailVerified: true });
  if (state) await db.insert(billingAccount).values({ userId: id, ...state });
  return id;
}

const trialing = (now: Date, used = 0): BillingAccountPatch => ({
  planTier: 'free',
  subscriptionStatus: 'trialing',
  trialStartedAt: now,
  trialEndsAt: new Date(now.getTime() + 7 * DAY_MS),
  trialScansUsed: used,
  hasUsedTrial: true,
  paymentSetupComplete: true,
  provider: 'local',
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const LEGIT = scanRequestSchema.parse({ message: 'Is the bike still available? I can pick it up on Saturday.' });
const reserve = (ctx: AppContext, userId: string) => runScan(ctx, userId, LEGIT);

async function used(db: Database['db'], userId: string) {
  const rows = await db
    .select({ n: billingAccount.trialScansUsed })
    .from(billingAccount)
    .where(eq(billingAccount.userId, userId));
  return rows[0]?.n;
}

describe('the scan quota (runScan, scanStoreGuard)', () => {
  it('refuses a new account with PAYMENT_SETUP_REQUIRED (with or without a billing record)', async () => {
    const none = await makeUser(t.ctx.database.db, null);
    const fresh = await makeUser(t.ctx.database.db, {});
    expect(await code(reserve(t.ctx, none))).toBe('PAYMENT_SETUP_REQUIRED');
    expect(await code(reserve(t.ctx, fresh))).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('refuses processing with PAYMENT_SETUP_REQUIRED', async () => {
    const id = await makeUser(t.ctx.database.db, {
      subscriptionStatus: 'processing',
      checkoutStartedAt: t.ctx.clock.now(),
    });
    expect(await code(reserve(t.ctx, id))).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('counts five trial scans, then answers SCAN_LIMIT_REACHED', async () => {
    const id = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now()));
    for (let i = 1; i <= TRIAL_SCAN_LIMIT; i++) {
      expect(await code(reserve(t.ctx, id))).toBe('OK');
      expect(await used(t.ctx.database.db, id)).toBe(i);
    }
    const err = await reserve(t.ctx, id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('SCAN_LIMIT_REACHED');
    expect((err as AppError).status).toBe(403);
    expect((err as AppError).message).toBe('Free tier scan limit reached');
    expect(await used(t.ctx.database.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });

  it('refuses an expired trial with TRIAL_EXPIRED, even with scans left', async () => {
    const now = t.ctx.clock.now();
    const id = await makeUser(t.ctx.database.db, { ...trialing(now, 1), trialEndsAt: new Date(now.getTime() - 1000) });
    expect(await code(reserve(t.ctx, id))).toBe('TRIAL_EXPIRED');
  });

  it('lets premium users scan without counting', async () => {
    const id = await makeUser(t.ctx.database.db, {
      planTier: 'premium',
      subscriptionStatus: 'active',
      trialScansUsed: 5,
      everPaid: true,
    });
    for (let i = 0; i < 8; i++) expect(await code(reserve(t.ctx, id))).toBe('OK');
    expect(await used(t.ctx.database.db, id)).toBe(5);
  });

  it('refuses a cancelled subscriber with SUBSCRIPTION_INACTIVE and a failed conversion with TRIAL_EXPIRED', async () => {
    const cancelled = await makeUser(t.ctx.database.db, {
      subscriptionStatus: 'inactive',
      providerStatus: 'canceled',
      hasUsedTrial: true,
      everPaid: true,
    });
    const unpaid = await makeUser(t.ctx.database.db, {
      subscriptionStatus: 'inactive',
      providerStatus: 'past_due',
      hasUsedTrial: true,
    });
    expect(await code(reserve(t.ctx, cancelled))).toBe('SUBSCRIPTION_INACTIVE');
    expect(await code(reserve(t.ctx, unpaid))).toBe('TRIAL_EXPIRED');
  });

  it('50 concurrent scans with one trial scan left store exactly one', async () => {
    const id = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now(), TRIAL_SCAN_LIMIT - 1));
    const results = await Promise.all(Array.from({ length: 50 }, () => code(reserve(t.ctx, id))));
    expect(results.filter((r) => r === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r === 'SCAN_LIMIT_REACHED')).toHaveLength(49);
    expect(await used(t.ctx.database.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });
});

// Two server instances (own context, own connection pool) on one PostgreSQL database. PGlite is one
// in-process database with one connection, so this case needs the PostgreSQL pass (TEST_DATABASE_URL).
describe.skipIf(inject('testDatabase').driver !== 'postgres')('two instances on one PostgreSQL', () => {
  it('50 concurrent scans with one trial scan left, split across two instances, store exactly one', async () => {
    const [a, b] = await createTestAppPair();
    try {
      const id = await makeUser(a.ctx.database.db, trialing(a.ctx.clock.now(), TRIAL_SCAN_LIMIT - 1));
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => code(reserve((i % 2 ? a : b).ctx, id))));
      expect(results.filter((r) => r === 'OK')).toHaveLength(1);
      expect(results.filter((r) => r === 'SCAN_LIMIT_REACHED')).toHaveLength(49);
      expect(await used(b.ctx.database.db, id)).toBe(TRIAL_SCAN_LIMIT);
    } finally {
      await b.ctx.database.close();
      await a.close();
    }
  });
});
