import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import { openDatabase, type Database } from '../db/client.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { user } from '../db/schema/auth.ts';
import { createClock } from '../lib/clock.ts';
import { AppError } from '../lib/app-error.ts';
import { TEMPLATE_DB, withDatabase } from '../test/global-setup.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { BillingAccountPatch } from './billing.repo.ts';
import { assertCanScan, assertCanVerify, withScanReservation } from './entitlements.ts';
import { DAY_MS } from './plan-state.ts';

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

const reserve = (app: Pick<TestApp, 'ctx'>['ctx'], userId: string) => withScanReservation(app, userId, async () => 'scanned');

async function used(db: Database['db'], userId: string) {
  const rows = await db.select({ n: billingAccount.trialScansUsed }).from(billingAccount).where(eq(billingAccount.userId, userId));
  return rows[0]?.n;
}

describe('withScanReservation', () => {
  it('refuses a new account with PAYMENT_SETUP_REQUIRED (with or without a billing record)', async () => {
    const none = await makeUser(t.ctx.database.db, null);
    const fresh = await makeUser(t.ctx.database.db, {});
    expect(await code(reserve(t.ctx, none))).toBe('PAYMENT_SETUP_REQUIRED');
    expect(await code(reserve(t.ctx, fresh))).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('refuses processing with PAYMENT_SETUP_REQUIRED', async () => {
    const id = await makeUser(t.ctx.database.db, { subscriptionStatus: 'processing', checkoutStartedAt: t.ctx.clock.now() });
    expect(await code(reserve(t.ctx, id))).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('counts five trial scans, then answers SCAN_LIMIT_REACHED', async () => {
    const id = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now()));
    for (let i = 1; i <= TRIAL_SCAN_LIMIT; i++) {
      const r = await withScanReservation(t.ctx, id, async (_tx, res) => res);
      expect(r).toEqual({ kind: 'trial', trialScansUsed: i, trialScansRemaining: TRIAL_SCAN_LIMIT - i });
    }
    const err = await withScanReservation(t.ctx, id, async () => 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('SCAN_LIMIT_REACHED');
    expect((err as AppError).status).toBe(403);
    expect((err as AppError).message).toBe('Free tier scan limit reached');
    expect(await used(t.ctx.database.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });

  it('does not count the scan when the callback throws (rolled back)', async () => {
    const id = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now(), 2));
    await expect(
      withScanReservation(t.ctx, id, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect(await used(t.ctx.database.db, id)).toBe(2);
  });

  it('refuses an expired trial with TRIAL_EXPIRED, even with scans left', async () => {
    const now = t.ctx.clock.now();
    const id = await makeUser(t.ctx.database.db, { ...trialing(now, 1), trialEndsAt: new Date(now.getTime() - 1000) });
    expect(await code(reserve(t.ctx, id))).toBe('TRIAL_EXPIRED');
  });

  it('lets premium users scan without counting', async () => {
    const id = await makeUser(t.ctx.database.db, { planTier: 'premium', subscriptionStatus: 'active', trialScansUsed: 5, everPaid: true });
    for (let i = 0; i < 8; i++) expect(await code(reserve(t.ctx, id))).toBe('OK');
    expect(await used(t.ctx.database.db, id)).toBe(5);
  });

  it('refuses a cancelled subscriber with SUBSCRIPTION_INACTIVE and a failed conversion with TRIAL_EXPIRED', async () => {
    const cancelled = await makeUser(t.ctx.database.db, { subscriptionStatus: 'inactive', providerStatus: 'canceled', hasUsedTrial: true, everPaid: true });
    const unpaid = await makeUser(t.ctx.database.db, { subscriptionStatus: 'inactive', providerStatus: 'past_due', hasUsedTrial: true });
    expect(await code(reserve(t.ctx, cancelled))).toBe('SUBSCRIPTION_INACTIVE');
    expect(await code(reserve(t.ctx, unpaid))).toBe('TRIAL_EXPIRED');
  });

  it('50 concurrent reservations with one trial scan left give exactly one success', async () => {
    const id = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now(), TRIAL_SCAN_LIMIT - 1));
    const results = await Promise.all(Array.from({ length: 50 }, () => code(reserve(t.ctx, id))));
    expect(results.filter((r) => r === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r === 'SCAN_LIMIT_REACHED')).toHaveLength(49);
    expect(await used(t.ctx.database.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });
});

describe('assertCanScan / assertCanVerify', () => {
  it('verification is premium only (PREMIUM_REQUIRED for a trial)', async () => {
    const trial = await makeUser(t.ctx.database.db, trialing(t.ctx.clock.now()));
    const premium = await makeUser(t.ctx.database.db, { planTier: 'premium', subscriptionStatus: 'active' });
    expect(await code(assertCanVerify(t.ctx, trial))).toBe('PREMIUM_REQUIRED');
    expect(await code(assertCanVerify(t.ctx, premium))).toBe('OK');
    expect(await code(assertCanScan(t.ctx, trial))).toBe('OK');
    expect(await used(t.ctx.database.db, trial)).toBe(0);
  });
});

// Two server instances (two connection pools) on one PostgreSQL database. PGlite is one in-process
// database with one connection, so this case needs the PostgreSQL pass (TEST_DATABASE_URL).
const target = inject('testDatabase');
describe.skipIf(target.driver !== 'postgres')('two instances on one PostgreSQL', () => {
  let a: Database;
  let b: Database;
  let name: string;
  let adminUrl: string;
  beforeAll(async () => {
    if (target.driver !== 'postgres') return;
    adminUrl = target.url;
    name = `rf_test_two_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    a = await openDatabase({ driver: 'postgres', url: withDatabase(adminUrl, name), poolSize: 10 });
    b = await openDatabase({ driver: 'postgres', url: withDatabase(adminUrl, name), poolSize: 10 });
  });
  afterAll(async () => {
    if (target.driver !== 'postgres') return;
    await a.close();
    await b.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('50 concurrent reservations split across two instances give exactly one success', async () => {
    const clock = createClock(false);
    const id = await makeUser(a.db, trialing(clock.now(), TRIAL_SCAN_LIMIT - 1));
    const ctxA = { database: a, clock };
    const ctxB = { database: b, clock };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => code(withScanReservation(i % 2 ? ctxA : ctxB, id, async () => 'ok'))));
    expect(results.filter((r) => r === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r === 'SCAN_LIMIT_REACHED')).toHaveLength(49);
    expect(await used(a.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });

  it('a fresh trial spent from two instances at once stops at exactly five', async () => {
    const clock = createClock(false);
    const id = await makeUser(a.db, trialing(clock.now(), 0));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => code(withScanReservation({ database: i % 2 ? a : b, clock }, id, async () => 'ok'))));
    expect(results.filter((r) => r === 'OK')).toHaveLength(TRIAL_SCAN_LIMIT);
    expect(await used(b.db, id)).toBe(TRIAL_SCAN_LIMIT);
  });
});
