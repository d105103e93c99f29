import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** ['api', 'users', 'stats', {...}] and ['/api/users/stats'] both read as 'api/users/stats'. */
export function queryKeyPath(key: QueryKey): string {
  return key
    .filter((part): part is string => typeof part === 'string')
    .join('/')
    .replace(/\/{2,}/g, '/')
    .replace(/^\//, '');
}

/**
 * Invalidates every cached query for these API paths, whichever feature owns it and however it spells
 * its key (['api', 'users', 'scan-usage'] or ['/api/users/scan-usage']): the spec's "the default fetcher
 * GETs the joined query-key path" makes the path the key's meaning.
 */
export function invalidateApiPaths(queryClient: QueryClient, paths: readonly string[]): Promise<void> {
  const targets = paths.map((p) => p.replace(/^\//, ''));
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = queryKeyPath(query.queryKey);
      return targets.some((t) => path === t || path.startsWith(`${t}/`));
    },
  });
}
