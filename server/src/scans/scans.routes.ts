import { Hono } from 'hono';
import { SCAN_TOTAL_HEADER } from '@redflag/contracts/scan';
import { presentedSessionToken, requireUser, setSessionUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { apiRoute } from '../http/api-route.ts';
import {
  answerScan,
  claimRequest,
  findSessionScan,
  getScan,
  getScans,
  getStats,
  removeAllScans,
  refuseWhenWindowFull,
  removeScan,
  requireMessage,
  runScan,
} from './scans.service.ts';
import { SCANS_PER_USER } from './rate-rules.ts';

export function scanRoutes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  const app = new Hono<AppEnv>();
  apiRoute(app, 'createScan', async (c, req) => {
    const rule = ctx.config.rateLimits ? SCANS_PER_USER : null;
    const rate = (userId: string) => (rule ? { rule, key: userId, peek: limiter.peek } : null);
    // The plain case (a signed cookie or bearer token naming a current session): the session, its user and
    // plan read, and what the scan spends taken, in one statement (claimRequest). It needs the body first;
    // a request whose body is refused is still answered 401 when it names no session.
    const token = await presentedSessionToken(c);
    if (token) {
      let input;
      try {
        input = await req.body(requireMessage);
      } catch (err) {
        await requireUser(c);
        throw err;
      }
      const claimed = await claimRequest(ctx, token, rule, input);
      if (claimed) {
        const user = setSessionUser(c, claimed.user);
        if ('refusal' in claimed) throw claimed.refusal;
        return runScan(ctx, user.id, input, { rate: rate(user.id), claim: claimed.claim });
      }
      // Renewal due, expired or unknown: better-auth answers, then the scan takes what it spends itself.
      const userId = (await requireUser(c)).id;
      if (rule) await refuseWhenWindowFull(ctx, rule, userId, undefined);
      return runScan(ctx, userId, input, { rate: rate(userId) });
    }
    const userId = (await requireUser(c)).id;
    const input = await req.body(requireMessage);
    if (rule) await refuseWhenWindowFull(ctx, rule, userId, undefined);
    return runScan(ctx, userId, input, { rate: rate(userId) });
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
    // The plain case: the session, its user and the scan read in one statement (findSessionScan), then the
    // store: two round trips. Renewal due, expired or unknown: better-auth answers first, as for any route.
    // A re-score runs the engine: it counts against the account's scan rate as a new scan does.
    const rule = ctx.config.rateLimits ? SCANS_PER_USER : null;
    const token = await presentedSessionToken(c);
    const found = token ? await findSessionScan(ctx, token, req.params.id, rule) : null;
    const user = found ? setSessionUser(c, found.user) : await requireUser(c);
    const { context } = await req.body();
    return answerScan(ctx, user.id, req.params.id, context, found ?? undefined, rule);
  });
  apiRoute(app, 'deleteScan', async (c, req) => removeScan(ctx, (await requireUser(c)).id, req.params.id));
  apiRoute(app, 'getScanStats', async (c) => getStats(ctx, (await requireUser(c)).id));
  return app;
}
