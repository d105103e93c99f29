import type { PublicConfig } from '@redflag/contracts/config';
import { SUPPORT_EMAIL_DEFAULT } from '@redflag/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { queryKeys } from './query-keys';

/** GET /api/config: auth methods, billing provider, support address and the engine's measured accuracy. */
export const getPublicConfig = (): Promise<PublicConfig> => apiRequest('getConfig');

export const publicConfigQueryOptions = queryOptions({ queryKey: queryKeys.config, queryFn: getPublicConfig });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}

/** The support address to show. Pages render at once with the default and update if config says otherwise. */
export function useSupportEmail(): string {
  const { data } = usePublicConfig();
  return data?.supportEmail ?? SUPPORT_EMAIL_DEFAULT;
}
