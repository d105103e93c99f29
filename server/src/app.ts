import { Hono } from 'hono';
import { accountRoutes } from './account/account.routes.ts';
import { feedStatus } from './reputation/feeds.service.ts';
import { reputationRoutes } from './reputation/reputation.routes.ts';
import { apiKeysRoutes } from './api/api-keys.routes.ts';
import { docsRoutes } from './api/docs.routes.ts';
import { v1Routes } from './api/v1.routes.ts';
import { authContext, authEndpointPaths, authRoutes } from './auth/auth.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { localBillingPages } from './billing/local.pages.ts';
import { planRoutes } from './billing/plan.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inboundRoutes } from './inbound/inbound.routes.ts';
import { limitRequestBodies } from './http/body-limit.ts';
import { errorBody, handleError } from './http/error-handler.ts';
import { metricsRoutes } from './http/metrics.ts';
import { requestLog } from './http/request-log.ts';
import { csrfProtection, devOnly, noStore, securityHeaders } from './http/security.ts';
import { rejectUnstorableText } from './http/validate.ts';
import { mountClient } from './http/static.ts';
import type { AppContext } from './context.ts';
import type { AppEnv } from './http/types.ts';
import { eventRoutes } from './events/events.routes.ts';
import { feedbackRoutes } from './feedback/feedback.routes.ts';
import { devMailboxRoutes } from './mail/mailbox.routes.ts';
import { publicConfigRoutes } from './public-config/public-config.routes.ts';
import { scanRoutes } from './scans/scans.routes.ts';
import { shareTargetRoutes } from './share-target/share-target.routes.ts';
import { authUserRoutes } from './users/auth-user.routes.ts';

/**
 * Builds the app. Middleware order matters: request id and logging first (so every line has the id),
 * security headers, no-store for the API, the body limit, the origin and content-type check, the dev-only
 * guards, then the API routers, the JSON 404 for unknown /api paths, and last
 * the client. One error handler for everything.
 */
export function createApp(ctx: AppContext) {
  // Every service comes built from createContext (server/src/context.ts); the app only wires them in.
  const { metrics } = ctx;
  const app = new Hono<AppEnv>();

  // The log names a request by its route pattern: every route registered below, and better-auth's own.
  app.use(requestLog(ctx.logger, metrics, () => [...app.routes.map((r) => r.path), ...authEndpointPaths(ctx.auth)]));
  app.use(securityHeaders(ctx.config.production));
  // Every /api answer is no-store unless its route says otherwise.
  app.use('/api/*', noStore());
  // Every path, before anything reads a body: the CSRF check (a body without Content-Type), the unstorable-text
  // check, better-auth, the Stripe webhook, the billing forms (8 KiB) and any route added later.
  app.use(limitRequestBodies(ctx.config));
  // Foreign Origin / Referer: 403; an /api body that is not JSON: 415 (decision 045).
  // Before anything reads a body or counts a rate limit.
  app.use(csrfProtection(ctx.config));
  // Dev-only routes answer loopback clients under a local name only (decision 044).
  const devOnlyGuard = devOnly(ctx.config);
  if (ctx.config.devMailbox) app.use('/dev/*', devOnlyGuard);
  if (ctx.config.testClock) app.use('/api/test/*', devOnlyGuard);
  if (ctx.config.billing.testPages === 'loopback') app.use('/billing/*', devOnlyGuard);

  // Text the database cannot store is a 422 before anything reads it.
  app.use('/api/*', rejectUnstorableText());
  app.use('/billing/*', rejectUnstorableText());

  app.route('/', healthRoutes(ctx));
  app.route('/', metricsRoutes(ctx.config, metrics));
  // The known-bad lists' ages, read from the database at each scrape (decision 103).
  metrics.observeFeeds(() => feedStatus(ctx));

  // Accounts: every route can ask requireUser / getOptionalUser; GET /api/auth/user before better-auth's
  // catch-all, which must come before anything that reads the body.
  app.use('*', authContext(ctx));
  app.route('/', authUserRoutes(ctx));
  app.route('/', authRoutes(ctx));
  app.route('/', publicConfigRoutes(ctx));
  app.route('/', contactRoutes(ctx));
  if (ctx.config.devMailbox) app.route('/', devMailboxRoutes(ctx));
  app.route('/', planRoutes(ctx));
  app.route('/', billingRoutes(ctx));
  if (ctx.config.billing.testPages !== 'off') app.route('/', localBillingPages(ctx));

  app.route('/', scanRoutes(ctx));
  app.route('/', feedbackRoutes(ctx));
  app.route('/', eventRoutes(ctx));
  app.route('/', accountRoutes(ctx));
  app.route('/', reputationRoutes(ctx));
  app.route('/', inboundRoutes(ctx));
  app.route('/', shareTargetRoutes());
  // The public API (decisions 073, 074): the account page's keys, the documents and the reference page, then
  // /v1, whose key check sits in front of every /v1 path but the document mounted before it.
  app.route('/', apiKeysRoutes(ctx));
  app.route('/', docsRoutes(ctx));
  app.route('/', v1Routes(ctx));

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404));
  mountClient(app);

  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
