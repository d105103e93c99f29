import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from '../http/types.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';

/**
 * THE way every route learns who is signed in. A request is authenticated only by a valid better-auth
 * session: the httpOnly session cookie, or `Authorization: Bearer <token>` (API clients). Nothing else
 * identifies anyone: X-User-ID / X-User-Email are ignored (docs/design.md §3.2).
 *
 *   const user = await requireUser(c);        // 401 UNAUTHORIZED when signed out
 *   const maybe = await getOptionalUser(c);   // null when signed out
 *
 * The lookup runs once per request (cached in c.var.user). When the session is due for renewal,
 * better-auth extends it and the refreshed cookie is added to this response.
 */

export type { SessionUser } from './session-user.ts';

// The request variables this feature sets and reads, added to Hono's own map (every Context sees them) so the
// edge's AppEnv in http/types.ts need not import auth/.
declare module 'hono' {
  interface ContextVariableMap {
    /** better-auth, set for every request by authContext (auth.routes.ts); routes use requireUser / getOptionalUser. */
    auth: Auth;
    /** The signed-in user once looked up (null: signed out); read it through requireUser / getOptionalUser. */
    user: SessionUser | null | undefined;
  }
}

export async function getOptionalUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  const auth = c.get('auth');
  if (!auth)
    throw new Error(
      'getOptionalUser: the auth middleware (server/src/auth/auth.routes.ts) is not mounted before this route',
    );
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  const u = response?.user;
  const result: SessionUser | null = u ? toSessionUser(u) : null;
  c.set('user', result);
  return result;
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await getOptionalUser(c);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/**
 * The session token a request presents, read and verified as better-auth reads it (the signed session
 * cookie, or a bearer token as the bearer plugin turns it into that cookie), WITHOUT a database query: for
 * a route that looks the session up in the same statement as its own data (POST /api/scans).
 * Null when the request is anything but the plain case (no or badly signed credential, a leftover
 * session-data cookie, "don't remember me"): the caller then asks better-auth (getOptionalUser), which
 * answers those cases as it always has. A token from here is only a claim: the caller must find it in the
 * session table, unexpired, and hand the row to `sessionIsCurrent`.
 */
export async function presentedSessionToken(c: Context<AppEnv>): Promise<string | null> {
  const auth = c.get('auth');
  if (!auth) return null;
  const { authCookies, secret } = await auth.$context;
  if (
    getCookie(c, authCookies.sessionData.name) !== undefined ||
    getCookie(c, authCookies.dontRememberToken.name) !== undefined
  )
    return null;
  const header = c.req.header('authorization');
  if (header !== undefined) {
    if (header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
    const bearer = header.slice(7).trim();
    // The bearer plugin signs an unsigned token itself (requireSignature is off): the token stands as sent.
    if (bearer && !bearer.includes('.') && !bearer.includes('%')) return bearer;
    return null;
  }
  const value = getCookie(c, authCookies.sessionToken.name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Whether a stored session found by `presentedSessionToken` can be used as it is: unexpired and not yet
 * due for better-auth's daily renewal (the same test better-auth applies). Otherwise the caller goes
 * through getOptionalUser, which renews it (and sets the refreshed cookie) or clears it.
 */
export function sessionIsCurrent(expiresAt: Date, now = Date.now()): boolean {
  if (expiresAt.getTime() <= now) return false;
  return expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 > now;
}

/** sessionIsCurrent in SQL terms: a session is current when it expires after this instant. */
export function sessionCurrentAfter(now = Date.now()): Date {
  return new Date(now + SESSION_EXPIRES_IN_SECONDS * 1000 - SESSION_UPDATE_AGE_SECONDS * 1000);
}

/** Records the user found by a route's own session lookup, so getOptionalUser does not look again. */
export function setSessionUser(c: Context<AppEnv>, user: SessionUser): SessionUser {
  c.set('user', user);
  return user;
}
