import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import { getPlan, getScanUsage, getTrialStatus } from './billing.service.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';

/** GET /api/users/plan, /scan-usage and /trial-status: the signed-in user's plan, as the server decides it. */
export function planRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.get('/api/users/plan', async (c) => {
    const user = await requireUser(c);
    return c.json(await getPlan(ctx, user.id));
  });

  app.get('/api/users/scan-usage', async (c) => {
    const user = await requireUser(c);
    return c.json(await getScanUsage(ctx, user.id));
  });

  app.get('/api/users/trial-status', async (c) => {
    const user = await requireUser(c);
    return c.json(await getTrialStatus(ctx, user.id));
  });

  return app;
}
