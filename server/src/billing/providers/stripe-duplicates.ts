import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';

/**
 * One subscription per customer on Stripe (docs/decisions/049-one-subscription-per-customer.md). Stripe
 * lets a customer finish two Checkout sessions opened side by side (two tabs, two instances), and then
 * holds two live subscriptions for them. The sync calls this before reading the customer back: the oldest
 * live subscription is kept, every newer live one is cancelled at once, with a proration credit for any
 * time already charged (the credit lands on the customer's balance and pays the kept subscription's next
 * invoice), so nobody pays twice and a cancellation in the portal really ends the billing.
 */

/** Statuses that can still charge the customer. */
const LIVE = new Set<Stripe.Subscription.Status>(['trialing', 'active', 'past_due', 'unpaid', 'paused', 'incomplete']);

/** The ids to cancel among a customer's subscriptions: every live one but the oldest. Pure. */
export function duplicateSubscriptionIds(
  subs: Array<Pick<Stripe.Subscription, 'id' | 'status' | 'created'>>,
): string[] {
  const live = subs.filter((s) => LIVE.has(s.status)).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  return live.slice(1).map((s) => s.id);
}

/** Cancels the customer's extra live subscriptions; returns the ids it cancelled. */
export async function cancelDuplicateSubscriptions(stripe: Stripe, customerId: string): Promise<string[]> {
  try {
    const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
    const extra = duplicateSubscriptionIds(list.data);
    for (const id of extra) {
      await stripe.subscriptions.cancel(
        id,
        { prorate: true, invoice_now: true },
        { idempotencyKey: `redflag-cancel-duplicate-${id}` },
      );
    }
    return extra;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BILLING_ERROR', 'The payment provider could not be reached. Please try again.', { cause: err });
  }
}
