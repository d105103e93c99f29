import type { Context } from 'hono';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from '../http/types.ts';

/**
 * THE way every route learns who is signed in. A request is authenticated only by a valid better-auth
 * session: the httpOnly session cookie, or `Authorization: Bearer <token>` (API clients). Nothing else
 * identifies anyone: X-User-ID / X-User-Email are ignored (DESIGN.md section 3.2).
 *
 *   const user = await requireUser(c);        // 401 UNAUTHORIZED when signed out
 *   const maybe = await getOptionalUser(c);   // null when signed out
 *
 * The lookup runs once per request (cached in c.var.user). When the session is due for renewal,
 * better-auth extends it and the refreshed cookie is added to this response.
 */

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  image: string | null;
  createdAt: Date;
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
  const result: SessionUser | null = u
    ? {
        id: u.id,
        email: u.email,
        emailVerified: u.emailVerified,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
        name: u.name || null,
        image: u.image ?? null,
        createdAt: new Date(u.createdAt),
      }
    : null;
  c.set('user', result);
  return result;
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await getOptionalUser(c);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}
