import type { Plan } from '@redflag/contracts/billing';
import { Badge } from '@/components/ui/badge';

export type PlanBadgeKind = 'TRIAL' | 'PREMIUM' | 'FREE';

/** The account page's status badge: TRIAL, PREMIUM or FREE (product-spec.md section 2). */
export function planBadgeKind(plan: Pick<Plan, 'isPremium' | 'isTrialing' | 'computedStatus'> | undefined): PlanBadgeKind {
  if (!plan) return 'FREE';
  if (plan.isPremium) return 'PREMIUM';
  if (plan.isTrialing && plan.computedStatus.status === 'trialing') return 'TRIAL';
  return 'FREE';
}

export function PlanBadge({ plan }: { plan: Plan | undefined }) {
  const kind = planBadgeKind(plan);
  return (
    <Badge data-testid="plan-badge" variant={kind === 'FREE' ? 'secondary' : 'default'}>
      {kind}
    </Badge>
  );
}
