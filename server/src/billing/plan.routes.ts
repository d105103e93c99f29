import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import { apiRoute } from '../http/api-route.ts';
import { getPlan, getScanUsage, getTrialStatus } from './billing.service.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';

/** GET /api/users/plan, /scan-usage and /trial-status: the signed-in user's plan, as the server decides it. */
export function planRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getPlan', async (c) => getPlan(ctx, (await requireUser(c)).id));
  apiRoute(app, 'getScanUsage', async (c) => getScanUsage(ctx, (await requireUser(c)).id));
  apiRoute(app, 'getTrialStatus', async (c) => getTrialStatus(ctx, (await requireUser(c)).id));
  return app;
}
