import type { ScanListQueryInput, StoredScan } from '@redflag/contracts/scan';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface ScanPage {
  scans: StoredScan[];
  /** How many scans match the search and filters in all (the X-Total-Count header). */
  total: number;
}

/** The history's search, filters and page, as they appear in the dashboard URL and the API query. */
export interface ScanHistoryQuery {
  q?: string;
  verdict?: ScanListQueryInput['verdict'];
  type?: ScanListQueryInput['type'];
  page?: number;
  limit?: number;
}

/** GET /api/scans: one page of the signed-in user's scans, newest first; the total rides in a header. */
export async function getScanPage(query: ScanHistoryQuery = {}, signal?: AbortSignal): Promise<ScanPage> {
  const { data, headers } = await apiCall('listScans', { query, signal });
  return { scans: data, total: headers['x-total-count'] };
}

export function scanPageQueryOptions(query: ScanHistoryQuery = {}) {
  return queryOptions({
    // Under the scans' key: invalidating it (after a scan or a delete) refreshes every page.
    queryKey: queryKeys.scans.list(query),
    queryFn: ({ signal }) => getScanPage(query, signal),
  });
}

/** While a new search or page loads, the previous list stays on screen (marked busy) instead of a skeleton. */
export function useScanPage(query: ScanHistoryQuery = {}) {
  return useQuery({ ...scanPageQueryOptions(query), placeholderData: keepPreviousData });
}
