import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Logger } from '../lib/logger.ts';

// The app's services (AppContext) are in server/src/context.ts, beside createContext.

/** Hono's per-request variables. Features add theirs here (e.g. the signed-in user). */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** better-auth, set for every request by the auth middleware; routes use requireUser / getOptionalUser. */
    auth: Auth;
    /** The signed-in user once looked up (null: signed out); read it through server/src/auth/session.ts. */
    user: SessionUser | null | undefined;
  };
}
