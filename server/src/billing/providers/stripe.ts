import Stripe from 'stripe';
import { TRIAL_DAYS } from '@redflag/contracts/constants';
import { AppError } from '../../lib/app-error.ts';
import {
  pickSubscription,
  type BillingProvider,
  type ConversionOutcome,
  type InvoiceSnapshot,
  type PaymentCard,
  type ProviderSubscriptionStatus,
  type SubscriptionSnapshot,
} from './types.ts';

/**
 * Stripe through the official SDK: Checkout in subscription mode (card always collected, 7-day trial),
 * the Customer Portal, conversion by ending the trial now, and the subscription read back for the sync.
 * STRIPE_API_BASE points the SDK at another host (tests run it against a local fake of Stripe's API).
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string | undefined;
  apiBase: string | undefined;
}

/** The price `npm run stripe:setup` creates is found by this lookup key when STRIPE_PRICE_ID is not set. */
export const PRICE_LOOKUP_KEY = 'redflag_premium_monthly';

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'RedFlag' },
    telemetry: false,
  };
  if (settings.apiBase) {
    const u = new URL(settings.apiBase);
    config.protocol = u.protocol === 'http:' ? 'http' : 'https';
    config.host = u.hostname;
    config.port = u.port || (u.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(settings.secretKey, config);
}

const epoch = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  // Since API version 2025-03-31 the period lives on the subscription items.
  const periodEnd = sub.items.data.reduce<number | null>(
    (max, item) => (max === null || item.current_period_end > max ? item.current_period_end : max),
    null,
  );
  const status = sub.status as ProviderSubscriptionStatus;
  return {
    id: sub.id,
    status,
    trialStart: epoch(sub.trial_start),
    trialEnd: epoch(sub.trial_end),
    currentPeriodEnd: epoch(periodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    paymentError:
      status === 'past_due' || status === 'unpaid' ? 'Your last payment failed. Update your card to continue.' : null,
    card: cardOf(sub.default_payment_method),
    latestInvoice: invoiceOf(sub.latest_invoice),
    livemode: sub.livemode === true,
  };
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The subscription's default payment method (Checkout in subscription mode sets it), when expanded. */
function cardOf(pm: string | Stripe.PaymentMethod | null): PaymentCard | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: BRANDS[pm.card.brand] ?? pm.card.brand, last4: pm.card.last4 };
}

function invoiceOf(inv: string | Stripe.Invoice | null): InvoiceSnapshot | null {
  if (!inv || typeof inv === 'string' || !inv.id) return null;
  const status: InvoiceSnapshot['status'] = inv.status === 'paid' ? 'paid' : inv.status === 'open' ? 'open' : 'other';
  return {
    id: inv.id,
    amountCents: status === 'paid' ? inv.amount_paid : inv.amount_due,
    status,
    paidAt: epoch(inv.status_transitions.paid_at),
    attemptCount: inv.attempt_count,
    error: status === 'open' && inv.attempt_count > 0 ? 'Your card was declined.' : null,
  };
}

/** Stripe's own errors become BILLING_ERROR (502) with a generic text; details go to the log only. */
function billingError(err: unknown): never {
  if (err instanceof AppError) throw err;
  throw new AppError('BILLING_ERROR', 'The payment provider could not be reached. Please try again.', { cause: err });
}

export type StripeBillingProvider = BillingProvider & { name: 'stripe'; stripe: Stripe; webhookSecret: string };

export function isStripeProvider(p: BillingProvider): p is StripeBillingProvider {
  return p.name === 'stripe' && 'stripe' in p;
}

export function createStripeProvider(
  settings: StripeSettings,
  stripe: Stripe = createStripeClient(settings),
): StripeBillingProvider {
  let priceId = settings.priceId;

  async function resolvePrice(): Promise<string> {
    if (priceId) return priceId;
    const prices = await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
    const found = prices.data[0]?.id;
    if (!found)
      throw new AppError(
        'BILLING_ERROR',
        'Billing is not set up yet: set STRIPE_PRICE_ID or run `npm run stripe:setup`.',
      );
    priceId = found;
    return found;
  }

  return {
    name: 'stripe' as const,
    stripe,
    webhookSecret: settings.webhookSecret,
    async createCustomer(input) {
      try {
        // The idempotency key makes two checkouts started at once share one customer.
        const customer = await stripe.customers.create(
          { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { userId: input.userId } },
          { idempotencyKey: `redflag-customer-${input.userId}` },
        );
        return customer.id;
      } catch (err) {
        billingError(err);
      }
    },
    async createCheckoutSession(input) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: await resolvePrice(), quantity: 1 }],
          payment_method_collection: 'always',
          subscription_data: {
            ...(input.withTrial ? { trial_period_days: TRIAL_DAYS } : {}),
            metadata: { userId: input.userId },
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new AppError('BILLING_ERROR', 'No checkout URL received from the payment provider.');
        return { id: session.id, url: session.url };
      } catch (err) {
        billingError(err);
      }
    },
    async createPortalSession(input) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: input.customerId,
          return_url: input.returnUrl,
        });
        return { url: session.url };
      } catch (err) {
        billingError(err);
      }
    },
    async fetchSubscription(customerId) {
      try {
        // The card and the latest invoice come along for the dialog and the billing mails (one call).
        const list = await stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 10,
          expand: ['data.default_payment_method', 'data.latest_invoice'],
        });
        const picked = pickSubscription(
          list.data.map((s) => ({ sub: s, status: s.status as ProviderSubscriptionStatus, created: s.created })),
        );
        return picked ? snapshotOf(picked.sub) : null;
      } catch (err) {
        billingError(err);
      }
    },
    async endTrialNow(subscriptionId): Promise<ConversionOutcome> {
      try {
        // error_if_incomplete: a declined charge is refused with a card error and the trial stays as it was.
        const sub = await stripe.subscriptions.update(subscriptionId, {
          trial_end: 'now',
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        });
        const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        if (sub.status === 'active' && (!invoice || invoice.status === 'paid')) return { paid: true };
        return { paid: false, message: 'The payment could not be completed.' };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError)
          return { paid: false, message: err.message || 'Your card was declined.' };
        billingError(err);
      }
    },
    async cancelAtPeriodEnd(subscriptionId) {
      try {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      } catch (err) {
        billingError(err);
      }
    },
  };
}

/** Verifies a webhook on the raw body; a bad or missing signature is a 400. */
export function verifyStripeEvent(
  stripe: Stripe,
  secret: string,
  rawBody: string,
  signature: string | undefined,
): Stripe.Event {
  if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
  }
}

/** The customer an event is about (checkout sessions, subscriptions and invoices all carry one). */
export function eventCustomerId(event: Stripe.Event): string | null {
  const obj = event.data.object as unknown as { customer?: unknown };
  if (typeof obj.customer === 'string') return obj.customer;
  if (obj.customer && typeof obj.customer === 'object' && 'id' in obj.customer && typeof obj.customer.id === 'string')
    return obj.customer.id;
  return null;
}
