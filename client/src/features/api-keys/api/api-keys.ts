import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@redflag/contracts/api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/api-keys: the account's keys, newest first (never the keys themselves). */
export const getApiKeys = (): Promise<ApiKey[]> => apiRequest('listApiKeys');

/** POST /api/api-keys: the one answer that carries the whole key. */
export const createApiKey = (body: CreateApiKeyRequest): Promise<CreatedApiKey> => apiRequest('createApiKey', { body });

/** DELETE /api/api-keys/:id: revokes the key; calls with it answer 401 from then on. */
export const revokeApiKey = (id: string): Promise<ApiKey> => apiRequest('revokeApiKey', { params: { id } });

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: getApiKeys });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.apiKeys, 'create'],
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.apiKeys, 'revoke'],
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
