import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { PREMIUM_PRICE_CENTS, TRIAL_DAYS } from '@redflag/contracts/constants';
import { localCheckoutSession, localInvoice, localPortalSession, localSubscription } from '../../db/schema/billing.ts';
import { findAccountByCustomer, type Executor } from '../billing.repo.ts';
import { DAY_MS } from '../plan-state.ts';
import { pickSubscription, type BillingProvider, type ConversionOutcome, type SubscriptionSnapshot } from './types.ts';

/**
 * The built-in test provider (the embedded default, docs/design.md §2): its own tables stand in for
 * Stripe's servers, and its hosted-style pages (local.pages.ts) stand in for Checkout and the Customer
 * Portal. Nothing is ever charged. Test cards:
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined at checkout
 *   4000 0000 0000 0341  accepted, but every later charge fails (conversion, renewal)
 */

export const LOCAL_CHECKOUT_MINUTES = 30;
const PORTAL_MINUTES = 60;
export const DECLINED_MESSAGE = 'Your card was declined.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have a subscription. Manage it from your account page.';
/** The partial unique index (db/schema/billing.ts) that keeps one live subscription per customer. */
export const ONE_LIVE_SUBSCRIPTION_INDEX = 'local_subscription_one_live_per_customer';

export type LocalSubscriptionRow = typeof localSubscription.$inferSelect;
export type LocalInvoiceRow = typeof localInvoice.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

// --- Test cards -------------------------------------------------------------------------------------

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface AcceptedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  chargeFails: boolean;
}

export type CardCheck =
  { ok: true; card: AcceptedCard } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

const TEST_CARDS: Record<string, { declined: boolean; chargeFails: boolean }> = {
  '4242424242424242': { declined: false, chargeFails: false },
  '4000000000000002': { declined: true, chargeFails: false },
  '4000000000000341': { declined: false, chargeFails: true },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Validates a test card as a checkout form would, against the server's clock for the expiry. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const known = TEST_CARDS[number];
  if (!known)
    return {
      ok: false,
      field: 'number',
      message: 'Use a test card: 4242 4242 4242 4242. Real cards are never accepted here.',
    };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = m ? Number(m[1]) : NaN;
  const year = m?.[2] ? (m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])) : NaN;
  if (!m || month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime())
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  if (known.declined) return { ok: false, field: 'number', message: DECLINED_MESSAGE };
  return {
    ok: true,
    card: { brand: 'Visa', last4: number.slice(-4), expMonth: month, expYear: year, chargeFails: known.chargeFails },
  };
}

// --- Records ----------------------------------------------------------------------------------------

export async function findCheckoutSession(db: Executor, id: string) {
  const rows = await db.select().from(localCheckoutSession).where(eq(localCheckoutSession.id, id));
  return rows[0];
}

export async function expireCheckoutSession(db: Executor, id: string): Promise<void> {
  await db.update(localCheckoutSession).set({ status: 'expired' }).where(eq(localCheckoutSession.id, id));
}

export async function findPortalSession(db: Executor, id: string) {
  const rows = await db.select().from(localPortalSession).where(eq(localPortalSession.id, id));
  return rows[0];
}

export async function listSubscriptions(db: Executor, customerId: string): Promise<LocalSubscriptionRow[]> {
  return db
    .select()
    .from(localSubscription)
    .where(eq(localSubscription.customerId, customerId))
    .orderBy(desc(localSubscription.createdAt));
}

