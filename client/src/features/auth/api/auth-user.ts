import type { AuthUserResponse } from '@redflag/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/auth/user: the signed-in user with subscriptionStatus and paymentSetupComplete. */
export const getAuthUser = (): Promise<AuthUserResponse> => apiRequest('getAuthUser');

export function authUserQueryOptions(sessionUserId: string | null) {
  return queryOptions({
    queryKey: queryKeys.authUser.forUser(sessionUserId),
    queryFn: getAuthUser,
    enabled: Boolean(sessionUserId),
  });
}
