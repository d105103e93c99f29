import { usePlan } from '../api/get-plan';
import { planDisplay, type PlanDisplay } from '../utils/plan-display';

/** The plan as every page shows it (one source: GET /api/users/plan through planDisplay). */
export function usePlanDisplay({ enabled = true }: { enabled?: boolean } = {}): {
  display: PlanDisplay | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const plan = usePlan({ enabled });
  return { display: plan.data ? planDisplay(plan.data) : undefined, isPending: plan.isPending, isError: plan.isError };
}
