import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteName, type ApiRouteResponse } from '@redflag/contracts/api-routes';
import { billingAccount, localInvoice, localSubscription } from '../db/schema/billing.ts';
import { apiClient, type CallResult } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { DAY_MS } from './plan-state.ts';

/** The embedded default end to end over HTTP: the local provider's checkout, conversion, portal and job. */

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

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const FAILS_LATER = '4000 0000 0000 0341';

/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

const plan = async (u: TestUser) => ok(await call('getPlan', { headers: u.headers }));
const convert = (u: TestUser) => call('convertTrial', { headers: u.headers });

function form(u: TestUser, path: string, fields: Record<string, string>) {
  return t.request(path, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function startCheckout(u: TestUser): Promise<string> {
  const res = await call('createCheckoutSession', { headers: u.headers });
  expect(res.status).toBe(200);
  const body = ok(res);
  const url = new URL(body.checkout_url);
  expect(url.origin).toBe(t.config.publicUrl);
  return url.pathname;
}

async function pay(u: TestUser, path: string, number: string, extra: Partial<Record<'expiry' | 'cvc', string>> = {}) {
  return form(u, path, { number, expiry: extra.expiry ?? '12/39', cvc: extra.cvc ?? '123' });
}

async function trialUser(card = GOOD): Promise<TestUser> {
  const u = await createVerifiedUser(t);
  const res = await pay(u, await startCheckout(u), card);
  expect(res.status).toBe(303);
  return u;
}

/** One scan through POST /api/scans: 'OK', or the error code it was refused with. */
async function scan(u: TestUser): Promise<string> {
  const res = await call('createScan', {
    headers: u.headers,
    body: { message: 'Is the bike still available? I can pick it up on Saturday.' },
  });
  if (res.ok) return res.status === 200 ? 'OK' : `status ${res.status}`;
  return res.error.code;
}

async function portal(u: TestUser): Promise<string> {
  const res = await call('openBillingPortal', { headers: u.headers });
  expect(res.status).toBe(200);
  return new URL(ok(res).url).pathname;
}

async function advance(ms: number) {
  // raw HTTP: the test clock (TEST_CLOCK only), not in the route table
  const res = await t.request('/api/test/clock', { method: 'POST', json: { advanceMs: ms } });
  expect(res.status).toBe(200);
}

describe('signed out', () => {
  const signedOut = {
    getPlan: () => call('getPlan'),
    getScanUsage: () => call('getScanUsage'),
    getTrialStatus: () => call('getTrialStatus'),
    getSubscriptionStatus: () => call('getSubscriptionStatus'),
    checkTrialConversion: () => call('checkTrialConversion'),
    convertTrial: () => call('convertTrial'),
    createCheckoutSession: () => call('createCheckoutSession'),
    openBillingPortal: () => call('openBillingPortal'),
    createPortalSession: () => call('createPortalSession', { body: {} }),
  } satisfies Partial<Record<ApiRouteName, () => Promise<CallResult<ApiRouteName>>>>;
  it.each(
    (Object.keys(signedOut) as Array<keyof typeof signedOut>).map((name) => [
      API_ROUTES[name].method,
      API_ROUTES[name].path,
      name,
    ]),
  )('%s %s answers 401 UNAUTHORIZED', async (_method, _path, name) => {
    const res = await signedOut[name as keyof typeof signedOut]();
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('ignores X-User-ID / X-User-Email (401)', async () => {
    const u = await createVerifiedUser(t);
    const res = await call('getPlan', { headers: { 'x-user-id': u.user.id, 'x-user-email': u.user.email } });
    expect(res.status).toBe(401);
  });

  it('the test checkout page asks to sign in', async () => {
    const res = await t.request('/billing/test-checkout/lcs_whatever');
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('TEST MODE — nothing is charged');
  });
});

describe('a new account', () => {
  it('is setup_required, computed new, and may not scan (PAYMENT_SETUP_REQUIRED)', async () => {
    const u = await createVerifiedUser(t);
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'setup_required',
      trialEndsAt: null,
      isPremium: false,
      isTrialing: false,
      trialDaysLeft: 0,
      paymentSetupComplete: false,
      computedStatus: { status: 'new', hasUsedTrial: false },
      billingProvider: 'local',
    });
    expect(await ok(await call('getScanUsage', { headers: u.headers }))).toEqual({
      planTier: 'free',
      scanCount: 0,
      maxScans: 5,
      remaining: 5,
      unlimited: false,
    });
    expect(await ok(await call('getTrialStatus', { headers: u.headers }))).toMatchObject({
      daysRemaining: 0,
      isExpired: false,
      isTrialing: false,
    });
    expect(await ok(await call('getAuthUser', { headers: u.headers }))).toMatchObject({
      subscriptionStatus: 'setup_required',
      paymentSetupComplete: false,
    });
    expect(await scan(u)).toBe('PAYMENT_SETUP_REQUIRED');
    expect(await ok(await call('checkTrialConversion', { headers: u.headers }))).toEqual({
      needsConversion: false,
      conversionResult: null,
    });
    expect(ok(await convert(u))).toMatchObject({ success: false });
  });

  it('has no portal yet (409 CONFLICT)', async () => {
    const u = await createVerifiedUser(t);
    const res = await call('openBillingPortal', { headers: u.headers });
    expect(res.status).toBe(409);
  });

  it('starting a checkout answers a checkout_url (cookie or bearer token) and changes nothing until it is paid', async () => {
    const u = await createVerifiedUser(t);
    const before = await plan(u);
    const res = await call('createCheckoutSession', { headers: u.bearerHeaders });
    expect(res.status).toBe(200);
    expect(ok(res).checkout_url).toMatch(/\/billing\/test-checkout\/lcs_/);
    // Left by Back or by closing the tab: the account is exactly as before, trial offer included.
    expect(await plan(u)).toEqual(before);
    expect(await plan(u)).toMatchObject({
      subscriptionStatus: 'setup_required',
      computedStatus: { status: 'new', hasUsedTrial: false },
    });
    expect(await ok(await call('getAuthUser', { headers: u.headers }))).toMatchObject({
      subscriptionStatus: 'setup_required',
    });
    expect(await scan(u)).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('a checkout left open or cancelled leaves setup_required, at once and later', async () => {
    const u = await createVerifiedUser(t);
    await startCheckout(u);
    expect((await plan(u)).subscriptionStatus).toBe('setup_required');
    await advance(31 * 60 * 1000);
    expect((await plan(u)).subscriptionStatus).toBe('setup_required');
    const path = await startCheckout(u);
    const res = await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/checkout');
    expect(await plan(u)).toMatchObject({ subscriptionStatus: 'setup_required', computedStatus: { status: 'new' } });
  });
});

describe('the test checkout page', () => {
  it('is marked TEST MODE, uses no scripts and is served under the CSP', async () => {
    const u = await createVerifiedUser(t);
    const res = await t.request(await startCheckout(u), { headers: u.headers });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('TEST MODE — nothing is charged');
    expect(page).toContain('Free for 7 days or 5 scans, whichever comes first, then $9.99/month');
    expect(page).toContain('Nothing is charged today.');
    expect(page).not.toMatch(/<script/i);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('belongs to its user: another signed-in user gets 404', async () => {
    const owner = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const path = await startCheckout(owner);
    expect((await t.request(path, { headers: other.headers })).status).toBe(404);
    expect((await pay(other, path, GOOD)).status).toBe(404);
  });

  it.each([
    ['a declined card (4000 0000 0000 0002)', DECLINED, {}, 402, 'Your card was declined.'],
    ['a past expiry', GOOD, { expiry: '01/20' }, 422, 'in the past'],
    ['a malformed expiry', GOOD, { expiry: '13/40' }, 422, 'incomplete'],
    ['a short CVC', GOOD, { cvc: '1' }, 422, 'security code'],
    ['a number that fails the checksum', '4242 4242 4242 4241', {}, 422, 'invalid'],
    ['a card that is not a test card', '5555 5555 5555 4444', {}, 422, 'test card'],
  ])('refuses %s and nothing starts', async (_name, number, extra, status, text) => {
    const u = await createVerifiedUser(t);
    const path = await startCheckout(u);
    const res = await pay(u, path, number, extra);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(text);
    expect(await plan(u)).toMatchObject({ subscriptionStatus: 'setup_required', paymentSetupComplete: false });
  });
});

describe('the trial', () => {
  it('4242 starts a 7-day trial with 5 scans and redirects to /payment-success', async () => {
    const u = await createVerifiedUser(t);
    const path = await startCheckout(u);
    const res = await pay(u, path, GOOD);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/payment-success/);
    const p = await plan(u);
    expect(p).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      isPremium: false,
      isTrialing: true,
      trialDaysLeft: 7,
      paymentSetupComplete: true,
      computedStatus: { status: 'trialing', hasUsedTrial: true },
    });
    expect(new Date(p.trialEndsAt ?? 0).getTime() - t.ctx.clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(p.nextBillingDate).toBe(p.trialEndsAt);
    expect(await ok(await call('getAuthUser', { headers: u.headers }))).toMatchObject({
      subscriptionStatus: 'trialing',
      paymentSetupComplete: true,
    });
    expect(await ok(await call('getTrialStatus', { headers: u.headers }))).toMatchObject({
      daysRemaining: 7,
      isExpired: false,
      isTrialing: true,
    });
    expect(await ok(await call('getSubscriptionStatus', { headers: u.headers }))).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
    });
    // The completed session cannot be paid twice.
    expect((await pay(u, path, GOOD)).status).toBe(409);
  });

  it('checkout again while trialing leads to the portal instead of a second subscription', async () => {
    const u = await trialUser();
    const body = ok(await call('createCheckoutSession', { headers: u.headers }));
    expect(body.checkout_url).toContain('/billing/test-portal/');
  });

  it('trial scans: five, then SCAN_LIMIT_REACHED and nothing charged; the check never converts; the click does; premium is unlimited', async () => {
    const u = await trialUser();
    for (let i = 0; i < 5; i++) expect(await scan(u)).toBe('OK');
    expect(await scan(u)).toBe('SCAN_LIMIT_REACHED');
    expect(await ok(await call('getScanUsage', { headers: u.headers }))).toEqual({
      planTier: 'free',
      scanCount: 5,
      maxScans: 5,
      remaining: 0,
      unlimited: false,
    });
    // Asking whether a decision is due charges nothing (docs/design.md §3 item 6).
    const check = await ok(await call('checkTrialConversion', { headers: u.headers }));
    expect(check).toEqual({ needsConversion: true, conversionResult: null });
    expect(await plan(u)).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing' });
    const [before] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(
      await t.ctx.database.db
        .select()
        .from(localInvoice)
        .where(eq(localInvoice.subscriptionId, before?.subscriptionId ?? '')),
    ).toHaveLength(0);
    // The trial-limit dialog's click.
    expect(ok(await convert(u))).toEqual({
      success: true,
      message: 'Welcome to Premium! Your trial has been converted to a paid subscription.',
    });
    expect(await plan(u)).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      isPremium: true,
      computedStatus: { status: 'active' },
    });
    expect(await ok(await call('getScanUsage', { headers: u.headers }))).toMatchObject({
      planTier: 'premium',
      unlimited: true,
      remaining: null,
    });
    expect(await scan(u)).toBe('OK');
    const invoices = await t.ctx.database.db.select().from(localInvoice);
    expect(invoices.some((i) => i.status === 'paid' && i.amountCents === 999)).toBe(true);
    // Converting again is harmless.
    expect(ok(await convert(u))).toMatchObject({ success: true });
  });

  it('trial time over: scans refused with TRIAL_EXPIRED until the job converts at the trial end', async () => {
    const u = await trialUser();
    // Move past the end without running the job: the rule alone refuses.
    t.ctx.clock.advance(7 * DAY_MS + 1000);
    expect(await scan(u)).toBe('TRIAL_EXPIRED');
    expect(await ok(await call('getTrialStatus', { headers: u.headers }))).toMatchObject({
      daysRemaining: 0,
      isExpired: true,
    });
    expect((await plan(u)).computedStatus.status).toBe('trial_expired');
    await advance(0);
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
    expect(await scan(u)).toBe('OK');
  });

  it('4000 0000 0000 0341: accepted at checkout, conversion fails with the reason, the user stays blocked until the card is fixed', async () => {
    const u = await trialUser(FAILS_LATER);
    expect((await plan(u)).subscriptionStatus).toBe('trialing');
    for (let i = 0; i < 5; i++) expect(await scan(u)).toBe('OK');
    const res = await convert(u);
    expect(res.status).toBe(200);
    const body = ok(res);
    expect(body.success).toBe(false);
    expect(body.message).toContain('Your card was declined.');
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      paymentError: 'Your card was declined.',
    });
    expect(await scan(u)).toBe('SCAN_LIMIT_REACHED');

    // At the trial's end the job charges, the charge fails: blocked as an expired trial.
    await advance(7 * DAY_MS + 1000);
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      computedStatus: { status: 'trial_expired', hasUsedTrial: true },
    });
    expect(await scan(u)).toBe('TRIAL_EXPIRED');
    expect(ok(await convert(u)).success).toBe(false);

    // Fixing the card in the portal pays the open invoice.
    const path = await portal(u);
    const fixed = await pay(u, `${path}/card`, GOOD);
    expect(fixed.status).toBe(303);
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active', paymentError: null });
    expect(await scan(u)).toBe('OK');
  });
});

