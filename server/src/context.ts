import { createAuth } from './auth/auth.ts';
import { createBillingProvider } from './billing/providers/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLlmReviewer } from './detection/llm/reviewer.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import type { Clock } from './lib/clock.ts';
import type { Logger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { createMailer, type MailSender } from './mail/mail.service.ts';
import type { AppContext } from './http/types.ts';

/** What the caller opens itself (and closes: the database), and the outside service a test may replace. */
export interface ContextDeps {
  database: Database;
  logger: Logger;
  clock: Clock;
  /** Replaces the SMTP transport (only used with SMTP_URL): a test passes a sender it controls. */
  mailSender?: MailSender;
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
    llmReviewer: config.llm ? createLlmReviewer(config.llm) : null,
  };
}
