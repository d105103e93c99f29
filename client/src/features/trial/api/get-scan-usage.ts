import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getScanUsage = () => apiRequest('getScanUsage');

/** Refetched on mount and on window focus (docs/product.md §9). */
export const scanUsageQueryOptions = queryOptions({
  queryKey: queryKeys.scanUsage,
  queryFn: getScanUsage,
  staleTime: 0,
  refetchOnMount: 'always',
  refetchOnWindowFocus: true,
});

export function useScanUsage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...scanUsageQueryOptions, enabled });
}
