import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialStatus } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

export const TRIAL_STATUS_KEY = ['/api/users/trial-status'] as const;

export const getTrialStatus = () => api.get<TrialStatus>('/api/users/trial-status');

/** Refetched on mount and on window focus (product-spec.md section 9). */
export const trialStatusQueryOptions = queryOptions({
  queryKey: TRIAL_STATUS_KEY,
  queryFn: getTrialStatus,
  staleTime: 0,
  refetchOnMount: 'always',
  refetchOnWindowFocus: true,
});

export function useTrialStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trialStatusQueryOptions, enabled });
}
