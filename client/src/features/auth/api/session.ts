import type { SessionResponse } from '@redflag/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * The session as better-auth's GET /api/auth/get-session answers it (null when signed out). Read through
 * our client rather than better-auth's, so that library only loads with the dialogs, not on every page.
 * Reading it also extends a session in use (the server renews it once a day).
 */
export type SessionPayload = NonNullable<SessionResponse>;

export const getSession = (): Promise<SessionPayload | null> => apiRequest('getSession');

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  // Re-read when the tab regains focus and every 5 minutes, so a session ended elsewhere (sign out
  // everywhere) is noticed in the background.
  refetchOnWindowFocus: true,
  refetchInterval: 5 * 60_000,
  refetchIntervalInBackground: false,
  retry: 2,
});
