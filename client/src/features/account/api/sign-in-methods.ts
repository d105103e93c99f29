import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * GET /api/auth/list-accounts (better-auth): how the person signs in. Only an account with a password
 * ('credential') can change it; a Google-only account is told so instead of offered a form that must fail.
 */
export const SIGN_IN_METHODS_KEY = ['/api/auth/list-accounts'] as const;

export async function getSignInMethods(): Promise<string[]> {
  const rows = await api.get<unknown>('/api/auth/list-accounts');
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r: unknown) => (typeof r === 'object' && r !== null && 'providerId' in r && typeof r.providerId === 'string' ? [r.providerId] : []));
}

export const signInMethodsQueryOptions = queryOptions({ queryKey: SIGN_IN_METHODS_KEY, queryFn: getSignInMethods });

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions);
}
