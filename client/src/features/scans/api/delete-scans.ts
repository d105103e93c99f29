import { deleteScansResponseSchema, type DeleteScansResponse } from '@redflag/contracts/scan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { SCAN_DEPENDENT_PATHS } from './create-scan';
import { invalidateApiPaths } from './query-paths';

/** DELETE /api/scans/:id: deletes one of the user's scans (404 when it is not theirs or already gone). */
export async function deleteScan(id: string): Promise<DeleteScansResponse> {
  return deleteScansResponseSchema.parse(await api.delete<unknown>(`/api/scans/${encodeURIComponent(id)}`));
}

/** DELETE /api/scans: deletes all of the user's scans. */
export async function deleteAllScans(): Promise<DeleteScansResponse> {
  return deleteScansResponseSchema.parse(await api.delete<unknown>('/api/scans'));
}

export function useDeleteScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/scans', 'delete'],
    mutationFn: deleteScan,
    onSuccess: (_data, id) => {
      // The report is gone: drop it rather than refetch a 404 for a page that is being left.
      queryClient.removeQueries({ queryKey: ['/api/scans', id], exact: true });
    },
    onSettled: () => invalidateApiPaths(queryClient, SCAN_DEPENDENT_PATHS),
  });
}

export function useDeleteAllScans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/scans', 'delete-all'],
    mutationFn: deleteAllScans,
    onSettled: () => invalidateApiPaths(queryClient, SCAN_DEPENDENT_PATHS),
  });
}
