import type { AppContext } from '../context.ts';
import { sendBillingMailsForSync } from './billing-mail.ts';
import {
  findAccount,
  findAccountByCustomer,
  toPlanState,
  updateAccount,
  type BillingAccountPatch,
  type BillingAccountRow,
  type Executor,
  type Tx,
} from './billing.repo.ts';
import type { PlanState } from './plan-state.ts';
import { isStripeProvider } from './providers/stripe.ts';
import { cancelDuplicateSubscriptions } from './providers/stripe-duplicates.ts';
import type { SubscriptionSnapshot } from './providers/types.ts';
import { recordTrialGrant, userEmail } from './trial-history.ts';

/**
 * The one way stored plan state changes after checkout: read the subscription back from the provider and
 * store what it says (docs/design.md §4). Idempotent and order-free: running it after any event, any
 * number of times, in any order, leaves the same state, because it never looks at the event.
 */

/** What the stored plan becomes for a given provider snapshot. Pure; unit-tested on its own. */
export function planPatchFromSnapshot(current: PlanState, snap: SubscriptionSnapshot | null): BillingAccountPatch {
  if (!snap) {
    // Nothing at the provider: a customer who had a subscription has none now; otherwise still setting up.
    return current.hasUsedTrial || current.everPaid
      ? {
          planTier: 'free',
          subscriptionStatus: 'inactive',
          subscriptionId: null,
          providerStatus: null,
          cancelAtPeriodEnd: false,
          paymentError: null,
        }
      : {};
  }
  const common: BillingAccountPatch = {
    subscriptionId: snap.id,
    providerStatus: snap.status,
    currentPeriodEnd: snap.currentPeriodEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    paymentError: snap.paymentError,
  };
  switch (snap.status) {
    case 'trialing':
      return {
        ...common,
        planTier: 'free',
        subscriptionStatus: 'trialing',
        trialStartedAt: snap.trialStart,
        trialEndsAt: snap.trialEnd,
        hasUsedTrial: true,
        paymentSetupComplete: true,
      };
    case 'active':
      return {
        ...common,
        planTier: 'premium',
        subscriptionStatus: 'active',
        paymentSetupComplete: true,
        everPaid: true,
        // Only a live-mode charge cost real money: what lets a young account's reports count (decision 129).
        ...(snap.livemode ? { everPaidLive: true } : {}),
        hasUsedTrial: current.hasUsedTrial || snap.trialStart !== null,
        ...(snap.trialEnd ? { trialEndsAt: snap.trialEnd } : {}),
      };
    case 'incomplete':
    case 'incomplete_expired':
      // A first payment that never went through: the account is still being set up.
      if (!current.hasUsedTrial && !current.everPaid)
        return { ...common, planTier: 'free', subscriptionStatus: 'setup_required' };
      return { ...common, planTier: 'free', subscriptionStatus: 'inactive' };
    case 'past_due':
    case 'unpaid':
    case 'paused':
      // Blocked until the card is fixed (docs/design.md: "stays blocked until fixed").
      return {
        ...common,
        planTier: 'free',
        subscriptionStatus: 'inactive',
        paymentSetupComplete: true,
        hasUsedTrial: current.hasUsedTrial || snap.trialStart !== null,
      };
    case 'canceled':
      return {
        ...common,
        planTier: 'free',
        subscriptionStatus: 'inactive',
        cancelAtPeriodEnd: false,
        paymentError: null,
        hasUsedTrial: current.hasUsedTrial || snap.trialStart !== null,
      };
  }
}

/**
 * Re-reads the customer's subscription and stores it. Holds the account row (FOR UPDATE) while reading so
 * two syncs of one customer cannot interleave and store an older read last. With `tx`, runs inside it (the
 * local provider's changes and their sync commit together).
 */
export async function syncSubscription(
  ctx: Pick<AppContext, 'config' | 'database' | 'clock' | 'billing'>,
  customerId: string,
  tx?: Tx,
): Promise<BillingAccountRow | undefined> {
  const run = async (db: Executor) => {
    const row = await findAccountByCustomer(db, customerId, { forUpdate: true });
    const provider = ctx.billing;
    // A customer made under the other provider (settings changed) is not this provider's to read.
    if (!row || row.provider !== provider.name) return row;
    // Stripe may hold two live subscriptions after two checkouts completed side by side: keep the oldest
    // (stripe-duplicates.ts). The local provider cannot: its database allows one live row per customer.
    if (isStripeProvider(provider)) await cancelDuplicateSubscriptions(provider.stripe, customerId);
    const snap = await provider.fetchSubscription(customerId, db);
    const now = ctx.clock.now();
    const patch = planPatchFromSnapshot(toPlanState(row), snap);
    await updateAccount(db, row.userId, { ...patch, syncedAt: now }, now);
    // A trial has started: its address gets no other, even after the account is deleted (trial-history.ts).
    if (patch.hasUsedTrial && !row.hasUsedTrial) {
      const email = await userEmail(db, row.userId);
      if (email) await recordTrialGrant(ctx, db, email);
    }
    // The mails this change calls for (trial started, receipt, payment failed, cancelled), in the same
    // transaction and once per event whatever the number of syncs (billing-mail.ts).
    await sendBillingMailsForSync(ctx, db, row, snap);
    return findAccount(db, row.userId);
  };
  return tx ? run(tx) : ctx.database.db.transaction(run);
}
