import { SCAN_TOTAL_HEADER, scanListSchema, type ScanListQueryInput, type StoredScan } from '@redflag/contracts/scan';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toApiError } from '@/lib/api';

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

const totalSchema = z.coerce.number().int().min(0);

export function scanListSearch(query: ScanHistoryQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.verdict) params.set('verdict', query.verdict);
  if (query.type) params.set('type', query.type);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * GET /api/scans: one page of the signed-in user's scans, newest first. The body is the spec's list; the
 * total rides in a header, so this reads the response itself (the shared wrapper answers bodies only) and
 * parses both.
 */
export async function getScanPage(query: ScanHistoryQuery = {}, signal?: AbortSignal): Promise<ScanPage> {
  const response = await fetch(`/api/scans${scanListSearch(query)}`, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw toApiError(response.status, response.statusText, await response.text().catch(() => ''));
  const scans = scanListSchema.parse(await response.json());
  const header = response.headers.get(SCAN_TOTAL_HEADER);
  return { scans, total: header === null ? scans.length : totalSchema.parse(header) };
}

export function scanPageQueryOptions(query: ScanHistoryQuery = {}) {
  return queryOptions({
    // The path first: invalidating '/api/scans' (after a scan or a delete) refreshes every page.
    queryKey: ['/api/scans', query] as const,
    queryFn: ({ signal }) => getScanPage(query, signal),
  });
}

/** While a new search or page loads, the previous list stays on screen (marked busy) instead of a skeleton. */
export function useScanPage(query: ScanHistoryQuery = {}) {
  return useQuery({ ...scanPageQueryOptions(query), placeholderData: keepPreviousData });
}
