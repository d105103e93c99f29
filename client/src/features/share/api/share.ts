import type { Share, SharedScan } from '@redflag/contracts/feedback';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { isNotFound } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export async function getShare(scanId: string): Promise<Share | null> {
  return (await apiRequest('getShare', { params: { id: scanId } })).share;
}

export async function saveShare(scanId: string, includeMessage: boolean): Promise<Share | null> {
  return (await apiRequest('saveShare', { params: { id: scanId }, body: { includeMessage } })).share;
}

export async function revokeShare(scanId: string): Promise<void> {
  await apiRequest('revokeShare', { params: { id: scanId } });
}

/** GET /api/shared/:token: the public page's data (no sign-in). */
export const getSharedScan = (token: string): Promise<SharedScan> => apiRequest('getSharedScan', { params: { token } });

export function useShare(scanId: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.scans.share(scanId), queryFn: () => getShare(scanId) }));
}

export function useSaveShare(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.share(scanId), 'save'],
    mutationFn: (includeMessage: boolean) => saveShare(scanId, includeMessage),
    onSuccess: (share) => queryClient.setQueryData(queryKeys.scans.share(scanId), share),
  });
}

export function useRevokeShare(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.share(scanId), 'revoke'],
    mutationFn: () => revokeShare(scanId),
    onSuccess: () => queryClient.setQueryData(queryKeys.scans.share(scanId), null),
  });
}

export function useSharedScan(token: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.shared(token),
      queryFn: () => getSharedScan(token),
      // A revoked or made-up link will not come back on a retry.
      retry: (failures, error) => !isNotFound(error) && failures < 2,
    }),
  );
}
