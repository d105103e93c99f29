import { Hono } from 'hono';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { errorBody } from '../http/error-handler.ts';

/** /healthz: the process is up. /readyz: the database answers (load balancers route on this). */
export function healthRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      const ok = await ctx.database.ping();
      if (!ok) return c.json(errorBody('SERVICE_UNAVAILABLE', 'Database unavailable'), 503);
      return c.json({ status: 'ok', database: ctx.database.driver });
    });
}
