import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import { user as userTable } from '../db/schema/auth.ts';
import { billingAccount, localInvoice } from '../db/schema/billing.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { apiClient, type CallResult } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { DAY_MS } from './plan-state.ts';

/**
 * POST /api/billing/cancel: the account page's delete flow cancels renewal in the app, then deletes the
 * account; the real app over HTTP on PGlite with the local provider and its test clock.
 */

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'true' });
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

const cancel = (u: TestUser) => call('cancelSubscription', { headers: u.headers });
const deleteAccount = (u: TestUser) =>
  call('deleteAccount', { headers: u.headers, body: { confirmEmail: u.user.email } });

async function trialUser(): Promise<TestUser> {
  const u = await createVerifiedUser(t);
  const { checkout_url } = ok(await call('createCheckoutSession', { headers: u.headers }));
  const res = await t.request(new URL(checkout_url).pathname, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(res.status).toBe(303);
  return u;
}

const plan = async (u: TestUser) => ok(await call('getPlan', { headers: u.headers }));

describe('POST /api/billing/cancel', () => {
  it('answers 401 signed out', async () => {
    const res = await call('cancelSubscription');
    expect(res.status).toBe(401);
  });

  it('answers 409 CONFLICT when there is no subscription', async () => {
    const u = await createVerifiedUser(t);
    const res = await cancel(u);
    expect(res.status).toBe(409);
    expect(res).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('stops a trial from renewing, mails the cancellation once, and the trial ends with no charge', async () => {
    const u = await trialUser();
    const res = await cancel(u);
    expect(res.status).toBe(200);
    expect(ok(res)).toMatchObject({
      subscriptionStatus: 'trialing',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
    });
    // A second click changes nothing and sends nothing more.
    expect((await cancel(u)).status).toBe(200);
    const cancelled = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, 'cancellation')));
    expect(cancelled).toHaveLength(1);
    // raw HTTP: the test clock (TEST_CLOCK only), not in the route table
    expect((await t.request('/api/test/clock', { method: 'POST', json: { advanceMs: 8 * DAY_MS } })).status).toBe(200);
    expect(await plan(u)).toMatchObject({ planTier: 'free', subscriptionStatus: 'inactive' });
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(
      await t.ctx.database.db
        .select()
        .from(localInvoice)
        .where(eq(localInvoice.subscriptionId, account?.subscriptionId ?? '')),
    ).toHaveLength(0);
  });

  it('lets a trialing account be deleted right after: refused (409) before the cancel, deleted after it', async () => {
    const u = await trialUser();
    const refused = await deleteAccount(u);
    expect(refused.status).toBe(409);
    expect((await cancel(u)).status).toBe(200);
    const deleted = await deleteAccount(u);
    expect(deleted.status).toBe(200);
    expect(await t.ctx.database.db.select().from(userTable).where(eq(userTable.id, u.user.id))).toHaveLength(0);
  });
});
