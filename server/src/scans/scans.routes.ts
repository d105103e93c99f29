import { Hono } from 'hono';
import { SCAN_TOTAL_HEADER, scanListQuerySchema, scanRequestSchema } from '@redflag/contracts/scan';
import { requireUser } from '../auth/session.ts';
import { createRateLimiter, type RateRule } from '../http/rate-limit.ts';
import type { AppContext, AppEnv } from '../http/types.ts';
import { parseWith } from '../http/validate.ts';
import { AppError } from '../lib/app-error.ts';
import { getScan, getScans, getStats, removeAllScans, removeScan, runScan } from './scans.service.ts';

/** A person pasting messages does a few a minute; this stops scripted abuse of one account. */
export const SCANS_PER_USER: RateRule = { name: 'scans:user', limit: 30, windowSeconds: 60 };

export function scanRoutes(ctx: AppContext) {
  const limiter = createRateLimiter(ctx);
  return new Hono<AppEnv>()
    .post('/api/scans', async (c) => {
      const user = await requireUser(c);
      const raw = await readJson(c.req.raw);
      // The spec's own text for a blank message (product-spec.md section 5).
      if (typeof raw === 'object' && raw !== null && (typeof (raw as { message?: unknown }).message !== 'string' || !(raw as { message: string }).message.trim())) {
        throw new AppError('MESSAGE_REQUIRED', 'Please enter a message to analyze', { details: { title: 'Message Required' } });
      }
      const input = parseWith(scanRequestSchema, raw);
      await limiter.consume(SCANS_PER_USER, user.id);
      return c.json(await runScan(ctx, user.id, input));
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
