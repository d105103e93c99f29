import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';

/** What every feature's routes and services are built from; made once in createApp. */
export interface AppContext {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
}

/** Hono's per-request variables. Features add theirs here (e.g. the signed-in user). */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
