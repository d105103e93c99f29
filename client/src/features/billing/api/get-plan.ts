import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/plan: planTier, subscriptionStatus, trialEndsAt and the plan view (server-computed). */
export const getPlan = () => apiRequest('getPlan');

export const planQueryOptions = queryOptions({ queryKey: queryKeys.plan, queryFn: getPlan });

export function usePlan({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...planQueryOptions, enabled });
}
