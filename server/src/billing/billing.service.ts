import type {
  CheckoutSessionResponse,
  ConversionPreview,
  ConversionResponse,
  Plan,
  PortalResponse,
  ScanUsage,
  SubscriptionStatusResponse,
  TrialConversionCheck,
  TrialStatus,
} from '@redflag/contracts/billing';
import { PREMIUM_PRICE_CENTS, TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { sendConversionDeclinedMail } from './billing-mail.ts';
import {
  claimWebhookEvent,
  ensureAccount,
  findAccount,
  markWebhookProcessed,
  toPlanState,
  updateAccount,
  type BillingAccountRow,
} from './billing.repo.ts';
import {
  checkoutMayBePaid,
  computedStatus,
  effectiveStatus,
  isPremium,
  isTrialExpired,
  needsConversion,
  nextBillingDate,
  trialDaysLeft,
  type PlanState,
} from './plan-state.ts';
import { eventCustomerId, isStripeProvider, verifyStripeEvent } from './providers/stripe.ts';
import type { BillingProvider } from './providers/types.ts';
import { syncSubscription } from './sync.ts';
import { carryTrialHistory } from './trial-history.ts';

/**
 * Plans and billing use cases. Services never see requests: routes pass the signed-in user's id (and
 * e-mail, for the provider's customer record) and shape what comes back.
 */

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger' | 'billing'>;

export interface BillingUser {
  id: string;
  email: string;
  name?: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const LIVE_PROVIDER_STATUSES = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused']);

export const CONVERSION_SUCCESS_MESSAGE = 'Welcome to Premium! Your trial has been converted to a paid subscription.';

/**
 * Reads the stored account; soon after a Stripe checkout was started and while nothing is confirmed yet,
 * first asks Stripe (so the payment success page does not depend on the webhook having arrived). The local
 * provider syncs synchronously.
 */
async function loadAccount(ctx: Ctx, userId: string): Promise<BillingAccountRow | undefined> {
  let row = await findAccount(ctx.database.db, userId);
  // An address that had a trial under a deleted account shows "trial used" from the start (trial-history.ts).
  if (!row?.hasUsedTrial && (await carryTrialHistory(ctx, userId))) row = await findAccount(ctx.database.db, userId);
  if (
    row?.customerId &&
    row.provider === 'stripe' &&
    ctx.billing.name === 'stripe' &&
    checkoutMayBePaid(toPlanState(row), ctx.clock.now())
  ) {
    return (await syncSubscription(ctx, row.customerId)) ?? row;
  }
  return row;
}

function planView(ctx: Ctx, s: PlanState): Plan {
  const now = ctx.clock.now();
  return {
    planTier: s.planTier,
    subscriptionStatus: effectiveStatus(s, now),
    trialEndsAt: iso(s.trialEndsAt),
    isPremium: isPremium(s),
    isTrialing: s.subscriptionStatus === 'trialing',
    trialDaysLeft: s.subscriptionStatus === 'trialing' ? trialDaysLeft(s, now) : 0,
    paymentSetupComplete: s.paymentSetupComplete,
    computedStatus: { status: computedStatus(s, now), hasUsedTrial: s.hasUsedTrial },
    nextBillingDate: iso(nextBillingDate(s)),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    paymentError: s.paymentError,
    billingProvider: ctx.config.billing.provider,
  };
}

export async function getPlan(ctx: Ctx, userId: string): Promise<Plan> {
  return planView(ctx, toPlanState(await loadAccount(ctx, userId)));
}

/** What GET /api/auth/user reports about billing (the accounts feature calls this). */
export async function getUserBillingSummary(ctx: Ctx, userId: string) {
  const plan = await getPlan(ctx, userId);
  return {
    subscriptionStatus: plan.subscriptionStatus,
    paymentSetupComplete: plan.paymentSetupComplete,
    planTier: plan.planTier,
    isPremium: plan.isPremium,
    isTrialing: plan.isTrialing,
    trialEndsAt: plan.trialEndsAt,
    computedStatus: plan.computedStatus,
  };
}

export async function getScanUsage(ctx: Ctx, userId: string): Promise<ScanUsage> {
  const s = toPlanState(await findAccount(ctx.database.db, userId));
  const unlimited = isPremium(s);
  return {
    planTier: s.planTier,
    scanCount: s.trialScansUsed,
    maxScans: TRIAL_SCAN_LIMIT,
    remaining: unlimited ? null : Math.max(0, TRIAL_SCAN_LIMIT - s.trialScansUsed),
    unlimited,
  };
}

export async function getTrialStatus(ctx: Ctx, userId: string): Promise<TrialStatus> {
  const s = toPlanState(await findAccount(ctx.database.db, userId));
  const now = ctx.clock.now();
  const trialing = s.subscriptionStatus === 'trialing';
  return {
    daysRemaining: trialing ? trialDaysLeft(s, now) : 0,
    isExpired: (trialing && isTrialExpired(s, now)) || computedStatus(s, now) === 'trial_expired',
    isTrialing: trialing,
    trialEndsAt: iso(s.trialEndsAt),
  };
}

export async function getSubscriptionStatus(ctx: Ctx, userId: string): Promise<SubscriptionStatusResponse> {
  const plan = await getPlan(ctx, userId);
  return {
    planTier: plan.planTier,
    subscriptionStatus: plan.subscriptionStatus,
    isPremium: plan.isPremium,
    isTrialing: plan.isTrialing,
    trialEndsAt: plan.trialEndsAt,
    currentPeriodEnd: plan.currentPeriodEnd,
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    computedStatus: plan.computedStatus,
  };
}

// --- Checkout and portal ------------------------------------------------------------------------------

/** This site's own URL for `input`, or null when it points anywhere else (open-redirect guard). */
export function sameOriginUrl(publicUrl: string, input: string): string | null {
  let url: URL;
  try {
    url = new URL(input, `${publicUrl}/`);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.toString();
}

/** The provider's customer for this user, made (and remembered) the first time. */
async function ensureCustomer(ctx: Ctx, provider: BillingProvider, user: BillingUser): Promise<string> {
  const row = await ensureAccount(ctx.database.db, user.id);
  if (row.customerId && row.provider === provider.name) return row.customerId;
  const customerId = await provider.createCustomer(
    { userId: user.id, email: user.email, name: user.name ?? null },
    ctx.database.db,
  );
  await updateAccount(
    ctx.database.db,
    user.id,
    { provider: provider.name, customerId, subscriptionId: null },
    ctx.clock.now(),
  );
  return customerId;
}

export async function createCheckoutSession(ctx: Ctx, user: BillingUser): Promise<CheckoutSessionResponse> {
  const provider = ctx.billing;
  const now = ctx.clock.now();
  const existing = await findAccount(ctx.database.db, user.id);
  // Someone who already has a live subscription manages it instead of paying twice.
  if (
    existing?.customerId &&
    existing.provider === provider.name &&
    existing.providerStatus &&
    LIVE_PROVIDER_STATUSES.has(existing.providerStatus)
  ) {
    const portal = await provider.createPortalSession(
      { userId: user.id, customerId: existing.customerId, returnUrl: `${ctx.config.publicUrl}/account`, now },
      ctx.database.db,
    );
    return { checkout_url: portal.url };
  }
  const customerId = await ensureCustomer(ctx, provider, user);
  // One trial per e-mail address, whatever account it was had under (trial-history.ts).
  await carryTrialHistory(ctx, user.id, user.email);
  const account = await ensureAccount(ctx.database.db, user.id);
  const session = await provider.createCheckoutSession(
    {
      userId: user.id,
      customerId,
      withTrial: !account.hasUsedTrial,
      successUrl: `${ctx.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/checkout`,
      now,
    },
    ctx.database.db,
  );
  // Only the time is kept (so a Stripe checkout paid before its webhook is read back, loadAccount): the plan
  // itself is untouched until the provider says a payment went through, so a person who leaves the checkout
  // by Back, by closing the tab or by its cancel link finds the account exactly as before, trial offer
  // included (docs/decisions/110-checkout-changes-nothing-until-paid.md).
  await updateAccount(ctx.database.db, user.id, { checkoutStartedAt: now }, now);
  ctx.logger.info(
    { userId: user.id, provider: provider.name, withTrial: !account.hasUsedTrial },
    'checkout session created',
  );
  return { checkout_url: session.url };
}

export async function createPortalSession(ctx: Ctx, userId: string, returnUrl?: string): Promise<PortalResponse> {
  const provider = ctx.billing;
  let target = `${ctx.config.publicUrl}/account`;
  if (returnUrl !== undefined && returnUrl !== '') {
    const safe = sameOriginUrl(ctx.config.publicUrl, returnUrl);
    if (!safe)
      throw new AppError('VALIDATION_ERROR', 'returnUrl must be a page of this site', {
        details: { fields: [{ path: 'returnUrl', message: 'must be a page of this site' }] },
      });
    target = safe;
  }
  const row = await findAccount(ctx.database.db, userId);
  if (!row?.customerId || row.provider !== provider.name)
    throw new AppError('CONFLICT', 'There is no subscription to manage yet. Start your free trial first.');
  return provider.createPortalSession(
    { userId, customerId: row.customerId, returnUrl: target, now: ctx.clock.now() },
    ctx.database.db,
  );
}

// --- Conversion ---------------------------------------------------------------------------------------

/**
 * What the trial-limit dialog shows before the click: the amount, the card on file and the date (today).
 * Reads the card from the provider (the local provider's record, Stripe's default payment method).
 */
export async function getConversionPreview(ctx: Ctx, userId: string): Promise<ConversionPreview> {
  const provider = ctx.billing;
  const row = await findAccount(ctx.database.db, userId);
  const s = toPlanState(row);
  const canConvert = Boolean(
    row?.customerId &&
    row.subscriptionId &&
    row.provider === provider.name &&
    s.subscriptionStatus === 'trialing' &&
    !isPremium(s),
  );
  const card =
    canConvert && row?.customerId
      ? ((await provider.fetchSubscription(row.customerId, ctx.database.db))?.card ?? null)
      : null;
  return {
    canConvert,
    amountCents: PREMIUM_PRICE_CENTS,
    currency: 'usd',
    interval: 'month',
    chargeDate: ctx.clock.now().toISOString(),
    card,
  };
}

/**
 * Ends the trial now and charges (docs/design.md §4). Only ever on the user's explicit request: the
 * trial-limit dialog's "Activate Premium" (which states amount, card and date) or an "activate premium"
 * button. Nothing calls it by itself (docs/decisions/041-ask-before-charging.md); the trial's end is
 * billed by the provider.
 */
export async function convertTrial(ctx: Ctx, userId: string): Promise<ConversionResponse> {
  const provider = ctx.billing;
  let row = await findAccount(ctx.database.db, userId);
  if (!row?.customerId || row.provider !== provider.name)
    return { success: false, message: 'There is no trial to convert. Start your free trial first.' };
  const customerId = row.customerId;
  // The provider may already have billed at the trial's end (Stripe does it by itself): read it first.
  row = (await syncSubscription(ctx, customerId)) ?? row;
  if (isPremium(toPlanState(row))) return { success: true, message: 'Your Premium subscription is already active.' };
  if (row.subscriptionStatus !== 'trialing' || !row.subscriptionId) {
    const message = row.paymentError
      ? `${row.paymentError} Update your card in the billing portal to continue.`
      : 'There is no active trial to convert.';
    return { success: false, message };
  }
  const subscriptionId = row.subscriptionId;
  const now = ctx.clock.now();

  const outcome =
    provider.name === 'local'
      ? await ctx.database.db.transaction(async (tx) => {
          const result = await provider.endTrialNow(subscriptionId, tx, now);
          await syncSubscription(ctx, customerId, tx);
          return result;
        })
      : await provider
          .endTrialNow(subscriptionId, ctx.database.db, now)
          .finally(() => syncSubscription(ctx, customerId));

  if (outcome.paid) {
    await updateAccount(ctx.database.db, userId, { paymentError: null }, ctx.clock.now());
    ctx.logger.info({ userId, provider: provider.name }, 'trial converted');
    return { success: true, message: CONVERSION_SUCCESS_MESSAGE };
  }
  // Shown on the account page until a charge succeeds; the sync clears it then.
  await updateAccount(ctx.database.db, userId, { paymentError: outcome.message }, ctx.clock.now());
  // No invoice exists for a refused conversion (the trial stays as it was), so the sync sees nothing: say it here.
  const card = (await provider.fetchSubscription(customerId, ctx.database.db))?.card ?? null;
  await sendConversionDeclinedMail(ctx, ctx.database.db, userId, subscriptionId, outcome.message, card);
  ctx.logger.info({ userId, provider: provider.name }, 'trial conversion declined');
  return { success: false, message: `${outcome.message} Update your card in the billing portal, then try again.` };
}

/**
 * Cancels renewal from the app itself (the account page's delete flow offers it): nothing more is charged,
 * a trial ends without a charge and a paid month runs to its end, as the portal's "Cancel subscription"
 * does. The stored plan is re-read from the provider, so the cancellation mail goes out through the sync.
 */
export async function cancelSubscription(ctx: Ctx, userId: string): Promise<Plan> {
  const provider = ctx.billing;
  const row = await findAccount(ctx.database.db, userId);
  if (!row?.customerId || !row.subscriptionId || row.provider !== provider.name)
    throw new AppError('CONFLICT', 'There is no subscription to cancel.');
  const { customerId, subscriptionId } = row;
  const now = ctx.clock.now();
  if (provider.name === 'local') {
    await ctx.database.db.transaction(async (tx) => {
      await provider.cancelAtPeriodEnd(subscriptionId, tx, now);
      await syncSubscription(ctx, customerId, tx);
    });
  } else {
    await provider
      .cancelAtPeriodEnd(subscriptionId, ctx.database.db, now)
      .finally(() => syncSubscription(ctx, customerId));
  }
  ctx.logger.info({ userId, provider: provider.name }, 'subscription cancelled by the user');
  return getPlan(ctx, userId);
}

/**
 * Whether the trial is due for a decision (fifth scan used, or time over). Never converts: the spec's
 * automatic conversion at the fifth scan charged without asking (docs/decisions/041-ask-before-charging.md).
 */
export async function checkTrialConversion(ctx: Ctx, userId: string): Promise<TrialConversionCheck> {
  const s = toPlanState(await findAccount(ctx.database.db, userId));
  return { needsConversion: needsConversion(s, ctx.clock.now()), conversionResult: null };
}

// --- Webhooks -----------------------------------------------------------------------------------------

/**
 * Stripe's webhook: verified on the raw body, recorded by event id (a replay does nothing), then the
 * customer's subscription is re-read from Stripe (the event's contents are never trusted for state).
 */
export async function handleStripeWebhook(
  ctx: Ctx,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  const provider = ctx.billing;
  if (!isStripeProvider(provider)) throw new AppError('NOT_FOUND', 'Stripe is not the billing provider here');
  const event = verifyStripeEvent(provider.stripe, provider.webhookSecret, rawBody, signature);
  const fresh = await claimWebhookEvent(ctx.database.db, { id: event.id, provider: 'stripe', type: event.type });
  if (!fresh) return { received: true, duplicate: true };
  const customerId = eventCustomerId(event);
  if (customerId) await syncSubscription(ctx, customerId);
  await markWebhookProcessed(ctx.database.db, event.id, ctx.clock.now());
  ctx.logger.info({ eventId: event.id, type: event.type }, 'stripe webhook handled');
  return { received: true };
}
