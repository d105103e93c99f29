import { sharedScanSchema, shareResponseSchema, type Share, type SharedScan } from '@redflag/contracts/feedback';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';

export const shareKeys = {
  scan: (scanId: string) => ['/api/scans', scanId, 'share'] as const,
  shared: (token: string) => ['/api/shared', token] as const,
};

const path = (scanId: string) => `/api/scans/${encodeURIComponent(scanId)}/share`;

export async function getShare(scanId: string): Promise<Share | null> {
  return shareResponseSchema.parse(await api.get<unknown>(path(scanId))).share;
}

export async function saveShare(scanId: string, includeMessage: boolean): Promise<Share | null> {
  return shareResponseSchema.parse(await api.put<unknown>(path(scanId), { includeMessage })).share;
}

export async function revokeShare(scanId: string): Promise<void> {
  await api.delete<unknown>(path(scanId));
}

/** GET /api/shared/:token: the public page's data (no sign-in). */
export async function getSharedScan(token: string): Promise<SharedScan> {
  return sharedScanSchema.parse(await api.get<unknown>(`/api/shared/${encodeURIComponent(token)}`));
}

export function useShare(scanId: string) {
  return useQuery(queryOptions({ queryKey: shareKeys.scan(scanId), queryFn: () => getShare(scanId) }));
}

export function useSaveShare(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...shareKeys.scan(scanId), 'save'],
    mutationFn: (includeMessage: boolean) => saveShare(scanId, includeMessage),
    onSuccess: (share) => queryClient.setQueryData(shareKeys.scan(scanId), share),
  });
}

export function useRevokeShare(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...shareKeys.scan(scanId), 'revoke'],
    mutationFn: () => revokeShare(scanId),
    onSuccess: () => queryClient.setQueryData(shareKeys.scan(scanId), null),
  });
}

export function useSharedScan(token: string) {
  return useQuery(
    queryOptions({
      queryKey: shareKeys.shared(token),
      queryFn: () => getSharedScan(token),
      // A revoked or made-up link will not come back on a retry.
      retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    }),
  );
}
