import type { UserStats } from '@redflag/contracts/scan';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/stats: totalScans, scamsDetected (score 70+), averageRiskScore. */
export const getScanStats = (): Promise<UserStats> => apiRequest('getScanStats');

export const scanStatsQueryOptions = queryOptions({ queryKey: queryKeys.stats, queryFn: getScanStats });

export function useScanStats() {
  return useQuery(scanStatsQueryOptions);
}

export function useSuspenseScanStats() {
  return useSuspenseQuery(scanStatsQueryOptions);
}
