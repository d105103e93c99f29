import { useState } from 'react';
import { SubscriptionDialog } from '@/features/billing/components/SubscriptionDialog';
import { TrialBadge } from '@/features/trial/components/TrialBadge';
import type { AuthUser } from '../auth';

/**
 * The signed-in header's plan badge (product-spec.md section 2): the trial feature's badge (trial icon,
 * 'ND' at 3 days or fewer) opens the trial dialog; for premium users it opens the billing feature's
 * subscription dialog. Loaded lazily with the account menu, so the landing page does not carry it.
 */
export function PlanHeaderBadge({ user }: { user: AuthUser }) {
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  return (
    <>
      <TrialBadge isPremium={user.isPremium} isTrialing={user.isTrialing} onPremiumClick={() => setSubscriptionOpen(true)} />
      {user.isPremium ? <SubscriptionDialog open={subscriptionOpen} onOpenChange={setSubscriptionOpen} /> : null}
    </>
  );
}
