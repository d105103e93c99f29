import { Badge } from '@/components/ui/badge';
import type { PlanDisplay } from '../utils/plan-display';

/** The plan badge (docs/product.md §2): TRIAL, PREMIUM or FREE, from the one plan display. */
export function PlanBadge({ display }: { display: PlanDisplay | undefined }) {
  if (!display) return null;
  return (
    <Badge data-testid="plan-badge" variant={display.kind === 'free' ? 'secondary' : 'default'}>
      {display.badge}
    </Badge>
  );
}
