import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScanUsage } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

export const SCAN_USAGE_KEY = ['/api/users/scan-usage'] as const;

export const getScanUsage = () => api.get<ScanUsage>('/api/users/scan-usage');

/** Refetched on mount and on window focus (product-spec.md section 9). */
export const scanUsageQueryOptions = queryOptions({
  queryKey: SCAN_USAGE_KEY,
  queryFn: getScanUsage,
  staleTime: 0,
  refetchOnMount: 'always',
  refetchOnWindowFocus: true,
});

export function useScanUsage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...scanUsageQueryOptions, enabled });
}
