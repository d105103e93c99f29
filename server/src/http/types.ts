import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';

/** What every feature's routes and services are built from; made once in createApp. */
export interface AppContext {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Prometheus metrics (/metrics); createApp makes them when the caller did not. */
  metrics?: Metrics;
}

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
