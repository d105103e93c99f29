import { magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { LINK_EXPIRED_PATH } from '@redflag/contracts/routes';

/**
 * better-auth's client for the account actions (sign in / up, magic link, social, sign out); the session
 * itself is read by ./session.ts. Only the lazily loaded dialogs and sign-out import this file. It is
 * better-auth's React client, talking to our own server (same origin, httpOnly session cookie). Replaces
 * the hosted provider's client of docs/product.md §7 (docs/design.md §3.1).
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  plugins: [magicLinkClient()],
});

/** Where the links in our mails land (docs/product.md §2, query parameters). */
export const VERIFIED_CALLBACK = '/dashboard?verified=true';
export const RECOVERED_CALLBACK = '/dashboard?recovered=true';

/**
 * Where a used or expired mail link lands: the page that says so and offers the next step.
 * better-auth adds `error=INVALID_TOKEN` (or TOKEN_EXPIRED).
 */
export const LINK_ERROR_CALLBACK = { magic: `${LINK_EXPIRED_PATH}?link=magic` } as const;
