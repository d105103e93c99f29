/**
 * The signed-in user as routes see it (server/src/auth/session.ts finds it). Its own file so that the
 * request variables (http/types.ts) can name it without importing session.ts, which imports them.
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

/** A user row as better-auth or a session statement answers it (scans.repo.ts claimScan, sessionScan), as a SessionUser. */
export function toSessionUser(u: {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  name?: string | null | undefined;
  image?: string | null | undefined;
  createdAt: Date | string;
}): SessionUser {
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    name: u.name || null,
    image: u.image ?? null,
    createdAt: new Date(u.createdAt),
  };
}
