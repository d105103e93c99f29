import type { Executor } from '../billing.repo.ts';

/**
 * What a billing provider does for us. Two implementations (local.ts, stripe.ts), chosen in one place
 * (providers/index.ts) from config.billing.provider. The provider owns the truth about a customer's
 * subscription; sync.ts reads it back with `fetchSubscription` and stores it, whatever caused the change.
 */

/** Provider subscription statuses, in Stripe's words (the local provider uses a subset). */
export type ProviderSubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface SubscriptionSnapshot {
  id: string;
  status: ProviderSubscriptionStatus;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The message of the latest failed charge, if the latest invoice is unpaid. */
  paymentError: string | null;
  /** The card the subscription charges (brand and last four digits only), when the provider knows it. */
  card: PaymentCard | null;
  /** The latest invoice, for the billing mails (receipt, payment failed); null before the first one. */
  latestInvoice: InvoiceSnapshot | null;
  /**
   * Stripe's live mode: its charges are real money. False in Stripe's test mode and for the built-in test
   * provider, whose cards are free (docs/decisions/129).
   */
  livemode: boolean;
}

export interface PaymentCard {
  brand: string;
  last4: string;
}

export interface InvoiceSnapshot {
  id: string;
  amountCents: number;
  status: 'paid' | 'open' | 'other';
  paidAt: Date | null;
  /** How many times the charge was tried: each failed attempt is its own "payment failed" mail. */
  attemptCount: number;
  error: string | null;
}

export interface CustomerInput {
  userId: string;
  email: string;
  name: string | null;
}

export interface CheckoutInput {
  userId: string;
  customerId: string;
  /** False once the user has had a trial: a later checkout charges at once (docs/design.md §4). */
  withTrial: boolean;
  successUrl: string;
  cancelUrl: string;
  now: Date;
}

export type ConversionOutcome = { paid: true } | { paid: false; message: string };

export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  createCustomer(input: CustomerInput, db: Executor): Promise<string>;
  createCheckoutSession(input: CheckoutInput, db: Executor): Promise<{ id: string; url: string }>;
  createPortalSession(
    input: { userId: string; customerId: string; returnUrl: string; now: Date },
    db: Executor,
  ): Promise<{ url: string }>;
  /** The customer's current subscription as the provider sees it (the most relevant one), or null. */
  fetchSubscription(customerId: string, db: Executor): Promise<SubscriptionSnapshot | null>;
  /** Ends the trial now and charges the card; a declined charge leaves the subscription as it was. */
  endTrialNow(subscriptionId: string, db: Executor, now: Date): Promise<ConversionOutcome>;
  /** Stops renewal: nothing more is charged; a trial ends without a charge, a paid month runs out. */
  cancelAtPeriodEnd(subscriptionId: string, db: Executor, now: Date): Promise<void>;
}

/** Picks the subscription that describes the customer: a live one first, else the newest. */
export function pickSubscription<T extends { status: ProviderSubscriptionStatus; created: number }>(
  subs: T[],
): T | null {
  const live = subs.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
  const pool = live.length ? live : subs;
  return pool.reduce<T | null>((best, s) => (!best || s.created > best.created ? s : best), null);
}
