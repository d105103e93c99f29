import { Hono, type MiddlewareHandler } from 'hono';
import { feedbackRequestSchema, shareRequestSchema, SHARED_RESULT_PATH_PREFIX } from '@redflag/contracts/feedback';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
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

/** Feedback on a scan ("Was this right?") and its public share link (issue 14, items 1 and 4). */
export function feedbackRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .get('/api/scans/:id/feedback', async (c) => {
        const user = await requireUser(c);
        return c.json({ feedback: await getFeedback(ctx, user.id, c.req.param('id')) });
      })
      .put('/api/scans/:id/feedback', async (c) => {
        const user = await requireUser(c);
        const input = await parseJson(c, feedbackRequestSchema);
        return c.json({ feedback: await saveFeedback(ctx, user.id, c.req.param('id'), input) });
      })
      .get('/api/scans/:id/share', async (c) => {
        const user = await requireUser(c);
        return c.json({ share: await getShare(ctx, user.id, c.req.param('id')) });
      })
      .put('/api/scans/:id/share', async (c) => {
        const user = await requireUser(c);
        const input = await parseJson(c, shareRequestSchema);
        return c.json({ share: await saveShare(ctx, user.id, c.req.param('id'), input.includeMessage) });
      })
      .delete('/api/scans/:id/share', async (c) => {
        const user = await requireUser(c);
        return c.json(await revokeShare(ctx, user.id, c.req.param('id')));
      })
      // The public page (the client route) and its data: never indexed.
      .use(`${SHARED_RESULT_PATH_PREFIX}*`, noIndex())
      .use('/api/shared/*', noIndex())
      .get('/api/shared/:token', async (c) => c.json(await getSharedScan(ctx, c.req.param('token'))))
  );
}
