import { CreditCard, Crown, House, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getBillingPortalUrl } from '@/features/billing/api/open-billing-portal';
import { CheckoutPage } from '@/features/billing/components/CheckoutPage';
import { TrialLimitDialog } from '@/features/trial/components/TrialLimitDialog';
import { useAuth } from '../auth';
import { StatusCard } from './status-card';

/**
 * /checkout (docs/product.md §8). A Premium or trialing user has nothing to check out and gets their own page
 * here (the trial's one composes the trial feature's dialog); everyone else, signed out included, gets the
 * billing feature's checkout page, which owns what a visitor sees before and during checkout.
 */
export function CheckoutRoute() {
  const auth = useAuth();
  // Already Premium: nothing to buy; the page says so and leads to the billing portal (no "charged today").
  if (auth.status === 'signed_in' && auth.user.isPremium) return <AlreadyPremiumPage />;
  // Already on the trial (card given at checkout): the way to Premium is activating it, not a second checkout.
  if (auth.status === 'signed_in' && auth.user.isTrialing) return <ActivateTrialPage />;
  return <CheckoutPage auth={auth.status} />;
}

/** /checkout for a Premium user (an old "upgrade" link, a bookmark): nothing is charged here. */
function AlreadyPremiumPage() {
  const [opening, setOpening] = useState(false);
  const openPortal = async () => {
    setOpening(true);
    try {
      window.location.assign(await getBillingPortalUrl());
    } catch (error) {
      setOpening(false);
      toast({
        variant: 'destructive',
        title: 'Could not open billing',
        description: error instanceof Error ? error.message : 'Please try again.',
      });
    }
  };
  return (
    <>
      <title>Premium · RedFlag</title>
      <StatusCard
        icon={<Crown aria-hidden="true" />}
        title="You're on Premium"
        actions={
          <>
            <Button size="lg" onClick={() => void openPortal()} disabled={opening}>
              <CreditCard aria-hidden="true" /> Manage billing
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard">
                <House aria-hidden="true" /> Back to dashboard
              </Link>
            </Button>
          </>
        }
      >
        <p>
          Your Premium subscription is active: unlimited scans, phone and email checks. There is nothing to pay here. To
          change your card or cancel, manage billing.
        </p>
      </StatusCard>
    </>
  );
}

/**
 * /checkout for a user on the free trial (every "upgrade" and ENHANCE link leads here): Premium now is the
 * trial's conversion, with the amount, card and date shown before the one click (decision 041), the same
 * dialog as at the scan limit.
 */
function ActivateTrialPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  return (
    <>
      <title>Activate Premium · RedFlag</title>
      <StatusCard
        icon={<Crown aria-hidden="true" />}
        title="You're on your free trial"
        actions={
          <>
            <Button size="lg" onClick={() => setOpen(true)}>
              <Sparkles aria-hidden="true" /> Activate Premium
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard">
                <House aria-hidden="true" /> Back to dashboard
              </Link>
            </Button>
          </>
        }
      >
        <p>
          Your trial already includes phone and email checks. Premium starts by itself when your trial ends, with the
          card you added. To get unlimited scans now, activate it early.
        </p>
      </StatusCard>
      <TrialLimitDialog open={open} onOpenChange={setOpen} reason="early" onActivated={() => void navigate('/scan')} />
    </>
  );
}
