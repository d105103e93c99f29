import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { PREMIUM_PRICE_LABEL, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';
import { PlanFeatures } from '@/components/plan-features';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';

/** Trial ending soon / trial expired (docs/product.md §2). */
export function trialDialogText(daysRemaining: number, isExpired: boolean): string {
  if (isExpired) return 'Your free trial has ended';
  return `${daysRemaining} day${daysRemaining === 1 ? '' : 's'} remaining in your free trial`;
}

/** 'Ending soon' only from the header badge's warning threshold on: a seven-day-old trial is not ending soon. */
export function trialDialogTitle(daysRemaining: number, isExpired: boolean): string {
  if (isExpired) return 'TRIAL EXPIRED';
  return daysRemaining <= TRIAL_WARNING_DAYS ? 'TRIAL ENDING SOON' : 'YOUR FREE TRIAL';
}

export function TrialDialog({
  open,
  onOpenChange,
  daysRemaining,
  isExpired,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  daysRemaining: number;
  isExpired: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <StatusDialogHeader
          icon={Clock}
          tone="warning"
          title={trialDialogTitle(daysRemaining, isExpired)}
          description={trialDialogText(daysRemaining, isExpired)}
        />
        <p className="text-sm text-slate-700">
          {isExpired
            ? 'Premium is being activated automatically with the card you added. If the payment fails, update your card from your account page.'
            : `When the trial ends your card is charged ${PREMIUM_PRICE_LABEL}/month and you get unlimited scans. Cancel anytime from your account page.`}
        </p>
        {isExpired ? null : (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h3 className="mb-2 text-xs font-bold uppercase tracking-wide text-slate-700">Premium includes</h3>
            <PlanFeatures tone="compact" />
          </div>
        )}
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/account" onClick={() => onOpenChange(false)}>
              Manage subscription
            </Link>
          </Button>
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
