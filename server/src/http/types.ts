import type { Logger } from '../lib/logger.ts';

// The app's services (AppContext) are in server/src/context.ts, beside createContext.

/**
 * Hono's per-request variables that the edge sets. A feature declares its own beside its code by extending
 * Hono's ContextVariableMap (auth/session.ts: better-auth and the signed-in user), so this toolbox names no
 * feature (docs/architecture.md).
 */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
