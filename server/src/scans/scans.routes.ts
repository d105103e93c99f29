import { Hono } from 'hono';
import { SCAN_TOTAL_HEADER, scanListQuerySchema, scanRequestSchema } from '@redflag/contracts/scan';
import { presentedSessionToken, requireUser, sessionIsCurrent, setSessionUser } from '../auth/session.ts';
import type { RateRule } from '../http/rate-limit.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { parseWith } from '../http/validate.ts';
import { AppError } from '../lib/app-error.ts';
import { findRequester, getScan, getScans, getStats, removeAllScans, removeScan, runScan, type ScanRequester } from './scans.service.ts';

/** A person pasting messages does a few a minute; this stops scripted abuse of one account. */
export const SCANS_PER_USER: RateRule = { name: 'scans:user', limit: 30, windowSeconds: 60 };

export function scanRoutes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  return new Hono<AppEnv>()
    .post('/api/scans', async (c) => {
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
      const raw = await readJson(c.req.raw);
      // The spec's own text for a blank message (product-spec.md section 5).
      if (typeof raw === 'object' && raw !== null && (typeof (raw as { message?: unknown }).message !== 'string' || !(raw as { message: string }).message.trim())) {
        throw new AppError('MESSAGE_REQUIRED', 'Please enter a message to analyze', { details: { title: 'Message Required' } });
      }
      const input = parseWith(scanRequestSchema, raw);
      if (rule) {
        // Refused before the engine runs when the window is already full; the hit itself is counted by the
        // statement that stores the scan, so a full window set by a concurrent request stores nothing either.
        const bucket = requester ? requester.bucket : await limiter.peek(rule, userId).then((p) => (p.allowed ? null : { count: rule.limit, resetAt: new Date(ctx.clock.now().getTime() + p.retryAfterSeconds * 1000) }));
        if (bucket && bucket.count >= rule.limit) {
          throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt.getTime() - ctx.clock.now().getTime()) / 1000)), details: { rule: rule.name } });
        }
      }
      const rate = rule ? { rule, key: userId, peek: limiter.peek } : null;
      return c.json(await runScan(ctx, userId, input, undefined, { plan: requester?.plan, rate }));
    })
    .get('/api/scans', async (c) => {
      const user = await requireUser(c);
      // The search text is the user's words: it is never logged (the request line has no query string).
      const query = parseWith(scanListQuerySchema, c.req.query());
      const { scans, total } = await getScans(ctx, user.id, query);
      // The body stays the spec's list of scans; the total for paging rides in a header.
      c.header(SCAN_TOTAL_HEADER, String(total));
      return c.json(scans);
    })
    .delete('/api/scans', async (c) => {
      const user = await requireUser(c);
      return c.json(await removeAllScans(ctx, user.id));
    })
    .get('/api/scans/:id', async (c) => {
      const user = await requireUser(c);
      return c.json(await getScan(ctx, user.id, c.req.param('id')));
    })
    .delete('/api/scans/:id', async (c) => {
      const user = await requireUser(c);
      return c.json(await removeScan(ctx, user.id, c.req.param('id')));
    })
    .get('/api/users/stats', async (c) => {
      const user = await requireUser(c);
      return c.json(await getStats(ctx, user.id));
    });
}

/** Like parseJson, but the body is inspected first so a blank message gets the spec's own text. */
async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
  }
}
