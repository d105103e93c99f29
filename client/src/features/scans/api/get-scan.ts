import { storedScanSchema, type StoredScan } from '@redflag/contracts/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';

/** GET /api/scans/:id: one of the signed-in user's stored scans with its full result. */
export async function getScan(id: string): Promise<StoredScan> {
  return storedScanSchema.parse(await api.get<unknown>(`/api/scans/${encodeURIComponent(id)}`));
}

export function scanQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['/api/scans', id] as const,
    queryFn: () => getScan(id),
    // A 404 (someone else's scan, a deleted one) will not change on a retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useScan(id: string) {
  return useQuery(scanQueryOptions(id));
}
