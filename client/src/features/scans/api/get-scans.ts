import type { StoredScan } from '@redflag/contracts/scan';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/scans: the signed-in user's scans, newest first (the server caps the page). */
export function getScans(limit?: number): Promise<StoredScan[]> {
  return api.get<StoredScan[]>(limit ? `/api/scans?limit=${limit}` : '/api/scans');
}

export function scansQueryOptions(limit?: number) {
  return queryOptions({
    queryKey: limit ? (['/api/scans', { limit }] as const) : (['/api/scans'] as const),
    queryFn: () => getScans(limit),
  });
}

export function useScans(limit?: number) {
  return useQuery(scansQueryOptions(limit));
}

/** For panels that suspend while loading (skeleton) and throw to their error boundary. */
export function useSuspenseScans(limit?: number) {
  return useSuspenseQuery(scansQueryOptions(limit));
}
