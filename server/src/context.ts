import { createAuth, type Auth } from './auth/auth.ts';
import { createBillingProvider } from './billing/providers/index.ts';
import type { BillingProvider } from './billing/providers/types.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLlmReviewer, type LlmReviewer } from './detection/llm/reviewer.ts';
import { createEngine, createEnginePool, type Engine, type EnginePool } from './engine/pool.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import type { Clock } from './lib/clock.ts';
import type { Logger } from './lib/logger.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { createMailer, type Mailer, type MailSender } from './mail/mail.service.ts';
import { createKnownBadLists, type KnownBadLists } from './reputation/known-bad.ts';

/** Every service the app's routes, services and jobs use, built once by createContext below. */
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
  /** The detection engine: analyses on the engine threads of `enginePool`, the LLM review here. */
  engine: Engine;
  /** The engine threads (server/src/engine/pool.ts); whoever made the context closes them. */
  enginePool: EnginePool;
  /** This instance's in-memory copy of the known-bad lists (server/src/reputation/known-bad.ts). */
  knownBad: KnownBadLists;
  /** What /readyz waits for besides the database: set by scans/engine-warmup.ts warmEngine at start. */
  readiness: Readiness;
}

export interface Readiness {
  /** The engine has run once since the start, so the first scan does not pay for its warm-up. */
  engineWarm: boolean;
}

/** What the caller opens itself (and closes: the database), and the outside service a test may replace. */
export interface ContextDeps {
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Replaces the SMTP transport (only used with SMTP_URL): a test passes a sender it controls. */
  mailSender?: MailSender;
  /** Engine threads to use instead of making config.engineThreads of them (the test harness shares one pool). */
  enginePool?: EnginePool;
}

/**
 * Builds every service of the app once, from the validated settings (docs/decisions/077-one-context.md):
 * server/src/index.ts, the test harness and the benches all start here, and routes, services and jobs are
 * handed the result. Nothing is cached in module scope, so a test can build a second context (a second
 * server instance) and a copy of the context holds the same instances as the original.
 */
export function createContext(config: Config, deps: ContextDeps): AppContext {
  const { database, logger, clock } = deps;
  const mailer = createMailer({ config, database, logger, clock }, deps.mailSender);
  const llmReviewer = config.llm ? createLlmReviewer(config.llm) : null;
  const enginePool = deps.enginePool ?? createEnginePool(config.engineThreads);
  return {
    config,
    database,
    logger,
    clock,
    metrics: createMetrics(database),
    mailer,
    auth: createAuth({ config, database, logger, mailer }),
    rateLimiter: createRateLimiter({ config, database, clock }),
    billing: createBillingProvider(config),
    llmReviewer,
    engine: createEngine({
      pool: enginePool,
      mx: config.emailMxLookup ? { timeoutMs: 1500 } : null,
      llm: llmReviewer,
      logger,
    }),
    enginePool,
    knownBad: createKnownBadLists({ database, clock }),
    readiness: { engineWarm: false },
  };
}
