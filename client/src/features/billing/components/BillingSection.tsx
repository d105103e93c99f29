import { CreditCard, ExternalLink, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PREMIUM_PRICE_LABEL } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { usePlan } from '../api/get-plan';
import { createPortalSession } from '../api/open-billing-portal';

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '—';

/** The account page's billing card: current plan, next billing date, the portal or an upgrade link. */
export function BillingSection() {
  const plan = usePlan();
  const [opening, setOpening] = useState(false);

  const openPortal = async () => {
    setOpening(true);
    try {
      window.location.assign(await createPortalSession(window.location.href));
    } catch {
      setOpening(false);
      toast({ variant: 'destructive', title: 'Error', description: 'Unable to open billing portal. Please try again.' });
    }
  };

  const p = plan.data;
  const hasSubscription = p ? p.paymentSetupComplete || p.computedStatus.hasUsedTrial : false;
  const planName = !p ? '' : p.isPremium ? 'Premium' : p.isTrialing ? 'Premium Trial' : 'Free';
  const statusText = !p
    ? ''
    : p.cancelAtPeriodEnd
      ? `Cancels on ${formatDate(p.currentPeriodEnd ?? p.trialEndsAt)}`
      : ({ new: 'Not started', setup_required: 'Setup required', trial_expired: 'Trial expired', cancelled: 'Cancelled', active: 'Active', trialing: 'Trialing' } as const)[p.computedStatus.status];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5" /> Billing
        </CardTitle>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <p role="status" className="text-slate-600">
            Loading billing...
          </p>
        ) : plan.isError || !p ? (
          <p className="text-slate-600">Billing details are unavailable right now.</p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-600">Current plan</dt>
              <dd data-testid="billing-plan" className="font-semibold text-slate-900">
                {planName} {p.isPremium || p.isTrialing ? `(${PREMIUM_PRICE_LABEL}/month)` : ''}
              </dd>
              <dt className="text-slate-600">Status</dt>
              <dd data-testid="billing-status" className="font-semibold text-slate-900">
                {statusText}
              </dd>
              <dt className="text-slate-600">Next billing date</dt>
              <dd data-testid="billing-next-date" className="font-semibold text-slate-900">
                {formatDate(p.nextBillingDate)}
              </dd>
            </dl>
            {p.paymentError ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {p.paymentError} Update your payment method to continue.
              </p>
            ) : null}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {hasSubscription ? (
                <Button className="h-auto min-h-10 whitespace-normal py-2" onClick={() => void openPortal()} disabled={opening}>
                  {opening ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ExternalLink aria-hidden="true" />}
                  Manage payment methods and subscription
                </Button>
              ) : null}
              {!p.isPremium && !p.isTrialing ? (
                <Button asChild variant={hasSubscription ? 'outline' : 'default'}>
                  <Link to="/checkout">{p.computedStatus.hasUsedTrial ? 'Subscribe Now' : 'Upgrade to Premium'}</Link>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
