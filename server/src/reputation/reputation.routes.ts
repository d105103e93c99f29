import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { getReportSharing, setReportSharing } from './reputation.service.ts';

/** The account page's setting: whether this account's flagged scans count in reports for others (decision 103). */
export function reputationRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getReportSharing', async (c) => getReportSharing(ctx, (await requireUser(c)).id));
  apiRoute(app, 'saveReportSharing', async (c, req) => {
    const user = await requireUser(c);
    const { shareReports } = await req.body();
    return setReportSharing(ctx, user.id, shareReports);
  });
  return app;
}
