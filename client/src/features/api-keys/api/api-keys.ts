import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@redflag/contracts/api';
import { api } from '@/lib/api';

/** Query keys of this feature: the path is the key's meaning (lib's invalidateApiPaths reads it). */
export const apiKeyKeys = {
  all: ['/api/api-keys'] as const,
};

/** GET /api/api-keys: the account's keys, newest first (never the keys themselves). */
export async function getApiKeys(): Promise<ApiKey[]> {
  return apiKeyListSchema.parse(await api.get<unknown>('/api/api-keys'));
}

/** POST /api/api-keys: the one answer that carries the whole key. */
export async function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return createdApiKeySchema.parse(await api.post<unknown>('/api/api-keys', body));
}

/** DELETE /api/api-keys/:id: revokes the key; calls with it answer 401 from then on. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  return apiKeySchema.parse(await api.delete<unknown>(`/api/api-keys/${encodeURIComponent(id)}`));
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: getApiKeys });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, 'create'],
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, 'revoke'],
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
