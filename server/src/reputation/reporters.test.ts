import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupResponse } from '@redflag/contracts/reputation';
import type { StoredScan } from '@redflag/contracts/scan';
import { reputationSighting } from '../db/schema/reputation.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createStripeTestApp, fakeEvent, postSignedWebhook } from '../test/fake-stripe.ts';
import {
  createPaidUser,
  createPremiumUser,
  createTrialUser,
  createVerifiedUser,
  type TestUser,
} from '../test/users.ts';

// Who counts as "another user" in a report (decisions 103, 113 and 129): only an account that could not be
// made in a minute - verified, and at least 7 days old or with real money paid through Stripe - and never the
// caller's own. Sock accounts made on the spot can neither make a number "reported" nor learn whether a real
// account did.

const HOST = 'parcel-fee-redelivery.top';
const scamWith = (host: string) =>
  `USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://${host}/pay or it will be returned.`;
const LEGIT = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function scan(u: TestUser, body: { message: string; phoneNumber?: string }): Promise<StoredScan> {
  return okData(await apiClient(t)('createScan', { body, headers: u.headers }), 200);
}

async function keyOf(u: TestUser): Promise<string> {
  return okData(await apiClient(t)('createApiKey', { body: { name: 'lookup' }, headers: u.headers }), 201).key;
}

async function lookupPhone(key: string, phone: string): Promise<LookupResponse> {
  return okData(await v1Client(t, { key })('lookup', { query: { phone } }), 200);
}

const rowCount = async () =>
  (await t.ctx.database.db.select({ h: reputationSighting.contributorHash }).from(reputationSighting)).length;

describe('reports from accounts made on the spot', () => {
  it('three fresh accounts (verified, trial with a card) cannot make a number or a site "reported"', async () => {
    const phone = '+44 20 7946 0311';
    const socks = await Promise.all([createTrialUser(t), createTrialUser(t), createTrialUser(t)]);
    const flagged = await Promise.all(socks.map((u) => scan(u, { message: scamWith(HOST), phoneNumber: phone })));
    expect(flagged.every((s) => s.riskScore >= 40)).toBe(true);
    expect(await rowCount()).toBe(0);

    const anyone = await createPaidUser(t);
    const seen = await scan(anyone, { message: `${LEGIT} https://${HOST}/other`, phoneNumber: phone });
    expect(seen.reputation?.sightings ?? []).toEqual([]);
  });

  it('two socks cannot learn whether a real account reported a number: the answer is the same either way', async () => {
    const [reported, unreported] = ['+44 20 7946 0322', '+44 20 7946 0333'];
    const real = await createPaidUser(t);
    const before = await rowCount();
    await scan(real, { message: scamWith('fee-redelivery-parcel.top'), phoneNumber: reported });
    // The real account's report is stored (its number and the link's host).
    expect(await rowCount()).toBe(before + 2);

    const socks = await Promise.all([createPremiumUser(t), createPremiumUser(t)]);
    for (const phone of [reported, unreported]) {
      await Promise.all(
        socks.map((u) => scan(u, { message: scamWith('fee-redelivery-parcel.top'), phoneNumber: phone })),
      );
    }
    const key = await keyOf(socks[0] as TestUser);
    const answers = await Promise.all([lookupPhone(key, reported), lookupPhone(key, unreported)]);
    expect(answers.map((a) => a.reports)).toEqual([null, null]);
    // And in a scan's result, for a third sock.
    const third = await createPremiumUser(t);
    for (const phone of [reported, unreported]) {
      expect((await scan(third, { message: LEGIT, phoneNumber: phone })).reputation?.sightings ?? []).toEqual([]);
    }
  });

  it('an account counts from its seventh day, and a paid one from its first', async () => {
    const phone = '+44 20 7946 0344';
    const [older, alsoOlder] = await Promise.all([createPremiumUser(t), createPremiumUser(t)]);
    t.ctx.clock.advance(7 * DAY_MS);
    const paid = await createPaidUser(t);
    await Promise.all([older, alsoOlder, paid].map((u) => scan(u, { message: scamWith(HOST), phoneNumber: phone })));
    const key = await keyOf(await createPremiumUser(t));
    expect((await lookupPhone(key, phone)).reports?.count).toBe(3);
  });
});

// Decision 129: "has paid" counts only for real money, through Stripe in live mode. The built-in test
// provider's card and Stripe's test cards are free, so an account that "paid" with one is as cheap as an
// account made on the spot (decision 129). Each app here is fresh: its clock has not been moved, so a new
// account is young.
const TEST_CARD = '4242 4242 4242 4242';

/** A flagged scan of `phone` by `u` on `app`. */
async function flag(app: TestApp, u: TestUser, phone: string): Promise<void> {
  const body = { message: scamWith(HOST), phoneNumber: phone };
  expect(
    okData(await apiClient(app)('createScan', { body, headers: u.headers }), 200).riskScore,
  ).toBeGreaterThanOrEqual(40);
}

