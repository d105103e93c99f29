import { Hono } from 'hono';
import { analyticsRiskLevel } from '@redflag/contracts/constants';
import { getOptionalUser } from '../auth/session.ts';
import { clientIp, type RateRule } from '../http/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { insertEvent } from './events.repo.ts';

/** Generous: a busy page sends a handful of events; this only stops floods. */
export const EVENTS_PER_IP: RateRule = { name: 'events:ip', limit: 120, windowSeconds: 60 };

/**
 * POST /api/events: first-party analytics (docs/design.md §2). Signed-out visitors may send events too
 * (scan_attempt_unauthenticated). The schema is strict, so no message text, phone or e-mail is accepted.
 */
export function eventRoutes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  const app = new Hono<AppEnv>();
  apiRoute(app, 'sendEvent', async (c, req) => {
    const event = await req.body();
    await limiter.consume(EVENTS_PER_IP, clientIp(c, ctx.config));
    const user = await getOptionalUser(c);
    const score = event.properties.riskScore;
    await insertEvent(ctx.database.db, {
      name: event.name,
      userId: user?.id ?? null,
      properties: event.properties,
      riskLevel: score === undefined ? null : analyticsRiskLevel(score),
    });
    return undefined;
  });
  return app;
}
