import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { billingAccount, localInvoice, localSubscription } from '../db/schema/billing.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, createTestAppPair, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { createStripeTestApp, fakeEvent, postSignedWebhook, type FakeStripe } from '../test/fake-stripe.ts';
import { ONE_LIVE_SUBSCRIPTION_INDEX } from './providers/local.ts';
import { duplicateSubscriptionIds } from './providers/stripe-duplicates.ts';

/**
 * Two checkouts completed at once must not give one customer two subscriptions (a user
 * who cancelled one in the portal was still charged by the other). The database holds the rule for the
 * local provider; the sync cancels Stripe's extras (docs/decisions/049-one-subscription-per-customer.md).
 */

const GOOD = '4242 4242 4242 4242';

async function startCheckout(t: TestApp, u: TestUser): Promise<string> {
  const res = await apiClient(t)('createCheckoutSession', { headers: u.headers });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`checkout refused: ${res.error.code}`);
  return new URL(res.data.checkout_url).pathname;
}

function pay(t: TestApp, u: TestUser, path: string) {
  return t.request(path, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: GOOD, expiry: '12/39', cvc: '123' }).toString(),
  });
}

async function liveSubscriptions(t: TestApp, userId: string) {
  const rows = await t.ctx.database.db.select().from(localSubscription).where(eq(localSubscription.userId, userId));
  return rows.filter((r) => r.status !== 'canceled');
}

describe('the local provider: one live subscription per customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the database refuses a second live subscription for one customer, and allows one after a cancelled one', async () => {
    const u = await createVerifiedUser(t);
    const db = t.ctx.database.db;
    const now = new Date();
    const row = (id: string, status: 'trialing' | 'active' | 'canceled') => ({
      id,
      customerId: 'lcus_db_guard',
      userId: u.user.id,
      status,
      currentPeriodStart: now,
      currentPeriodEnd: now,
      cardBrand: 'Visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2039,
    });
    await db.insert(localSubscription).values(row('lsub_old', 'canceled'));
    await db.insert(localSubscription).values(row('lsub_first', 'trialing'));
    const second = await db
      .insert(localSubscription)
      .values(row('lsub_second', 'active'))
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(second, ONE_LIVE_SUBSCRIPTION_INDEX)).toBe(true);
  });

  it('two checkout sessions submitted at once start one subscription; the other is refused (409)', async () => {
    const u = await createVerifiedUser(t);
    const first = await startCheckout(t, u);
    const second = await startCheckout(t, u);
    const statuses = (await Promise.all([pay(t, u, first), pay(t, u, second)])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    expect(await liveSubscriptions(t, u.user.id)).toHaveLength(1);
  });
});

// Two server instances (two connection pools) on one PostgreSQL database: the attack as it was run.
const target = inject('testDatabase');
describe.skipIf(target.driver !== 'postgres')('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await createTestAppPair();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each of 12 users completing two checkouts at once, one on each instance, gets exactly one subscription', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createVerifiedUser(a)));
    const sessions = await Promise.all(
      users.map(async (u) => [await startCheckout(a, u), await startCheckout(a, u)] as const),
    );
    const results = await Promise.all(
      users.flatMap((u, i) => [pay(a, u, sessions[i]![0]), pay(b, u, sessions[i]![1])]),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(users.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(users.length);
    for (const u of users) {
      const live = await liveSubscriptions(a, u.user.id);
      expect(live).toHaveLength(1);
      const [account] = await a.ctx.database.db
        .select()
        .from(billingAccount)
        .where(eq(billingAccount.userId, u.user.id));
      expect(account?.subscriptionId).toBe(live[0]?.id);
    }
  });

  it('without a trial (a returning customer), two checkouts at once charge once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createVerifiedUser(a)));
    for (const u of users)
      await a.ctx.database.db
        .insert(billingAccount)
        .values({ userId: u.user.id, hasUsedTrial: true })
        .onConflictDoUpdate({ target: billingAccount.userId, set: { hasUsedTrial: true } });
    const sessions = await Promise.all(
      users.map(async (u) => [await startCheckout(a, u), await startCheckout(b, u)] as const),
    );
    await Promise.all(users.flatMap((u, i) => [pay(b, u, sessions[i]![0]), pay(a, u, sessions[i]![1])]));
    for (const u of users) {
      const live = await liveSubscriptions(a, u.user.id);
      expect(live).toHaveLength(1);
      const invoices = await a.ctx.database.db
        .select()
        .from(localInvoice)
        .where(eq(localInvoice.subscriptionId, live[0]!.id));
      expect(invoices).toHaveLength(1);
    }
  });
});

describe('Stripe: a customer who completed two Checkout sessions side by side', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ fake, t, close } = await createStripeTestApp());
  });
  afterAll(async () => {
    await close();
  });

  const webhook = (event: unknown) => postSignedWebhook(t, event);

  async function checkout(u: TestUser): Promise<string> {
    const res = await apiClient(t)('createCheckoutSession', { headers: u.headers });
    expect(res.status).toBe(200);
    if (!res.ok) throw new Error(`checkout refused: ${res.error.code}`);
    return res.data.checkout_url.split('/').pop() ?? '';
  }

  it('keeps the older subscription and cancels the newer one at Stripe, whichever webhook comes first', async () => {
    const u = await createVerifiedUser(t);
    const s1 = await checkout(u);
    const s2 = await checkout(u);
    const older = fake.completeCheckout(s1);
    fake.nowS += 5;
    const newer = fake.completeCheckout(s2);
    const events = [newer, older].map((sub, i) =>
      fakeEvent('checkout.session.completed', {
        id: i ? s1 : s2,
        object: 'checkout.session',
        customer: sub.customer,
        subscription: sub.id,
      }),
    );
    const res = await Promise.all(events.map((e) => webhook(e)));
    expect(res.map((r) => r.status)).toEqual([200, 200]);

    expect(fake.subscriptions.get(older.id)?.status).toBe('trialing');
    expect(fake.subscriptions.get(newer.id)?.status).toBe('canceled');
    const cancels = fake.requests.filter((r) => r.method === 'DELETE');
    expect(cancels.map((r) => r.path)).toEqual([`/v1/subscriptions/${newer.id}`]);
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(account).toMatchObject({ subscriptionId: older.id, subscriptionStatus: 'trialing' });
  });

  it('picks the duplicates to cancel: every live subscription but the oldest', () => {
    const subs = [
      { id: 'sub_c', status: 'active' as const, created: 30 },
      { id: 'sub_a', status: 'canceled' as const, created: 10 },
      { id: 'sub_b', status: 'trialing' as const, created: 20 },
      { id: 'sub_d', status: 'past_due' as const, created: 20 },
    ];
    expect(duplicateSubscriptionIds(subs)).toEqual(['sub_d', 'sub_c']);
    expect(duplicateSubscriptionIds(subs.slice(0, 2))).toEqual([]);
  });
});
