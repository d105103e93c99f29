import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount, updateAccount } from '../billing/billing.repo.ts';
import { account, session, user } from '../db/schema/auth.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

async function premium(u: TestUser, cancelAtPeriodEnd = false) {
  const now = t.ctx.clock.now();
  await ensureAccount(t.ctx.database.db, u.user.id);
  await updateAccount(
    t.ctx.database.db,
    u.user.id,
    {
      planTier: 'premium',
      subscriptionStatus: 'active',
      paymentSetupComplete: true,
      hasUsedTrial: true,
      everPaid: true,
      cancelAtPeriodEnd,
      currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000),
    },
    now,
  );
}

describe('GET /api/account/export', () => {
  it('answers 401 when signed out', async () => {
    expect(await call('exportAccount')).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
  });

  it('returns the account, plan and every scan as a JSON download, without secrets', async () => {
    const u = await createVerifiedUser(t, { firstName: 'Ada' });
    await premium(u);
    await call('createScan', { headers: u.headers, body: { message: 'Is the sofa still available?' } });
    const res = await call('exportAccount', { headers: u.headers });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-disposition')).toMatch(
      /attachment; filename="redflag-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    if (!res.ok) throw new Error(`export refused: ${res.error.code}`);
    // The export is a loose object (its schema names only exportedAt): the fields are read as sent.
    const body = await res.res.json();
    expect(body.account).toMatchObject({ id: u.user.id, email: u.user.email, firstName: 'Ada' });
    expect(body.plan.planTier).toBe('premium');
    expect(body.scans).toHaveLength(1);
    expect(body.scans[0].message).toBe('Is the sofa still available?');
    expect(body.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(u.password);
    expect(text).not.toContain(u.token);
    expect(text).not.toMatch(/"password"/);
  });
});

describe('POST /api/account/delete', () => {
  it('requires the e-mail address typed as confirmation', async () => {
    const u = await createVerifiedUser(t);
    const res = await call('deleteAccount', { headers: u.headers, body: { confirmEmail: 'someone@else.com' } });
    expect(res.status).toBe(422);
    expect((await t.ctx.database.db.select().from(user).where(eq(user.id, u.user.id))).length).toBe(1);
  });

  it('refuses while a subscription would still bill, and allows it once cancelled at period end', async () => {
    const u = await createVerifiedUser(t);
    await premium(u);
    const refused = await call('deleteAccount', { headers: u.headers, body: { confirmEmail: u.user.email } });
    expect(refused.status).toBe(409);
    expect(!refused.ok && refused.error.message).toMatch(/Cancel your subscription/);
    await premium(u, true);
    const ok = await call('deleteAccount', { headers: u.headers, body: { confirmEmail: u.user.email.toUpperCase() } });
    expect(ok.status).toBe(200);
  });

  it('deletes the user with sessions, sign-in methods, scans and billing record; the old session stops working', async () => {
    const u = await createVerifiedUser(t);
    await premium(u, true);
    await call('createScan', { headers: u.headers, body: { message: 'hello there' } });
    const res = await call('deleteAccount', { headers: u.headers, body: { confirmEmail: u.user.email } });
    expect(res.status).toBe(200);
    const db = t.ctx.database.db;
    expect(await db.select().from(user).where(eq(user.id, u.user.id))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(scans).where(eq(scans.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id))).toHaveLength(0);
    expect(await call('getAuthUser', { headers: u.headers })).toMatchObject({
      status: 401,
      error: { code: 'UNAUTHORIZED' },
    });
  });
});
