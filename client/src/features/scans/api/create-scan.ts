import type { ScanRequest } from '@redflag/contracts/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateKeys, queryKeys, SCAN_DEPENDENT_KEYS } from '@/lib/query-keys';

/** POST /api/scans: analyses the message and stores the scan; answers the stored scan with its result. */
export const createScan = (body: ScanRequest) => apiRequest('createScan', { body });

export function useCreateScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.all, 'create'],
    mutationFn: createScan,
    // Also after a refusal: the server's usage may have moved (another tab), and the bar must not lie.
    onSettled: () => invalidateKeys(queryClient, SCAN_DEPENDENT_KEYS),
  });
}
