import type { DeleteScansResponse } from '@redflag/contracts/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateKeys, queryKeys, SCAN_DEPENDENT_KEYS } from '@/lib/query-keys';

/** DELETE /api/scans/:id: deletes one of the user's scans (404 when it is not theirs or already gone). */
export const deleteScan = (id: string): Promise<DeleteScansResponse> => apiRequest('deleteScan', { params: { id } });

/** DELETE /api/scans: deletes all of the user's scans. */
export const deleteAllScans = (): Promise<DeleteScansResponse> => apiRequest('deleteAllScans');

export function useDeleteScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.all, 'delete'],
    mutationFn: deleteScan,
    onSuccess: (_data, id) => {
      // The report is gone: drop it rather than refetch a 404 for a page that is being left.
      queryClient.removeQueries({ queryKey: queryKeys.scans.detail(id), exact: true });
    },
    onSettled: () => invalidateKeys(queryClient, SCAN_DEPENDENT_KEYS),
  });
}

export function useDeleteAllScans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.all, 'delete-all'],
    mutationFn: deleteAllScans,
    onSettled: () => invalidateKeys(queryClient, SCAN_DEPENDENT_KEYS),
  });
}
