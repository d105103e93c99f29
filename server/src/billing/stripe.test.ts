import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import type { Plan } from '@redflag/contracts/billing';
import { billingWebhookEvent } from '../db/schema/billing.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { apiClient, type CallResult } from '../test/api-client.ts';
import type { TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { runBillingJobs } from './jobs.ts';
import {
  createStripeTestApp,
  fakeEvent,
  postSignedWebhook,
  type FakeStripe,
  type FakeSubscription,
} from '../test/fake-stripe.ts';

/**
 * The Stripe provider with the real SDK, pointed at a local fake of Stripe's API (STRIPE_API_BASE), and
 * webhooks signed the way Stripe signs them.
 */

let fake: FakeStripe;
let t: TestApp;
let close: () => Promise<void>;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ({ fake, t, close } = await createStripeTestApp());
  call = apiClient(t);
});
afterAll(async () => {
  await close();
});
/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

async function plan(u: TestUser): Promise<Plan> {
  return ok(await call('getPlan', { headers: u.headers }));
}

function webhook(event: unknown, opts: { secret?: string; signature?: string | null; tamper?: boolean } = {}) {
  return postSignedWebhook(t, event, opts);
}

async function checkout(u: TestUser): Promise<{ sessionId: string; params: Record<string, string> }> {
  const res = await call('createCheckoutSession', { headers: u.headers });
  expect(res.status).toBe(200);
  const { checkout_url } = ok(res);
  const sessionId = checkout_url.split('/').pop() ?? '';
  const session = fake.sessions.get(sessionId);
  expect(session?.params.client_reference_id).toBe(u.user.id);
  return { sessionId, params: session?.params ?? {} };
}

/** Checkout completed at Stripe and its webhook delivered. */
async function trialUser(): Promise<{ u: TestUser; sub: FakeSubscription }> {
  const u = await createVerifiedUser(t);
  const { sessionId } = await checkout(u);
  const sub = fake.completeCheckout(sessionId);
  const res = await webhook(
    fakeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      customer: sub.customer,
      subscription: sub.id,
    }),
  );
  expect(res.status).toBe(200);
  return { u, sub };
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

