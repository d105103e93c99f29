import { TRIAL_TERMS } from '@redflag/contracts/constants';
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * What Premium gives, and what the free trial gives, in one list that the landing's pricing card, the
 * checkout page, the trial dialog and the upgrade dialog all show word for word (docs/design.md §3 item 8).
 * The trial is Premium's, started with a card: everything here, phone and e-mail checks included, within
 * the trial's days and scans (the server's canVerify and decideScan).
 */
export const PREMIUM_FEATURES = [
  'Unlimited scam analysis',
  'Phone number verification, with VoIP and burner-phone detection',
  'Email verification, with disposable-address detection',
  'A 0-100 risk score with every reason and its evidence',
  'Detailed reports and scan history',
  'Priority support',
] as const;

/** The trial's line under the list. */
export const TRIAL_GIVES = `Free trial: all of the above, phone and email checks included, for ${TRIAL_TERMS}.`;

export function PlanFeatures({
  tone = 'light',
  showTrial = true,
  className,
}: {
  /** 'light' on a white card or dialog; 'compact' for dialogs (smaller type). */
  tone?: 'light' | 'compact';
  /** Off where the trial is not on offer (an address that has had its trial). */
  showTrial?: boolean;
  className?: string;
}) {
  const compact = tone === 'compact';
  return (
    <div className={className}>
      <ul
        data-testid="plan-features"
        className={cn('grid', compact ? 'gap-1.5 text-sm' : 'gap-3 text-[0.9375rem] font-medium')}
      >
        {PREMIUM_FEATURES.map((item) => (
          <li key={item} className="flex items-start gap-2.5 text-slate-800">
            <span
              className={cn(
                'grid shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700',
                compact ? 'mt-0.5 size-4' : 'size-6',
              )}
            >
              <Check aria-hidden="true" className={compact ? 'size-3' : 'size-4'} strokeWidth={3} />
            </span>
            {item}
          </li>
        ))}
      </ul>
      {showTrial ? (
        <p
          data-testid="trial-gives"
          className={cn('text-slate-700', compact ? 'mt-2 text-sm' : 'mt-4 text-sm font-semibold')}
        >
          {TRIAL_GIVES}
        </p>
      ) : null}
    </div>
  );
}
