import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The session as better-auth's GET /api/auth/get-session answers it (null when signed out). Read with a
 * plain fetch so that better-auth's client library only loads with the dialogs, not on every page.
 * Reading it also extends a session in use (the server renews it once a day).
 */
export interface SessionPayload {
  session: { id: string; expiresAt: string };
  user: {
    id: string;
    email: string;
    name?: string | null;
    image?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    emailVerified?: boolean;
  };
}

export async function getSession(): Promise<SessionPayload | null> {
  const data = await api.get<SessionPayload | null>('/api/auth/get-session');
  return data && typeof data === 'object' && 'user' in data ? data : null;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  // Re-read when the tab regains focus and every 5 minutes, so a session ended elsewhere (sign out
  // everywhere) is noticed in the background.
  refetchOnWindowFocus: true,
  refetchInterval: 5 * 60_000,
  refetchIntervalInBackground: false,
  retry: 2,
});
