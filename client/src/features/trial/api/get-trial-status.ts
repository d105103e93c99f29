import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getTrialStatus = () => apiRequest('getTrialStatus');

/** Refetched on mount and on window focus (docs/product.md §9). */
export const trialStatusQueryOptions = queryOptions({
  queryKey: queryKeys.trialStatus,
  queryFn: getTrialStatus,
  staleTime: 0,
  refetchOnMount: 'always',
  refetchOnWindowFocus: true,
});

export function useTrialStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trialStatusQueryOptions, enabled });
}
