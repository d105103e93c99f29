import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import type { Plan } from '@redflag/contracts/billing';
import { trialGrant } from '../../db/schema/billing.ts';
import { normalizeEmailForTrial, trialEmailHash } from '../../billing/trial-history.ts';
import { DAY_MS } from '../../billing/plan-state.ts';
import { FakeStripe, fakeEvent } from '../fake-stripe.ts';
import { apiClient, type CallResult } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createVerifiedUser, type TestUser } from '../users.ts';

/**
 * Cancel, delete the account, sign up again with the same address, and a new 7-day trial
 * with 5 scans was there. A trial is once per normalised address; only a keyed hash of it is kept.
 */

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

/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

const deleteAccount = (u: TestUser, confirmEmail: string) =>
  call('deleteAccount', { headers: u.headers, body: { confirmEmail } });

async function plan(u: TestUser): Promise<Plan> {
  const res = await call('getPlan', { headers: u.headers });
  expect(res.status).toBe(200);
  return ok(res);
}

async function startCheckout(u: TestUser): Promise<string> {
  const res = await call('createCheckoutSession', { headers: u.headers });
  expect(res.status).toBe(200);
  return new URL(ok(res).checkout_url).pathname;
}

function pay(u: TestUser, path: string) {
  return t.request(path, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: GOOD, expiry: '12/39', cvc: '123' }).toString(),
  });
}

/** Signs up, starts the trial, cancels it in the portal and deletes the account, as the attacker did. */
async function trialThenDelete(email: string): Promise<void> {
  const u = await createVerifiedUser(t, { email });
  expect((await pay(u, await startCheckout(u))).status).toBe(303);
  expect(await plan(u)).toMatchObject({
    subscriptionStatus: 'trialing',
    computedStatus: { status: 'trialing', hasUsedTrial: true },
  });
  const portal = new URL(ok(await call('openBillingPortal', { headers: u.headers })).url).pathname;
  expect((await t.request(`${portal}/cancel`, { method: 'POST', headers: u.headers })).status).toBe(303);
  const deleted = await deleteAccount(u, email);
  expect(deleted.status).toBe(200);
}

const unique = () => randomUUID().slice(0, 8);

