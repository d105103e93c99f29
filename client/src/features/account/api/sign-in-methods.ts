import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/auth/list-accounts (better-auth): how the person signs in. Only an account with a password
 * ('credential') can change it; a Google-only account is told so instead of offered a form that must fail.
 */
export async function getSignInMethods(): Promise<string[]> {
  return (await apiRequest('listSignInMethods')).map((row) => row.providerId);
}

export const signInMethodsQueryOptions = queryOptions({ queryKey: queryKeys.signInMethods, queryFn: getSignInMethods });

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions);
}
