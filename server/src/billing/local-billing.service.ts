import { isUniqueViolation } from '../db/errors.ts';
import type { AppContext } from '../context.ts';
import { findAccount, toPlanState, updateAccount } from './billing.repo.ts';
import { computedStatus, isPremium, nextBillingDate } from './plan-state.ts';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  applyPortalAction,
  completeCheckout,
  currentSubscription,
  expireCheckoutSession,
  findCheckoutSession,
  findPortalSession,
  listInvoices,
  listSubscriptions,
  ONE_LIVE_SUBSCRIPTION_INDEX,
  type CardInput,
  type CheckoutCompletion,
  type PortalAction,
  type PortalActionResult,
} from './providers/local.ts';
import { syncSubscription } from './sync.ts';

/**
 * The use cases behind the local provider's hosted-style pages (local.pages.ts). Each change to the test
 * provider's records commits together with the sync into the user's plan: the same path Stripe's webhooks
 * take.
 */

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger' | 'billing'>;

export function localProviderEnabled(ctx: Pick<AppContext, 'billing'>): boolean {
  return ctx.billing.name === 'local';
}

export async function getCheckoutPage(ctx: Ctx, sessionId: string, userId: string) {
  const session = await findCheckoutSession(ctx.database.db, sessionId);
  if (!session || session.userId !== userId) return null;
  const expired = session.expiresAt.getTime() <= ctx.clock.now().getTime();
  return {
    id: session.id,
    status: expired && session.status === 'open' ? ('expired' as const) : session.status,
    withTrial: session.withTrial,
  };
}

export async function submitCheckout(
  ctx: Ctx,
  sessionId: string,
  userId: string,
  card: CardInput,
): Promise<CheckoutCompletion> {
  const now = ctx.clock.now();
  let result: CheckoutCompletion;
  try {
    result = await ctx.database.db.transaction(async (tx) => {
      const done = await completeCheckout(tx, sessionId, userId, card, now);
      if (done.ok) await syncSubscription(ctx, done.customerId, tx);
      return done;
    });
  } catch (err) {
    // The database's own guard (one live subscription per customer) refused a second one: nothing was
    // written, and the answer is the same as when the check above sees the first subscription.
    if (!isUniqueViolation(err, ONE_LIVE_SUBSCRIPTION_INDEX)) throw err;
    result = { ok: false, field: 'session', message: ALREADY_SUBSCRIBED_MESSAGE };
  }
  // Only the outcome is logged: never the card number.
  ctx.logger.info({ userId, ok: result.ok, ...(result.ok ? {} : { field: result.field }) }, 'test checkout submitted');
  return result;
}

/** The checkout's "cancel" link: the session ends and an account still `processing` is set up again. */
export async function cancelCheckout(ctx: Ctx, sessionId: string, userId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const session = await findCheckoutSession(tx, sessionId);
    if (!session || session.userId !== userId || session.status !== 'open') return;
    await expireCheckoutSession(tx, sessionId);
    const row = await findAccount(tx, userId, { forUpdate: true });
    if (row?.subscriptionStatus === 'processing')
      await updateAccount(tx, userId, { subscriptionStatus: 'setup_required' }, now);
  });
}

export async function getPortalPage(ctx: Ctx, token: string, userId: string) {
  const db = ctx.database.db;
  const portal = await findPortalSession(db, token);
  const now = ctx.clock.now();
  if (!portal || portal.userId !== userId || portal.expiresAt.getTime() <= now.getTime()) return null;
  const state = toPlanState(await findAccount(db, userId));
  const sub = await currentSubscription(db, portal.customerId);
  const subs = await listSubscriptions(db, portal.customerId);
  const invoices = await listInvoices(
    db,
    subs.map((s) => s.id),
  );
  return {
    token: portal.id,
    returnUrl: portal.returnUrl,
    plan: {
      premium: isPremium(state),
      status: computedStatus(state, now),
      trialEndsAt: state.subscriptionStatus === 'trialing' ? state.trialEndsAt : null,
      nextBillingDate: nextBillingDate(state),
      periodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      paymentError: state.paymentError,
    },
    subscription: sub
      ? {
          status: sub.status,
          card: { brand: sub.cardBrand, last4: sub.cardLast4, expMonth: sub.cardExpMonth, expYear: sub.cardExpYear },
        }
      : null,
    invoices: invoices.map((i) => ({
      id: i.id,
      amountCents: i.amountCents,
      status: i.status,
      createdAt: i.createdAt,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      error: i.lastError,
    })),
  };
}

export async function submitPortalAction(
  ctx: Ctx,
  token: string,
  userId: string,
  action: PortalAction,
): Promise<PortalActionResult | null> {
  const now = ctx.clock.now();
  const portal = await findPortalSession(ctx.database.db, token);
  if (!portal || portal.userId !== userId || portal.expiresAt.getTime() <= now.getTime()) return null;
  const result = await ctx.database.db.transaction(async (tx) => {
    const r = await applyPortalAction(tx, portal.customerId, action, now);
    await syncSubscription(ctx, portal.customerId, tx);
    return r;
  });
  ctx.logger.info({ userId, action: action.kind, ok: result.ok }, 'test portal action');
  return result;
}