describe('a trial once per e-mail address, across account deletion', () => {
  it('a re-created account with the same address has no trial: the plan says so and checkout charges at once', async () => {
    const email = `returning-${unique()}@example.com`;
    await trialThenDelete(email);

    const again = await createVerifiedUser(t, { email });
    const p = await plan(again);
    expect(p).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'setup_required',
      isTrialing: false,
      computedStatus: { status: 'setup_required', hasUsedTrial: true },
    });

    const checkout = await startCheckout(again);
    const page = await (await t.request(checkout, { headers: again.headers })).text();
    expect(page).toContain('charged today');
    expect(page).not.toContain('Start free trial');
    expect((await pay(again, checkout)).status).toBe(303);
    expect(await plan(again)).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      isTrialing: false,
      trialDaysLeft: 0,
    });
    const trial = ok(await call('getTrialStatus', { headers: again.headers }));
    expect(trial.isTrialing).toBe(false);
    const usage = ok(await call('getScanUsage', { headers: again.headers }));
    expect(usage).toMatchObject({ unlimited: true, scanCount: 0 });
  });

  it('the address is compared normalised: case, spaces, +tags, and Gmail dots or googlemail.com do not make a new one', async () => {
    const base = `first.last${unique()}`;
    await trialThenDelete(`${base}@gmail.com`);
    const variant = await createVerifiedUser(t, {
      email: `${base.replaceAll('.', '').toUpperCase()}+again@GoogleMail.com`,
    });
    expect((await plan(variant)).computedStatus).toEqual({ status: 'setup_required', hasUsedTrial: true });
    const page = await (await t.request(await startCheckout(variant), { headers: variant.headers })).text();
    expect(page).toContain('charged today');
  });

  it('another address still gets its trial, and an account deleted without a trial leaves nothing behind', async () => {
    const before = (await t.ctx.database.db.select().from(trialGrant)).length;
    const email = `never-trialed-${unique()}@example.com`;
    const u = await createVerifiedUser(t, { email });
    expect((await plan(u)).computedStatus).toEqual({ status: 'new', hasUsedTrial: false });
    expect((await deleteAccount(u, email)).status).toBe(200);
    expect(await t.ctx.database.db.select().from(trialGrant)).toHaveLength(before);

    const again = await createVerifiedUser(t, { email });
    expect((await plan(again)).computedStatus).toEqual({ status: 'new', hasUsedTrial: false });
    const checkout = await startCheckout(again);
    expect(await (await t.request(checkout, { headers: again.headers })).text()).toContain('Start free trial');
    expect((await pay(again, checkout)).status).toBe(303);
    expect(await plan(again)).toMatchObject({ subscriptionStatus: 'trialing', trialDaysLeft: 7 });
  });

  it('keeps only a keyed hash: no address, no local part, no user id', async () => {
    const local = `hashonly${unique()}`;
    const email = `${local}@example.com`;
    await trialThenDelete(email);
    const rows = await t.ctx.database.db.select().from(trialGrant);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(local);
    expect(rows.map((r) => r.emailHash)).toContain(trialEmailHash(t.config.auth.secret, email));
    // Keyed: the same address under another secret is another hash, so the table alone reveals nothing.
    expect(trialEmailHash('another-secret-of-at-least-32-characters!', email)).not.toBe(
      trialEmailHash(t.config.auth.secret, email),
    );
  });

  it('an account that had its trial before the hash was kept leaves the hash when it is deleted', async () => {
    const email = `legacy-${unique()}@example.com`;
    const u = await createVerifiedUser(t, { email });
    expect((await pay(u, await startCheckout(u))).status).toBe(303);
    // As if the trial predated the table: nothing recorded at the trial's start.
    await t.ctx.database.db.delete(trialGrant);
    const portal = new URL(ok(await call('openBillingPortal', { headers: u.headers })).url).pathname;
    await t.request(`${portal}/cancel`, { method: 'POST', headers: u.headers });
    // raw HTTP: the test clock (TEST_CLOCK only), not in the route table
    await t.request('/api/test/clock', { method: 'POST', json: { advanceMs: 8 * DAY_MS } });
    expect((await deleteAccount(u, email)).status).toBe(200);
    const again = await createVerifiedUser(t, { email });
    expect((await plan(again)).computedStatus).toEqual({ status: 'setup_required', hasUsedTrial: true });
  });
});

describe('with Stripe', () => {
  it('a returning address gets a Checkout Session without trial_period_days', async () => {
    const fake = new FakeStripe();
    const secret = 'whsec_trial_once';
    const s = await createTestApp({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_API_BASE: await fake.start(),
    });
    const callS = apiClient(s);
    try {
      const checkout = async (u: TestUser) => {
        const id =
          ok(await callS('createCheckoutSession', { headers: u.headers }))
            .checkout_url.split('/')
            .pop() ?? '';
        return { id, params: fake.sessions.get(id)?.params ?? {} };
      };
      const webhook = (event: unknown) => {
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
        // raw HTTP: a webhook signed over its raw body, not a route of the web app's table
        return s.request('/api/stripe/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
      };
      const email = `stripe-${unique()}@example.com`;
      const u = await createVerifiedUser(s, { email });
      const first = await checkout(u);
      expect(first.params['subscription_data[trial_period_days]']).toBe('7');
      const sub = fake.completeCheckout(first.id);
      await webhook(
        fakeEvent('checkout.session.completed', {
          id: first.id,
          object: 'checkout.session',
          customer: sub.customer,
          subscription: sub.id,
        }),
      );
      fake.cancel(sub.id);
      await webhook(fakeEvent('customer.subscription.deleted', sub));
      expect((await callS('deleteAccount', { headers: u.headers, body: { confirmEmail: email } })).status).toBe(200);

      const again = await createVerifiedUser(s, { email });
      const second = await checkout(again);
      expect(second.params['subscription_data[trial_period_days]']).toBeUndefined();
    } finally {
      await s.close();
      await fake.stop();
    }
  });
});

describe('normalizeEmailForTrial', () => {
  it.each([
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['ada+promo@example.com', 'ada@example.com'],
    ['a.d.a@example.com', 'a.d.a@example.com'],
    ['A.D.A+x@gmail.com', 'ada@gmail.com'],
    ['ada@googlemail.com', 'ada@gmail.com'],
    ['+ada@example.com', '+ada@example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeEmailForTrial(input)).toBe(expected);
  });
});
