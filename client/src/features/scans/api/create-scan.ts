import type { ScanRequest, StoredScan } from '@redflag/contracts/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateApiPaths } from './query-paths';

/** POST /api/scans: analyses the message and stores the scan; answers the stored scan with its result. */
export function createScan(payload: ScanRequest): Promise<StoredScan> {
  return api.post<StoredScan>('/api/scans', payload);
}

/** product-spec.md section 4: after a scan, cached scans, stats and scan usage are refreshed. */
export const SCAN_DEPENDENT_PATHS = ['/api/scans', '/api/users/stats', '/api/users/scan-usage'] as const;

export function useCreateScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/scans', 'create'],
    mutationFn: createScan,
    // Also after a refusal: the server's usage may have moved (another tab), and the bar must not lie.
    onSettled: () => invalidateApiPaths(queryClient, SCAN_DEPENDENT_PATHS),
  });
}
