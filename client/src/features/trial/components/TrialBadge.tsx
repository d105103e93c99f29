import { Crown, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';
import { useTrialStatus } from '../api/get-trial-status';
import { TrialDialog } from './TrialDialog';

/** The days label: 'ND' when trialing with 3 or fewer days left and not expired, else nothing. */
export function trialBadgeDays(daysRemaining: number | undefined, isExpired: boolean | undefined): string | null {
  if (daysRemaining === undefined || isExpired) return null;
  return daysRemaining <= TRIAL_WARNING_DAYS ? `${daysRemaining}D` : null;
}

/**
 * The header's plan badge (docs/product.md §2): a trial icon (with 'ND' near the end) or a premium
 * icon. Clicking it opens the trial dialog; premium users' click goes to `onPremiumClick` (the
 * subscription dialog, composed by the header).
 */
export function TrialBadge({
  isPremium,
  isTrialing,
  onPremiumClick,
}: {
  isPremium: boolean;
  isTrialing: boolean;
  onPremiumClick?: () => void;
}) {
  const trial = useTrialStatus({ enabled: isTrialing && !isPremium });
  const [open, setOpen] = useState(false);
  if (!isPremium && !isTrialing) return null;
  const days = isPremium ? null : trialBadgeDays(trial.data?.daysRemaining, trial.data?.isExpired);
  const label = isPremium
    ? 'Premium plan'
    : days
      ? `Free trial, ${trial.data?.daysRemaining ?? 0} days left`
      : 'Free trial';
  return (
    <>
      <button
        type="button"
        data-testid="plan-header-badge"
        aria-label={label}
        onClick={() => (isPremium ? onPremiumClick?.() : setOpen(true))}
        className="inline-flex h-8 items-center gap-1 rounded-full border border-white/20 bg-white/10 px-2.5 text-xs font-bold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {isPremium ? (
          <Crown aria-hidden="true" className="size-4 text-amber-300" />
        ) : (
          <Hourglass aria-hidden="true" className="size-4 text-sky-300" />
        )}
        <span>{isPremium ? 'PREMIUM' : (days ?? 'TRIAL')}</span>
      </button>
      {isPremium ? null : (
        <TrialDialog
          open={open}
          onOpenChange={setOpen}
          daysRemaining={trial.data?.daysRemaining ?? 0}
          isExpired={trial.data?.isExpired ?? false}
        />
      )}
    </>
  );
}
