import type { StoredScan } from '@redflag/contracts/scan';
import type { ScanContext } from '@redflag/contracts/scan-context';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateKeys, queryKeys, SCAN_DEPENDENT_KEYS } from '@/lib/query-keys';

/** PATCH /api/scans/:id: the user's answers about the sender; the scan comes back re-scored. */
export const answerScan = (id: string, context: ScanContext): Promise<StoredScan> =>
  apiRequest('answerScan', { params: { id }, body: { context } });

export function useAnswerScan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.detail(id), 'answer'],
    mutationFn: (context: ScanContext) => answerScan(id, context),
    onSuccess: (scan) => {
      queryClient.setQueryData(queryKeys.scans.detail(id), scan);
      void invalidateKeys(queryClient, SCAN_DEPENDENT_KEYS);
    },
  });
}