describe('the portal', () => {
  it('shows plan, next billing date and invoices; cancel keeps premium to the period end, then cancelled', async () => {
    const u = await trialUser();
    expect(ok(await convert(u)).success).toBe(true);
    const path = await portal(u);
    const page = await (await t.request(path, { headers: u.headers })).text();
    expect(page).toContain('TEST MODE — nothing is charged');
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain('$9.99');
    expect(page).toContain('Paid');
    expect(page).not.toMatch(/<script/i);

    const cancel = await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });
    expect(cancel.status).toBe(303);
    let p = await plan(u);
    expect(p).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
    });
    expect(await (await t.request(`${path}?result=cancelled`, { headers: u.headers })).text()).toContain(
      'Resume subscription',
    );

    await t.request(`${path}/resume`, { method: 'POST', headers: u.headers });
    expect((await plan(u)).cancelAtPeriodEnd).toBe(false);
    await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });

    await advance(32 * DAY_MS);
    p = await plan(u);
    expect(p).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      isPremium: false,
      computedStatus: { status: 'cancelled', hasUsedTrial: true },
    });
    expect(await scan(u)).toBe('SUBSCRIPTION_INACTIVE');
    expect(await ok(await call('getAuthUser', { headers: u.headers }))).toMatchObject({
      subscriptionStatus: 'inactive',
    });

    // A later checkout has no second trial: charged now, premium at once.
    const again = await startCheckout(u);
    const againPage = await (await t.request(again, { headers: u.headers })).text();
    expect(againPage).toContain('charged today');
    expect((await pay(u, again, GOOD)).status).toBe(303);
    expect(await plan(u)).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      computedStatus: { status: 'active', hasUsedTrial: true },
    });
  });

  it('a cancelled trial ends at the trial end with no charge', async () => {
    const u = await trialUser();
    const path = await portal(u);
    await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });
    expect(await plan(u)).toMatchObject({ subscriptionStatus: 'trialing', cancelAtPeriodEnd: true });
    await advance(8 * DAY_MS);
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      computedStatus: { status: 'cancelled' },
    });
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    const invoices = await t.ctx.database.db
      .select()
      .from(localInvoice)
      .where(eq(localInvoice.subscriptionId, account?.subscriptionId ?? ''));
    expect(invoices).toHaveLength(0);
  });

  it('renews monthly and stores only the last four digits of a card', async () => {
    const u = await trialUser();
    await advance(7 * DAY_MS + 1000);
    await advance(31 * DAY_MS);
    const subs = await t.ctx.database.db
      .select()
      .from(localSubscription)
      .where(eq(localSubscription.userId, u.user.id));
    expect(subs[0]?.cardLast4).toBe('4242');
    expect(JSON.stringify(subs)).not.toContain('4242424242424242');
    const invoices = await t.ctx.database.db
      .select()
      .from(localInvoice)
      .where(eq(localInvoice.subscriptionId, subs[0]?.id ?? ''));
    expect(invoices.filter((i) => i.status === 'paid')).toHaveLength(2);
  });

  it('create-portal-session accepts this site as return URL and refuses another origin', async () => {
    const u = await trialUser();
    const own = await call('createPortalSession', {
      headers: u.headers,
      body: { returnUrl: `${t.config.publicUrl}/dashboard?x=1` },
    });
    expect(own.status).toBe(200);
    const page = await (await t.request(new URL(ok(own).url).pathname, { headers: u.headers })).text();
    expect(page).toContain(`href="${t.config.publicUrl}/dashboard?x=1"`);
    for (const bad of [
      'https://evil.example/account',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost:5001/account',
    ]) {
      const res = await call('createPortalSession', { headers: u.headers, body: { returnUrl: bad } });
      expect(res.status, bad).toBe(422);
      expect(res).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('a portal link belongs to its user', async () => {
    const u = await trialUser();
    const other = await createVerifiedUser(t);
    const path = await portal(u);
    expect((await t.request(path, { headers: other.headers })).status).toBe(404);
    expect((await t.request(`${path}/cancel`, { method: 'POST', headers: other.headers })).status).toBe(404);
    expect((await plan(u)).cancelAtPeriodEnd).toBe(false);
  });
});

describe('the webhook and the test clock', () => {
  it('the Stripe webhook is not served with the local provider (404)', async () => {
    // raw HTTP: a webhook's raw body, not a route of the web app's table
    const res = await t.request('/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });

  it('the test clock route does not exist without TEST_CLOCK', async () => {
    const other = await createTestApp({ TEST_CLOCK: 'false' });
    try {
      // raw HTTP: the test clock, not in the route table (and absent here)
      const res = await other.request('/api/test/clock', { method: 'POST', json: { advanceMs: 1 } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
