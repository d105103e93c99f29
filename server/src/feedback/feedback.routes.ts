import { Hono, type MiddlewareHandler } from 'hono';
import { SHARED_RESULT_PATH_PREFIX } from '@redflag/contracts/feedback';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { getFeedback, getShare, getSharedScan, revokeShare, saveFeedback, saveShare } from './feedback.service.ts';

/** Shared results are for the people they are sent to, not for search engines (decision 072). */
function noIndex(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    }
  };
}

/** Feedback on a scan ("Was this right?") and its public share link. */
export function feedbackRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getFeedback', async (c, req) => ({
    feedback: await getFeedback(ctx, (await requireUser(c)).id, req.params.id),
  }));
  apiRoute(app, 'saveFeedback', async (c, req) => {
    const user = await requireUser(c);
    return { feedback: await saveFeedback(ctx, user.id, req.params.id, await req.body()) };
  });
  apiRoute(app, 'getShare', async (c, req) => ({
    share: await getShare(ctx, (await requireUser(c)).id, req.params.id),
  }));
  apiRoute(app, 'saveShare', async (c, req) => {
    const user = await requireUser(c);
    const { includeMessage } = await req.body();
    return { share: await saveShare(ctx, user.id, req.params.id, includeMessage) };
  });
  apiRoute(app, 'revokeShare', async (c, req) => revokeShare(ctx, (await requireUser(c)).id, req.params.id));
  // The public page (the client route) and its data: never indexed.
  app.use(`${SHARED_RESULT_PATH_PREFIX}*`, noIndex());
  app.use('/api/shared/*', noIndex());
  apiRoute(app, 'getSharedScan', async (_c, req) => getSharedScan(ctx, req.params.token));
  return app;
}
