import type { Plan } from '@redflag/contracts/billing';

/**
 * The one reading of GET /api/users/plan that every page shows (dashboard, account, settings, header):
 * a review found Settings saying ACTIVE while Account said "Cancels on Dec 23", and the dashboard saying
 * FREE TIER right after the trial started, because each page read a different field. Pure, so the
 * wording is tested once.
 */
export type PlanKind = 'premium' | 'trial' | 'free';

export interface PlanDisplay {
  kind: PlanKind;
  /** The badge: PREMIUM, TRIAL or FREE. */
  badge: 'PREMIUM' | 'TRIAL' | 'FREE';
  /** The plan's name in a sentence: Premium, Free trial, Free. */
  name: string;
  /** One line about where the plan stands, in plain words. */
  status: string;
  /** Whether a charge is still scheduled (false once cancelled or without a subscription). */
  renews: boolean;
  /** A live subscription that the person can still cancel (trialing or premium, not already cancelling). */
  cancellable: boolean;
  /** Where to go to get Premium, when there is nothing to manage yet; null while trialing or premium. */
  upgrade: { to: string; label: string } | null;
}

export function formatPlanDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '';
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function planDisplay(plan: Plan): PlanDisplay {
  const computed = plan.computedStatus.status;
  const kind: PlanKind = plan.isPremium ? 'premium' : plan.isTrialing && computed === 'trialing' ? 'trial' : 'free';
  const badge = kind === 'premium' ? 'PREMIUM' : kind === 'trial' ? 'TRIAL' : 'FREE';
  const name = kind === 'premium' ? 'Premium' : kind === 'trial' ? 'Free trial' : 'Free';
  const cancelling = plan.cancelAtPeriodEnd && kind !== 'free';
  const renews = kind !== 'free' && !plan.cancelAtPeriodEnd;

  let status: string;
  if (plan.paymentError && kind !== 'trial') status = `Payment failed: ${plan.paymentError}`;
  else if (kind === 'premium')
    status = cancelling
      ? `Cancels on ${formatPlanDate(plan.currentPeriodEnd)}: Premium until then, no further charge`
      : 'Active';
  else if (kind === 'trial')
    status = cancelling
      ? `Trial cancelled: ends on ${formatPlanDate(plan.trialEndsAt)}, nothing will be charged`
      : `${days(plan.trialDaysLeft)} left, first charge on ${formatPlanDate(plan.nextBillingDate ?? plan.trialEndsAt)}`;
  else if (plan.subscriptionStatus === 'processing') status = 'Payment being confirmed';
  else
    status = (
      {
        new: 'No plan yet',
        setup_required: 'No plan yet',
        trial_expired: 'Trial ended',
        cancelled: 'Cancelled',
        active: 'Active',
        trialing: 'Free trial',
      } as const
    )[computed];

  const upgrade =
    kind !== 'free' || plan.subscriptionStatus === 'processing'
      ? null
      : plan.computedStatus.hasUsedTrial
        ? { to: '/checkout', label: 'Subscribe Now' }
        : { to: '/checkout?plan=premium&trial=true', label: 'Start Free Trial' };

  return { kind, badge, name, status, renews, cancellable: renews, upgrade };
}
