import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

/** GET /api/users/plan: planTier, subscriptionStatus, trialEndsAt and the plan view (server-computed). */
export const PLAN_KEY = ['/api/users/plan'] as const;

export const getPlan = () => api.get<Plan>('/api/users/plan');

export const planQueryOptions = queryOptions({ queryKey: PLAN_KEY, queryFn: getPlan });

export function usePlan({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...planQueryOptions, enabled });
}