/** What GET /v1/lookup tells another Premium account on `app` of the number's reports. */
async function reportsOn(app: TestApp, phone: string): Promise<LookupResponse['reports']> {
  const other = await createPremiumUser(app);
  const call = apiClient(app);
  const key = okData(await call('createApiKey', { body: { name: 'lookup' }, headers: other.headers }), 201).key;
  return okData(await v1Client(app, { key })('lookup', { query: { phone } }), 200).reports;
}

describe('accounts that "paid" through the built-in test provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** The provider's trial taken with its test card, then converted: "paid", for nothing. */
  async function testCardPaidUser(): Promise<TestUser> {
    const u = await createVerifiedUser(app);
    const call = apiClient(app);
    const checkout = okData(await call('createCheckoutSession', { headers: u.headers }), 200);
    const pay = await app.request(new URL(checkout.checkout_url).pathname, {
      method: 'POST',
      headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: TEST_CARD, expiry: '12/39', cvc: '123' }).toString(),
    });
    expect(pay.status).toBe(303);
    expect(okData(await call('convertTrial', { headers: u.headers }), 200).success).toBe(true);
    expect(okData(await call('getPlan', { headers: u.headers }), 200)).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      billingProvider: 'local',
    });
    return u;
  }

  it('three that converted with the free test card cannot make a number "reported", in a scan or /v1/lookup', async () => {
    const phone = '+44 20 7946 0355';
    const socks = await Promise.all([testCardPaidUser(), testCardPaidUser(), testCardPaidUser()]);
    for (const u of socks) await flag(app, u, phone);
    expect(await app.ctx.database.db.select().from(reputationSighting)).toEqual([]);
    expect(await reportsOn(app, phone)).toBeNull();
    const anyone = await createPremiumUser(app);
    const seen = okData(
      await apiClient(app)('createScan', { body: { message: LEGIT, phoneNumber: phone }, headers: anyone.headers }),
      200,
    );
    expect(seen.reputation?.sightings ?? []).toEqual([]);
  });

  it('they count from their seventh day, as any account does', async () => {
    const phone = '+44 20 7946 0366';
    const socks = await Promise.all([testCardPaidUser(), testCardPaidUser(), testCardPaidUser()]);
    app.ctx.clock.advance(DAY_MS);
    for (const u of socks) await flag(app, u, phone);
    expect(await reportsOn(app, phone)).toBeNull();
    app.ctx.clock.advance(7 * DAY_MS);
    for (const u of socks) await flag(app, u, phone);
    expect((await reportsOn(app, phone))?.count).toBe(3);
  });
});

describe('accounts that paid through Stripe', () => {
  let s: Awaited<ReturnType<typeof createStripeTestApp>>;
  beforeAll(async () => {
    s = await createStripeTestApp();
  });
  afterAll(async () => {
    await s.close();
  });

  /** Checkout completed at Stripe (its webhook delivered), then the trial converted: a charge that succeeded. */
  async function stripePaidUser(livemode: boolean): Promise<TestUser> {
    const u = await createVerifiedUser(s.t);
    const call = apiClient(s.t);
    const sessionId = okData(await call('createCheckoutSession', { headers: u.headers }), 200)
      .checkout_url.split('/')
      .pop();
    const sub = s.fake.completeCheckout(sessionId ?? '');
    // What Stripe says of every object: made with a live key (real cards) or a test key (free test cards).
    Object.assign(sub, { livemode });
    const completed = { id: sessionId, object: 'checkout.session', customer: sub.customer, subscription: sub.id };
    expect((await postSignedWebhook(s.t, fakeEvent('checkout.session.completed', completed))).status).toBe(200);
    expect(okData(await call('convertTrial', { headers: u.headers }), 200).success).toBe(true);
    expect(okData(await call('getPlan', { headers: u.headers }), 200)).toMatchObject({
      planTier: 'premium',
      billingProvider: 'stripe',
    });
    return u;
  }

  it('in live mode count from their first day', async () => {
    const phone = '+44 20 7946 0377';
    const paid = await Promise.all([stripePaidUser(true), stripePaidUser(true), stripePaidUser(true)]);
    for (const u of paid) await flag(s.t, u, phone);
    expect((await reportsOn(s.t, phone))?.count).toBe(3);
  });

  it("in test mode do not: Stripe's test card is as free as the built-in provider's", async () => {
    const phone = '+44 20 7946 0388';
    const paid = await Promise.all([stripePaidUser(false), stripePaidUser(false), stripePaidUser(false)]);
    for (const u of paid) await flag(s.t, u, phone);
    expect(await reportsOn(s.t, phone)).toBeNull();
  });
});