export async function currentSubscription(
  db: Executor,
  customerId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LocalSubscriptionRow | null> {
  const subs = await listSubscriptions(db, customerId);
  const picked = pickSubscription(subs.map((s) => ({ ...s, created: s.createdAt.getTime() })));
  if (!picked || !opts.forUpdate) return picked;
  const locked = await db.select().from(localSubscription).where(eq(localSubscription.id, picked.id)).for('update');
  return locked[0] ?? null;
}

export async function listInvoices(db: Executor, subscriptionIds: string[]): Promise<LocalInvoiceRow[]> {
  if (!subscriptionIds.length) return [];
  return db
    .select()
    .from(localInvoice)
    .where(inArray(localInvoice.subscriptionId, subscriptionIds))
    .orderBy(desc(localInvoice.createdAt));
}

async function updateSubscription(
  db: Executor,
  id: string,
  patch: Partial<typeof localSubscription.$inferInsert>,
  now: Date,
) {
  await db
    .update(localSubscription)
    .set({ ...patch, updatedAt: now })
    .where(eq(localSubscription.id, id));
}

/** One charge of the monthly price: a paid invoice, or an open one carrying the decline. */
async function charge(
  db: Executor,
  sub: Pick<LocalSubscriptionRow, 'id' | 'cardChargeFails'>,
  period: { start: Date; end: Date },
  now: Date,
): Promise<boolean> {
  const paid = !sub.cardChargeFails;
  await db.insert(localInvoice).values({
    id: newId('lin'),
    subscriptionId: sub.id,
    amountCents: PREMIUM_PRICE_CENTS,
    status: paid ? 'paid' : 'open',
    periodStart: period.start,
    periodEnd: period.end,
    attemptCount: 1,
    lastError: paid ? null : DECLINED_MESSAGE,
    createdAt: now,
    paidAt: paid ? now : null,
  });
  return paid;
}

// --- Checkout ---------------------------------------------------------------------------------------

export type CheckoutCompletion =
  { ok: true; customerId: string } | { ok: false; field: 'number' | 'expiry' | 'cvc' | 'session'; message: string };

/**
 * The test checkout's submit: validates the card, then starts the subscription (a 7-day trial, or an
 * immediate charge for someone who already had a trial). Run inside a transaction with the sync after it.
 */
export async function completeCheckout(
  db: Executor,
  sessionId: string,
  userId: string,
  input: CardInput,
  now: Date,
): Promise<CheckoutCompletion> {
  const rows = await db.select().from(localCheckoutSession).where(eq(localCheckoutSession.id, sessionId)).for('update');
  const session = rows[0];
  if (!session || session.userId !== userId)
    return { ok: false, field: 'session', message: 'This checkout session does not exist.' };
  if (session.status !== 'open')
    return { ok: false, field: 'session', message: 'This checkout session is already complete.' };
  if (session.expiresAt.getTime() <= now.getTime())
    return { ok: false, field: 'session', message: 'This checkout session has expired. Start again from RedFlag.' };

  const checked = checkCard(input, now);
  if (!checked.ok) return checked;
  const { card } = checked;

  // Hold the customer's account row before looking for a live subscription: a second checkout completed
  // at the same time (another session, another instance) waits here and then sees the first one. The
  // partial unique index on local_subscription (one live row per customer) backs this up in the database.
  await findAccountByCustomer(db, session.customerId, { forUpdate: true });
  const existing = await currentSubscription(db, session.customerId);
  if (existing && existing.status !== 'canceled')
    return { ok: false, field: 'session', message: ALREADY_SUBSCRIBED_MESSAGE };

  const subId = newId('lsub');
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const base = {
    id: subId,
    customerId: session.customerId,
    userId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    cardChargeFails: card.chargeFails,
    createdAt: now,
    updatedAt: now,
  };
  if (session.withTrial) {
    await db.insert(localSubscription).values({
      ...base,
      status: 'trialing',
      trialStart: now,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd,
    });
  } else {
    // No second trial: the first month is charged now, and a decline stops the checkout.
    if (card.chargeFails) return { ok: false, field: 'number', message: DECLINED_MESSAGE };
    const end = addMonths(now, 1);
    await db
      .insert(localSubscription)
      .values({ ...base, status: 'active', currentPeriodStart: now, currentPeriodEnd: end });
    await charge(db, { id: subId, cardChargeFails: false }, { start: now, end }, now);
  }
  await db
    .update(localCheckoutSession)
    .set({ status: 'complete', completedAt: now })
    .where(eq(localCheckoutSession.id, sessionId));
  return { ok: true, customerId: session.customerId };
}

// --- Portal actions -----------------------------------------------------------------------------------

export type PortalAction = { kind: 'cancel' } | { kind: 'resume' } | { kind: 'update_card'; card: CardInput };
export type PortalActionResult = { ok: true; notice: string } | { ok: false; message: string };

export async function applyPortalAction(
  db: Executor,
  customerId: string,
  action: PortalAction,
  now: Date,
): Promise<PortalActionResult> {
  const sub = await currentSubscription(db, customerId, { forUpdate: true });
  if (!sub || sub.status === 'canceled') return { ok: false, message: 'There is no active subscription to change.' };
  if (action.kind === 'cancel') {
    await updateSubscription(db, sub.id, { cancelAtPeriodEnd: true, canceledAt: now }, now);
    return { ok: true, notice: 'Your subscription will be cancelled at the end of the current period.' };
  }
  if (action.kind === 'resume') {
    await updateSubscription(db, sub.id, { cancelAtPeriodEnd: false, canceledAt: null }, now);
    return { ok: true, notice: 'Your subscription has been resumed.' };
  }
  const checked = checkCard(action.card, now);
  if (!checked.ok) return { ok: false, message: checked.message };
  const c = checked.card;
  await updateSubscription(
    db,
    sub.id,
    {
      cardBrand: c.brand,
      cardLast4: c.last4,
      cardExpMonth: c.expMonth,
      cardExpYear: c.expYear,
      cardChargeFails: c.chargeFails,
    },
    now,
  );
  if (sub.status !== 'past_due') return { ok: true, notice: `Your card ending in ${c.last4} has been saved.` };

  // Past due: retry the open invoices with the new card, as Stripe does when a customer fixes the card.
  const open = (await listInvoices(db, [sub.id])).filter((i) => i.status === 'open');
  if (c.chargeFails) {
    for (const inv of open)
      await db
        .update(localInvoice)
        .set({ attemptCount: inv.attemptCount + 1, lastError: DECLINED_MESSAGE })
        .where(eq(localInvoice.id, inv.id));
    return { ok: false, message: `Your card ending in ${c.last4} was saved, but the payment was declined.` };
  }
  for (const inv of open)
    await db
      .update(localInvoice)
      .set({ status: 'paid', paidAt: now, attemptCount: inv.attemptCount + 1, lastError: null })
      .where(eq(localInvoice.id, inv.id));
  await updateSubscription(
    db,
    sub.id,
    {
      status: 'active',
      trialEnd: sub.trialEnd && sub.trialEnd > now ? now : sub.trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: addMonths(now, 1),
    },
    now,
  );
  return { ok: true, notice: `Payment received with your card ending in ${c.last4}. Your subscription is active.` };
}

// --- The clock: trial ends, renewals, cancellations -------------------------------------------------------

/**
 * Moves one due subscription (period or trial over) forward: cancel it if asked, else charge. Returns the
 * customer whose state changed. The caller holds the row (FOR UPDATE SKIP LOCKED) and syncs afterwards.
 */
export async function advanceDueSubscription(db: Executor, sub: LocalSubscriptionRow, now: Date): Promise<void> {
  const periodEnd = sub.currentPeriodEnd;
  if (sub.cancelAtPeriodEnd) {
    await updateSubscription(db, sub.id, { status: 'canceled', endedAt: periodEnd }, now);
    return;
  }
  const next = { start: periodEnd, end: addMonths(periodEnd, 1) };
  const paid = await charge(db, sub, next, now);
  if (paid) {
    await updateSubscription(
      db,
      sub.id,
      { status: 'active', currentPeriodStart: next.start, currentPeriodEnd: next.end },
      now,
    );
  } else {
    await updateSubscription(db, sub.id, { status: 'past_due' }, now);
  }
}

export async function lockDueSubscriptions(db: Executor, now: Date, limit: number): Promise<LocalSubscriptionRow[]> {
  return db
    .select()
    .from(localSubscription)
    .where(and(inArray(localSubscription.status, ['trialing', 'active']), lte(localSubscription.currentPeriodEnd, now)))
    .orderBy(asc(localSubscription.currentPeriodEnd))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// --- The provider ---------------------------------------------------------------------------------------

function snapshotOf(
  sub: LocalSubscriptionRow,
  openInvoice: LocalInvoiceRow | undefined,
  latest: LocalInvoiceRow | undefined,
): SubscriptionSnapshot {
  return {
    id: sub.id,
    status: sub.status,
    trialStart: sub.trialStart,
    trialEnd: sub.trialEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    paymentError: openInvoice?.lastError ?? null,
    card: { brand: sub.cardBrand, last4: sub.cardLast4 },
    latestInvoice: latest
      ? {
          id: latest.id,
          amountCents: latest.amountCents,
          status: latest.status === 'paid' || latest.status === 'open' ? latest.status : 'other',
          paidAt: latest.paidAt,
          attemptCount: latest.attemptCount,
          error: latest.lastError,
        }
      : null,
    // Its cards are the test numbers on its own page: nothing is ever charged.
    livemode: false,
  };
}

export function createLocalProvider(publicUrl: string): BillingProvider {
  return {
    name: 'local',
    async createCustomer() {
      return newId('lcus');
    },
    async createCheckoutSession(input, db) {
      const id = newId('lcs');
      await db.insert(localCheckoutSession).values({
        id,
        userId: input.userId,
        customerId: input.customerId,
        withTrial: input.withTrial,
        expiresAt: new Date(input.now.getTime() + LOCAL_CHECKOUT_MINUTES * 60_000),
        createdAt: input.now,
      });
      return { id, url: `${publicUrl}/billing/test-checkout/${id}` };
    },
    async createPortalSession(input, db) {
      const id = newId('lps');
      await db.insert(localPortalSession).values({
        id,
        userId: input.userId,
        customerId: input.customerId,
        returnUrl: input.returnUrl,
        expiresAt: new Date(input.now.getTime() + PORTAL_MINUTES * 60_000),
        createdAt: input.now,
      });
      return { url: `${publicUrl}/billing/test-portal/${id}` };
    },
    async fetchSubscription(customerId, db) {
      const sub = await currentSubscription(db, customerId);
      if (!sub) return null;
      const invoices = await listInvoices(db, [sub.id]);
      return snapshotOf(
        sub,
        invoices.find((i) => i.status === 'open'),
        invoices[0],
      );
    },
    async endTrialNow(subscriptionId, db, now): Promise<ConversionOutcome> {
      const rows = await db
        .select()
        .from(localSubscription)
        .where(eq(localSubscription.id, subscriptionId))
        .for('update');
      const sub = rows[0];
      if (!sub) return { paid: false, message: 'There is no subscription to convert.' };
      if (sub.status === 'active') return { paid: true };
      if (sub.status !== 'trialing') return { paid: false, message: 'There is no active trial to convert.' };
      // Like Stripe's payment_behavior=error_if_incomplete: a declined charge changes nothing.
      if (sub.cardChargeFails) return { paid: false, message: DECLINED_MESSAGE };
      const period = { start: now, end: addMonths(now, 1) };
      await charge(db, sub, period, now);
      await updateSubscription(
        db,
        sub.id,
        { status: 'active', trialEnd: now, currentPeriodStart: period.start, currentPeriodEnd: period.end },
        now,
      );
      return { paid: true };
    },
    async cancelAtPeriodEnd(subscriptionId, db, now) {
      const rows = await db
        .select()
        .from(localSubscription)
        .where(eq(localSubscription.id, subscriptionId))
        .for('update');
      const sub = rows[0];
      if (!sub || sub.status === 'canceled' || sub.cancelAtPeriodEnd) return;
      await updateSubscription(db, sub.id, { cancelAtPeriodEnd: true, canceledAt: now }, now);
    },
  };
}
