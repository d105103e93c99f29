import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session.ts';
import type { BillingProvider } from '../billing/providers/types.ts';
import type { Config } from '../config.ts';
import type { LlmReviewer } from '../detection/llm/reviewer.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { RateLimiter } from './rate-limit.ts';

/** Every service the app's routes, services and jobs use, built once by createContext (server/src/context.ts). */
export interface AppContext {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Prometheus metrics (/metrics), one registry per app. */
  metrics: Metrics;
  /** better-auth (server/src/auth/auth.ts). */
  auth: Auth;
  /** Outgoing mail through the outbox (server/src/mail/mail.service.ts). */
  mailer: Mailer;
  /** The database-backed fixed-window limiter shared by every instance (server/src/http/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** The billing provider config.billing chose: local or Stripe (server/src/billing/providers/). */
  billing: BillingProvider;
  /** The optional LLM second opinion (config.llm); null when LLM_BASE_URL / LLM_MODEL are not set. */
  llmReviewer: LlmReviewer | null;
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
