import type { ComputedStatusValue, PlanTier, SubscriptionStatus } from '@redflag/contracts/billing';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { ErrorCode } from '@redflag/contracts/errors';

/**
 * The rulebook of docs/design.md §4 as pure functions of the stored state and "now". Every guarded route
 * reaches these through entitlements.ts; nothing here trusts the client.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * For this long after a checkout was started, reading the plan asks the provider whether it was paid. A
 * stored `processing` (written by older versions when a checkout started) lapses to `setup_required` then.
 */
export const CHECKOUT_PROCESSING_MS = 30 * 60 * 1000;

export interface PlanState {
  planTier: PlanTier;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | null;
  trialScansUsed: number;
  hasUsedTrial: boolean;
  paymentSetupComplete: boolean;
  everPaid: boolean;
  providerStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  checkoutStartedAt: Date | null;
  paymentError: string | null;
}

/** A user with no billing record yet: a new account (docs/design.md: tier free, setup_required, computed new). */
export const NEW_ACCOUNT: PlanState = {
  planTier: 'free',
  subscriptionStatus: 'setup_required',
  trialEndsAt: null,
  trialScansUsed: 0,
  hasUsedTrial: false,
  paymentSetupComplete: false,
  everPaid: false,
  providerStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  checkoutStartedAt: null,
  paymentError: null,
};

/** The stored status, except that a `processing` checkout nobody finished lapses to `setup_required`. */
export function effectiveStatus(s: PlanState, now: Date): SubscriptionStatus {
  if (s.subscriptionStatus === 'processing') {
    const started = s.checkoutStartedAt?.getTime();
    if (started === undefined || now.getTime() - started > CHECKOUT_PROCESSING_MS) return 'setup_required';
  }
  return s.subscriptionStatus;
}

/** A checkout was started a short while ago and nothing is confirmed yet: it may have been paid since. */
export function checkoutMayBePaid(s: PlanState, now: Date): boolean {
  const status = effectiveStatus(s, now);
  if (status !== 'setup_required' && status !== 'processing') return false;
  const started = s.checkoutStartedAt?.getTime();
  return started !== undefined && now.getTime() - started <= CHECKOUT_PROCESSING_MS;
}

/** docs/product.md §4: premium means tier premium and status active or trialing. */
export function isPremium(s: PlanState): boolean {
  return s.planTier === 'premium' && (s.subscriptionStatus === 'active' || s.subscriptionStatus === 'trialing');
}

export function isTrialExpired(s: PlanState, now: Date): boolean {
  return s.trialEndsAt !== null && s.trialEndsAt.getTime() <= now.getTime();
}

/** Rounded-up days until trialEndsAt, or 0 without an end date (docs/product.md §4). */
export function trialDaysLeft(s: PlanState, now: Date): number {
  if (!s.trialEndsAt) return 0;
  return Math.max(0, Math.ceil((s.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export function computedStatus(s: PlanState, now: Date): ComputedStatusValue {
  if (isPremium(s)) return s.subscriptionStatus === 'trialing' ? 'trialing' : 'active';
  switch (effectiveStatus(s, now)) {
    case 'trialing':
      return isTrialExpired(s, now) ? 'trial_expired' : 'trialing';
    case 'inactive':
      // Ended by a cancellation, or a paying customer whose renewal failed: reactivate. Otherwise the trial
      // ended without a successful charge.
      return s.providerStatus === 'canceled' || s.everPaid ? 'cancelled' : 'trial_expired';
    case 'active':
      // Tier free but active does not happen through the sync; treated as ended, never as entitled.
      return 'cancelled';
    case 'setup_required':
    case 'processing':
      // A checkout started and left is not a change: the account is still new until a trial starts.
      return s.hasUsedTrial ? 'setup_required' : 'new';
  }
}

export type ScanDecision =
  | { allowed: true; kind: 'premium' }
  | { allowed: true; kind: 'trial'; remainingBefore: number }
  | {
      allowed: false;
      code: Extract<
        ErrorCode,
        'PAYMENT_SETUP_REQUIRED' | 'TRIAL_EXPIRED' | 'SCAN_LIMIT_REACHED' | 'SUBSCRIPTION_INACTIVE'
      >;
    };

/** docs/design.md §4's table, for scans. */
export function decideScan(s: PlanState, now: Date): ScanDecision {
  if (isPremium(s)) return { allowed: true, kind: 'premium' };
  const status = effectiveStatus(s, now);
  if (status === 'setup_required' || status === 'processing') return { allowed: false, code: 'PAYMENT_SETUP_REQUIRED' };
  if (status === 'trialing') {
    if (isTrialExpired(s, now)) return { allowed: false, code: 'TRIAL_EXPIRED' };
    if (s.trialScansUsed >= TRIAL_SCAN_LIMIT) return { allowed: false, code: 'SCAN_LIMIT_REACHED' };
    return { allowed: true, kind: 'trial', remainingBefore: TRIAL_SCAN_LIMIT - s.trialScansUsed };
  }
  return { allowed: false, code: computedStatus(s, now) === 'cancelled' ? 'SUBSCRIPTION_INACTIVE' : 'TRIAL_EXPIRED' };
}

/**
 * Phone and e-mail verification (docs/design.md §3 item 8 and section 4): Premium, and Premium's trial. A
 * trial is started with a card at the checkout that lists these checks, so a trialing user gets them within
 * the trial's scans and days; decideScan says when those are over. No plan, no checks.
 */
export function canVerify(s: PlanState, now: Date): boolean {
  if (isPremium(s)) return true;
  return effectiveStatus(s, now) === 'trialing' && !isTrialExpired(s, now);
}

/** Whether a trialing user is due for conversion: the fifth scan is used, or the trial time is over. */
export function needsConversion(s: PlanState, now: Date): boolean {
  return (
    !isPremium(s) &&
    s.subscriptionStatus === 'trialing' &&
    (s.trialScansUsed >= TRIAL_SCAN_LIMIT || isTrialExpired(s, now))
  );
}

/** The next charge: the trial's end while trialing, the period's end while active, none once cancelling. */
export function nextBillingDate(s: PlanState): Date | null {
  if (s.cancelAtPeriodEnd) return null;
  if (s.subscriptionStatus === 'trialing') return s.trialEndsAt;
  if (s.subscriptionStatus === 'active') return s.currentPeriodEnd;
  return null;
}

/**
 * Whether a stored scan may be analysed again with the user's answers (PATCH /api/scans/:id, /v1/scans/:id):
 * a re-score runs the engine, so it needs a plan that may scan now, except that a scan made during the
 * trial (before its end) may be re-scored once the trial's scans or days are spent. It never spends a trial
 * scan either way. The refusal is the one a new scan would get.
 */
export function decideRescore(
  s: PlanState,
  scanCreatedAt: Date,
  now: Date,
): { allowed: true } | Extract<ScanDecision, { allowed: false }> {
  const decision = decideScan(s, now);
  if (decision.allowed) return { allowed: true };
  if (s.trialEndsAt && scanCreatedAt.getTime() < s.trialEndsAt.getTime()) return { allowed: true };
  return { allowed: false, code: decision.code };
}
