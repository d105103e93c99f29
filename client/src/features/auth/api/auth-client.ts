import { magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's React client, talking to our own server (same origin, httpOnly session cookie). Replaces
 * the hosted provider's client of product-spec.md section 7 (DESIGN.md section 3.1).
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  plugins: [magicLinkClient()],
  sessionOptions: {
    // The session is re-read when the tab regains focus and every 5 minutes while visible, so a session
    // ended elsewhere (sign out everywhere) is noticed; each read also extends a session in use.
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60,
  },
});

/** Where the links in our mails land (product-spec.md section 2, query parameters). */
export const VERIFIED_CALLBACK = '/dashboard?verified=true';
export const RECOVERED_CALLBACK = '/dashboard?recovered=true';