describe('Stripe checkout', () => {
  it('creates a subscription-mode Checkout with a card required, a 7-day trial and the monthly price', async () => {
    const u = await createVerifiedUser(t);
    const { params } = await checkout(u);
    expect(params).toMatchObject({
      mode: 'subscription',
      payment_method_collection: 'always',
      'subscription_data[trial_period_days]': '7',
      'line_items[0][price]': 'price_premium_monthly',
      'line_items[0][quantity]': '1',
      client_reference_id: u.user.id,
      success_url: `${t.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicUrl}/checkout`,
    });
    expect(fake.customers.get(params.customer ?? '')?.email).toBe(u.user.email);
    // Nothing is pending until Stripe says so: leaving the checkout leaves the trial offer.
    expect(await plan(u)).toMatchObject({ subscriptionStatus: 'setup_required', computedStatus: { status: 'new' } });
    // A second start reuses the customer.
    const again = await checkout(u);
    expect(again.params.customer).toBe(params.customer);
  });

  it('the webhook confirms the trial (re-read from Stripe): trialing, 7 days, setup complete', async () => {
    const { u, sub } = await trialUser();
    const p = await plan(u);
    expect(p).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      trialDaysLeft: 7,
      paymentSetupComplete: true,
      billingProvider: 'stripe',
      computedStatus: { status: 'trialing', hasUsedTrial: true },
    });
    expect(p.trialEndsAt).toBe(new Date((sub.trial_end ?? 0) * 1000).toISOString());
    expect(await scan(u)).toBe('OK');
  });

  it('without the webhook, reading the plan soon after a checkout was started asks Stripe', async () => {
    const u = await createVerifiedUser(t);
    const { sessionId } = await checkout(u);
    fake.completeCheckout(sessionId);
    expect((await plan(u)).subscriptionStatus).toBe('trialing');
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged signature, a tampered body and a missing signature (400), changing nothing', async () => {
    const u = await createVerifiedUser(t);
    const { sessionId } = await checkout(u);
    const sub = fake.completeCheckout(sessionId);
    const event = fakeEvent('customer.subscription.created', sub);
    for (const res of [
      await webhook(event, { secret: 'whsec_wrong' }),
      await webhook(event, { tamper: true }),
      await webhook(event, { signature: null }),
      await webhook(event, { signature: 't=1,v1=abc' }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    const stored = await t.ctx.database.db.select().from(billingWebhookEvent);
    expect(stored.some((e) => e.id === event.id)).toBe(false);
  });

  it('a replayed event does nothing', async () => {
    const { sub } = await trialUser();
    const event = fakeEvent('customer.subscription.updated', sub);
    expect(await (await webhook(event)).json()).toEqual({ received: true });
    const before = fake.requests.length;
    expect(await (await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect(fake.requests.length).toBe(before);
  });

  it('out-of-order events converge on what Stripe says now, not on the event payload', async () => {
    const { u, sub } = await trialUser();
    const stale = fakeEvent('customer.subscription.created', { ...sub, items: structuredClone(sub.items) });
    fake.endTrial(sub.id);
    await webhook(fakeEvent('invoice.paid', { id: sub.latest_invoice, object: 'invoice', customer: sub.customer }));
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
    // The older "trialing" event arrives late: the state stays premium.
    await webhook(stale);
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active', isPremium: true });
  });

  it('an event for an unknown customer is acknowledged and ignored', async () => {
    const res = await webhook(
      fakeEvent('customer.subscription.updated', { id: 'sub_x', object: 'subscription', customer: 'cus_unknown' }),
    );
    expect(res.status).toBe(200);
  });
});

describe('Stripe conversion', () => {
  it('ends the trial now (error_if_incomplete) and reads the paid result: premium', async () => {
    const { u, sub } = await trialUser();
    const res = await call('convertTrial', { headers: u.headers });
    expect(ok(res)).toEqual({
      success: true,
      message: 'Welcome to Premium! Your trial has been converted to a paid subscription.',
    });
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`);
    expect(update?.params).toMatchObject({ trial_end: 'now', payment_behavior: 'error_if_incomplete' });
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
  });

  it('the dialog reads the card from the default payment method; the charge and the trial start each leave one mail', async () => {
    const { u, sub } = await trialUser();
    const preview = ok(await call('getConversionPreview', { headers: u.headers }));
    expect(preview).toMatchObject({ canConvert: true, amountCents: 999, card: { brand: 'Visa', last4: '4242' } });
    expect(fake.requests.some((r) => r.path === `/v1/subscriptions/${sub.id}` && r.method === 'POST')).toBe(false);
    await call('convertTrial', { headers: u.headers });
    // Stripe's own events about the same charge arrive afterwards: still one receipt.
    await webhook(fakeEvent('invoice.paid', { id: sub.latest_invoice, object: 'invoice', customer: sub.customer }));
    const rows = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
    expect(rows.map((r) => r.kind).sort()).toEqual(['receipt', 'trial_started']);
    expect(rows.find((r) => r.kind === 'receipt')?.id).toBe(`billing:receipt:${sub.latest_invoice}`);
  });

  it('the reminder before the trial end carries the card; Stripe bills by itself afterwards', async () => {
    const { u } = await trialUser();
    // Both clocks move together, so later tests see Stripe's times and ours agree.
    const ms = 5 * 24 * 60 * 60 * 1000 + 60_000;
    t.ctx.clock.advance(ms);
    fake.nowS += ms / 1000;
    await runBillingJobs(t.ctx);
    await runBillingJobs(t.ctx);
    const rows = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, 'trial_reminder')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toContain('Visa card ending in 4242 will be charged $9.99');
  });

  it('a declined card: success false with the reason, the trial unchanged, scans still limited', async () => {
    const { u, sub } = await trialUser();
    fake.failingCustomers.add(sub.customer);
    for (let i = 0; i < 5; i++) await scan(u);
    const body = ok(await call('convertTrial', { headers: u.headers }));
    expect(body.success).toBe(false);
    expect(body.message).toContain('Your card was declined.');
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      paymentError: 'Your card was declined.',
    });
    expect(await scan(u)).toBe('SCAN_LIMIT_REACHED');
  });

  it('Stripe billing at the trial end by itself, failing: past_due blocks scans as an expired trial', async () => {
    const { u, sub } = await trialUser();
    fake.failingCustomers.add(sub.customer);
    fake.endTrial(sub.id);
    await webhook(
      fakeEvent('invoice.payment_failed', { id: sub.latest_invoice, object: 'invoice', customer: sub.customer }),
    );
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      computedStatus: { status: 'trial_expired' },
    });
    expect(await scan(u)).toBe('TRIAL_EXPIRED');
    const failed = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, 'payment_failed')));
    expect(failed.map((r) => r.id)).toEqual([`billing:payment-failed:${sub.latest_invoice}:1`]);
  });

  it('cancelled at Stripe: free, inactive, computed cancelled; the next checkout has no trial', async () => {
    const { u, sub } = await trialUser();
    fake.endTrial(sub.id);
    fake.cancel(sub.id);
    await webhook(fakeEvent('customer.subscription.deleted', sub));
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      computedStatus: { status: 'cancelled', hasUsedTrial: true },
    });
    expect(await scan(u)).toBe('SUBSCRIPTION_INACTIVE');
    const { params } = await checkout(u);
    expect(params['subscription_data[trial_period_days]']).toBeUndefined();
  });
});

describe('Stripe portal', () => {
  it('opens the Customer Portal with this site as the return URL and refuses another origin', async () => {
    const { u } = await trialUser();
    const res = await call('openBillingPortal', { headers: u.headers });
    expect(res.status).toBe(200);
    expect(ok(res).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const last = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop();
    expect(last?.params.return_url).toBe(`${t.config.publicUrl}/account`);

    const own = await call('createPortalSession', {
      headers: u.headers,
      body: { returnUrl: `${t.config.publicUrl}/dashboard` },
    });
    expect(own.status).toBe(200);
    const evil = await call('createPortalSession', {
      headers: u.headers,
      body: { returnUrl: 'https://evil.example/' },
    });
    expect(evil.status).toBe(422);
  });

  it('the test pages are not served with Stripe', async () => {
    const u = await createVerifiedUser(t);
    expect((await t.request('/billing/test-checkout/lcs_x', { headers: u.headers })).status).not.toBe(200);
  });
});
