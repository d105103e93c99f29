import { Hono } from 'hono';
import { SCAN_TOTAL_HEADER } from '@redflag/contracts/scan';
import { presentedSessionToken, requireUser, sessionIsCurrent, setSessionUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { apiRoute } from '../http/api-route.ts';
import {
  answerScan,
  findRequester,
  getScan,
  getScans,
  getStats,
  removeAllScans,
  refuseWhenWindowFull,
  removeScan,
  requireMessage,
  runScan,
  type ScanRequester,
} from './scans.service.ts';
import { SCANS_PER_USER } from './rate-rules.ts';

export function scanRoutes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  const app = new Hono<AppEnv>();
  apiRoute(app, 'createScan', async (c, req) => {
    const rule = ctx.config.rateLimits ? SCANS_PER_USER : null;
    // The plain case (a signed cookie or bearer token naming a current session): session, user, plan and
    // rate bucket in one read. Anything else (renewal due, expired, unknown token) goes through better-auth.
    const token = await presentedSessionToken(c);
    const found = token ? await findRequester(ctx, token, rule) : null;
    let requester: Pick<ScanRequester, 'plan' | 'bucket'> | null = null;
    let userId: string;
    if (found && sessionIsCurrent(found.sessionExpiresAt)) {
      userId = setSessionUser(c, found.user).id;
      requester = found;
    } else {
      userId = (await requireUser(c)).id;
    }
    const input = await req.body(requireMessage);
    if (rule) await refuseWhenWindowFull(ctx, rule, userId, requester?.bucket);
    const rate = rule ? { rule, key: userId, peek: limiter.peek } : null;
    return runScan(ctx, userId, input, undefined, { plan: requester?.plan, rate });
  });
  apiRoute(app, 'listScans', async (c, req) => {
    const user = await requireUser(c);
    // The search text is the user's words: it is never logged (the request line has no query string).
    const { scans, total } = await getScans(ctx, user.id, req.query());
    // The body stays the spec's list of scans; the total for paging rides in a header.
    c.header(SCAN_TOTAL_HEADER, String(total));
    return scans;
  });
  apiRoute(app, 'deleteAllScans', async (c) => removeAllScans(ctx, (await requireUser(c)).id));
  apiRoute(app, 'getScan', async (c, req) => getScan(ctx, (await requireUser(c)).id, req.params.id));
  apiRoute(app, 'answerScan', async (c, req) => {
    const user = await requireUser(c);
    const { context } = await req.body();
    return answerScan(ctx, user.id, req.params.id, context);
  });
  apiRoute(app, 'deleteScan', async (c, req) => removeScan(ctx, (await requireUser(c)).id, req.params.id));
  apiRoute(app, 'getScanStats', async (c) => getStats(ctx, (await requireUser(c)).id));
  return app;
}
