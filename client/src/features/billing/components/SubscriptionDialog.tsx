import { Crown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { usePlan } from '../api/get-plan';
import { getBillingPortalUrl } from '../api/open-billing-portal';

/**
 * docs/product.md §2, "Subscription dialog": premium users (and trials) see SUBSCRIPTION MANAGEMENT
 * with a MANAGE SUBSCRIPTION button; everyone else sees UPGRADE TO PREMIUM.
 */
export function SubscriptionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const plan = usePlan({ enabled: open });
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = plan.data;
  const managed = p ? p.isPremium || p.isTrialing : false;

  const manage = async () => {
    setOpening(true);
    setError(null);
    try {
      window.location.assign(await getBillingPortalUrl());
    } catch {
      setOpening(false);
      setError('Failed to open billing portal. Please try again or contact support.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <StatusDialogHeader
          icon={Crown}
          tone="warning"
          title={managed ? 'SUBSCRIPTION MANAGEMENT' : 'UPGRADE TO PREMIUM'}
          description={
            managed
              ? p?.isTrialing && !p.isPremium
                ? 'Premium Trial'
                : 'Premium Plan'
              : 'Unlimited scans, phone and e-mail verification and more.'
          }
        />
        {managed && p ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {p.isTrialing ? (
              <>
                <dt className="text-slate-600">Days left</dt>
                <dd className="font-semibold">{p.trialDaysLeft}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Status</dt>
            <dd className="font-semibold">{p.cancelAtPeriodEnd ? 'Cancels at period end' : p.subscriptionStatus}</dd>
            <dt className="text-slate-600">Plan</dt>
            <dd className="font-semibold">Premium, $9.99/month</dd>
          </dl>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          {managed ? (
            <Button onClick={() => void manage()} disabled={opening}>
              {opening ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null} MANAGE SUBSCRIPTION
            </Button>
          ) : (
            <Button asChild>
              <Link to="/checkout" onClick={() => onOpenChange(false)}>
                START FREE TRIAL
              </Link>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
