import { Hono } from 'hono';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { errorBody } from '../http/error-handler.ts';
import { feedStatus } from '../reputation/feeds.service.ts';

/**
 * /healthz: the process is up. /readyz: the engine has warmed up and the database answers (load balancers
 * route on this), with each
 * known-bad list's age as detail: an old list is worth an alert, not a reason to stop routing (decision 103).
 * Anyone may ask, so the answer says only that: ready or not, and per list (in name order) its age, whether
 * it is stale and the closed reason its last refresh was refused. Names, counts and error text are for the
 * operator: the log and /metrics behind its token (decision 108).
 */
export function healthRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      // Not before the engine has warmed up: a balancer would send the first scans to a cold engine.
      if (!ctx.readiness.engineWarm)
        return c.json(errorBody('SERVICE_UNAVAILABLE', 'Starting: the engine is warming up'), 503);
      const ok = await ctx.database.ping();
      if (!ok) return c.json(errorBody('SERVICE_UNAVAILABLE', 'Database unavailable'), 503);
      const stale = ctx.config.feeds.refreshMinutes * 60 * 3;
      const feeds = (await feedStatus(ctx).catch(() => [])).map((f) => ({
        ageSeconds: f.ageSeconds,
        stale: f.ageSeconds === null || f.ageSeconds > stale,
        lastFailure: f.lastFailure,
      }));
      return c.json({ status: 'ok', feeds });
    });
}
