import { useState } from 'react';
import { SubscriptionDialog } from '@/features/billing/components/SubscriptionDialog';
import { usePlanDisplay } from '@/features/billing/hooks/use-plan-display';
import { TrialBadge } from '@/features/trial/components/TrialBadge';
import type { AuthUser } from '../auth';

/**
 * The signed-in header's plan badge (docs/product.md §2): the trial feature's badge (trial icon,
 * 'ND' at 3 days or fewer) opens the trial dialog; for premium users it opens the billing feature's
 * subscription dialog. Premium or trial comes from the one plan display (the same words as dashboard,
 * account and settings); until it loads, the session's status. Loaded lazily with the account menu, so
 * the landing page does not carry it.
 */
export function PlanHeaderBadge({ user }: { user: AuthUser }) {
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const { display } = usePlanDisplay();
  const isPremium = display ? display.kind === 'premium' : user.isPremium;
  const isTrialing = display ? display.kind === 'trial' : user.isTrialing;
  return (
    <>
      <TrialBadge isPremium={isPremium} isTrialing={isTrialing} onPremiumClick={() => setSubscriptionOpen(true)} />
      {isPremium ? <SubscriptionDialog open={subscriptionOpen} onOpenChange={setSubscriptionOpen} /> : null}
    </>
  );
}
