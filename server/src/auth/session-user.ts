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
