import type { StoredScan } from '@redflag/contracts/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { isNotFound } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/scans/:id: one of the signed-in user's stored scans with its full result. */
export const getScan = (id: string): Promise<StoredScan> => apiRequest('getScan', { params: { id } });

export function scanQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.scans.detail(id),
    queryFn: () => getScan(id),
    // A 404 (someone else's scan, a deleted one) will not change on a retry.
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

export function useScan(id: string) {
  return useQuery(scanQueryOptions(id));
}
