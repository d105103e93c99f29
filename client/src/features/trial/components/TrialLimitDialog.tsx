import { CreditCard, Crown, LoaderCircle, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { TRIAL_DAYS, TRIAL_SCAN_LIMIT, TRIAL_TERMS } from '@redflag/contracts/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { toast } from '@/components/ui/use-toast';
import { useConvertTrial } from '../api/convert-trial';
import { useConversionPreview } from '../api/get-conversion-preview';
import { useTrialStatus } from '../api/get-trial-status';
import { cardLabel, chargeSummary, formatAmount, formatBillingDate } from '../utils/conversion-copy';

/**
 * "You've used all 5 trial scans" (docs/product.md §2), opened when a scan answers 403
 * SCAN_LIMIT_REACHED. It states what a click would charge (amount, card, date, from
 * GET /api/billing/conversion-preview) and converts only on that click (docs/design.md §3 item 6;
 * docs/decisions/041-ask-before-charging.md). Nothing is charged by opening or closing it.
 * `onActivated` runs after a successful conversion (the scan page runs the scan that was waiting).
 * With reason 'early' it is the way to Premium of a user still within the trial's scans (the checkout page
 * of a trialing user): the same conversion, not a checkout they have already been through.
 *
 * What waiting means is said once and with its date: the trial's scans are used, no
 * more scans until the 7 days end, and then Premium starts as agreed at checkout.
 */
export function TrialLimitDialog({
  open,
  onOpenChange,
  onActivated,
  reason = 'limit',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onActivated: () => void;
  /** 'limit': the trial's scans are used; 'early': activating Premium before the trial ends. */
  reason?: 'limit' | 'early';
}) {
  const trial = useTrialStatus({ enabled: open });
  const endsAt = trial.data?.trialEndsAt ?? null;
  const premiumStarts = `Premium starts ${endsAt ? `on ${formatBillingDate(endsAt)}, ` : ''}when the ${TRIAL_DAYS} days end, with the card you added, as agreed at checkout`;
  const preview = useConversionPreview({ enabled: open });
  const convert = useConvertTrial();
  const data = preview.data;
  const failure =
    convert.data && !convert.data.success
      ? convert.data.message
      : convert.isError
        ? 'There was an issue activating Premium. Nothing was charged. Please try again.'
        : null;

  const activate = () => {
    convert.mutate(undefined, {
      onSuccess: (result) => {
        if (!result.success) return;
        toast({
          title: 'Premium Activated!',
          description: data
            ? `${formatAmount(data.amountCents)} charged to ${cardLabel(data.card)}. Unlimited scans are on.`
            : 'Unlimited scans are on.',
        });
        onActivated();
      },
    });
  };

  const close = (next: boolean) => {
    if (!next) convert.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md">
        {reason === 'early' ? (
          <StatusDialogHeader
            icon={Crown}
            tone="warning"
            title="UPGRADE TO PREMIUM"
            description="You're on your free trial, and nothing has been charged."
          />
        ) : (
          <StatusDialogHeader
            icon={ShieldAlert}
            tone="danger"
            title="TRIAL LIMIT REACHED"
            description={`You've used all ${TRIAL_SCAN_LIMIT} trial scans, and nothing has been charged.`}
          />
        )}
        <div className="grid gap-3 text-sm text-slate-700">
          {reason === 'early' ? (
            <p data-testid="trial-limit-wait">
              Your trial already includes phone and email checks, for {TRIAL_TERMS}. If you wait, {premiumStarts}. To
              get unlimited scans now, activate Premium today.
            </p>
          ) : (
            <p data-testid="trial-limit-wait">
              Your free trial is {TRIAL_TERMS}, and its scans are used. If you wait, {premiumStarts}; no more scans
              until then. To keep scanning now, activate Premium today.
            </p>
          )}
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" aria-live="polite">
            {data ? (
              <dl className="grid gap-1" data-testid="conversion-preview">
                <div className="flex items-start gap-2">
                  <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <dt className="sr-only">Charge</dt>
                  <dd className="font-semibold text-slate-900">{chargeSummary(data)}</dd>
                </div>
                <div className="pl-6 text-slate-600">
                  <dt className="sr-only">Date</dt>
                  <dd>
                    Charged on {formatBillingDate(data.chargeDate)} when you click Activate Premium. Cancel anytime from
                    your account page.
                  </dd>
                </div>
              </dl>
            ) : preview.isError ? (
              <p>We could not load your card details. Nothing will be charged; try again in a moment.</p>
            ) : (
              <p role="status" className="flex items-center gap-2">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your card details…
              </p>
            )}
          </div>
          {failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <DialogFooter className="flex-wrap gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Not now
          </Button>
          <Button asChild variant="outline">
            <Link to="/account" onClick={() => close(false)}>
              Update payment method
            </Link>
          </Button>
          <Button onClick={activate} disabled={convert.isPending || !data?.canConvert}>
            {convert.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {data ? `Activate Premium: pay ${formatAmount(data.amountCents)}` : 'Activate Premium'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
