import { authUserSchema, type AuthUserResponse } from '@redflag/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/auth/user: the signed-in user with subscriptionStatus and paymentSetupComplete. */
export async function getAuthUser(): Promise<AuthUserResponse> {
  return authUserSchema.parse(await api.get<unknown>('/api/auth/user'));
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
