import { QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './errors';

const MAX_401_RETRIES = 2;
const RETRY_DELAY_MS = 1000;

/**
 * docs/product.md §8: queries retry only on a 401 (a session that is still being restored), at
 * most twice, one second apart. Everything else fails at once.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_401_RETRIES && isUnauthorized(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // section 9: data is fresh until something invalidates it. Queries that must refresh
        // (scan usage, trial status) opt back in with their own refetchOnMount / refetchOnWindowFocus.
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay: RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
