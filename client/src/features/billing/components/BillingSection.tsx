import { CreditCard, ExternalLink, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PREMIUM_PRICE_LABEL } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { usePlan } from '../api/get-plan';
import { createPortalSession } from '../api/open-billing-portal';
import { formatPlanDate, planDisplay } from '../utils/plan-display';

/** The account page's billing card: the plan and its status (the one plan display), the portal or an upgrade link. */
export function BillingSection() {
  const plan = usePlan();
  const [opening, setOpening] = useState(false);

  const openPortal = async () => {
    setOpening(true);
    try {
      window.location.assign(await createPortalSession(window.location.href));
    } catch {
      setOpening(false);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Unable to open billing portal. Please try again.',
      });
    }
  };

  const p = plan.data;
  const display = p ? planDisplay(p) : undefined;
  const hasSubscription = p ? p.paymentSetupComplete || p.computedStatus.hasUsedTrial : false;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight text-slate-900">
          <CreditCard aria-hidden="true" className="size-5" /> Billing
        </h2>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <p role="status" className="text-slate-600">
            Loading billing...
          </p>
        ) : plan.isError || !p || !display ? (
          <p className="text-slate-600">Billing details are unavailable right now.</p>
        ) : (
          <>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
              <dt className="text-slate-600">Current plan</dt>
              <dd data-testid="billing-plan" className="mb-2 font-semibold text-slate-900 sm:mb-0">
                {display.name}
                {display.kind === 'free' ? null : (
                  <span className="font-normal text-slate-600">
                    {' '}
                    ({display.kind === 'trial' ? `then ${PREMIUM_PRICE_LABEL}/month` : `${PREMIUM_PRICE_LABEL}/month`})
                  </span>
                )}
              </dd>
              <dt className="text-slate-600">Status</dt>
              <dd data-testid="billing-status" className="mb-2 font-semibold text-slate-900 sm:mb-0">
                {display.status}
              </dd>
              <dt className="text-slate-600">Next charge</dt>
              <dd data-testid="billing-next-date" className="font-semibold text-slate-900">
                {p.nextBillingDate && display.renews
                  ? `${PREMIUM_PRICE_LABEL} on ${formatPlanDate(p.nextBillingDate)}`
                  : 'None scheduled'}
              </dd>
            </dl>
            {p.paymentError ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {p.paymentError} Update your payment method to continue.
              </p>
            ) : null}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {hasSubscription ? (
                <Button
                  className="h-auto min-h-10 whitespace-normal py-2"
                  onClick={() => void openPortal()}
                  disabled={opening}
                >
                  {opening ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                  ) : (
                    <ExternalLink aria-hidden="true" />
                  )}
                  Manage payment methods and subscription
                </Button>
              ) : null}
              {display.upgrade ? (
                <Button asChild variant={hasSubscription ? 'outline' : 'default'}>
                  <Link to={display.upgrade.to}>{display.upgrade.label}</Link>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
