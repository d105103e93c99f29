import { Hono } from 'hono';
import { z } from 'zod';
import { scanRequestSchema } from '@redflag/contracts/scan';
import { requireUser } from '../auth/session.ts';
import { createRateLimiter, type RateRule } from '../http/rate-limit.ts';
import type { AppContext, AppEnv } from '../http/types.ts';
import { parseWith } from '../http/validate.ts';
import { AppError } from '../lib/app-error.ts';
import { DEFAULT_LIST_LIMIT, getScan, getScans, getStats, runScan } from './scans.service.ts';

/** A person pasting messages does a few a minute; this stops scripted abuse of one account. */
export const SCANS_PER_USER: RateRule = { name: 'scans:user', limit: 30, windowSeconds: 60 };

const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_LIST_LIMIT) });

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
      const { limit } = parseWith(listQuerySchema, c.req.query());
      return c.json(await getScans(ctx, user.id, limit));
    })
    .get('/api/scans/:id', async (c) => {
      const user = await requireUser(c);
      return c.json(await getScan(ctx, user.id, c.req.param('id')));
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
