import type { UserStats } from '@redflag/contracts/scan';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/users/stats: totalScans, scamsDetected (score 70+), averageRiskScore. */
export function getScanStats(): Promise<UserStats> {
  return api.get<UserStats>('/api/users/stats');
}

export const scanStatsQueryOptions = queryOptions({
  queryKey: ['/api/users/stats'],
  queryFn: getScanStats,
});

export function useScanStats() {
  return useQuery(scanStatsQueryOptions);
}

export function useSuspenseScanStats() {
  return useSuspenseQuery(scanStatsQueryOptions);
}
