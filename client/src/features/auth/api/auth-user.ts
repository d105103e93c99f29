import type { AuthUserResponse } from '@redflag/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * GET /api/auth/user: the signed-in user with subscriptionStatus and paymentSetupComplete. Typed with the
 * contract but not parsed with zod here: this runs on every page, and zod would add ~20 KB to the landing
 * page's JavaScript (the server's API tests check the shape against authUserSchema).
 */
export async function getAuthUser(): Promise<AuthUserResponse> {
  return api.get<AuthUserResponse>('/api/auth/user');
}

/** Cached under the spec's key (product-spec.md section 7: '/api/auth/user', invalidated after payment). */
export const authUserQueryKey = ['/api/auth/user'] as const;

export function authUserQueryOptions(sessionUserId: string | null) {
  return queryOptions({
    queryKey: [...authUserQueryKey, sessionUserId],
    queryFn: getAuthUser,
    enabled: Boolean(sessionUserId),
  });
}
