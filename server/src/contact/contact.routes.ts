import { Hono } from 'hono';
import { getOptionalUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { clientIp, rateLimit, type RateRule } from '../http/rate-limit.ts';
import { AppError } from '../lib/app-error.ts';
import { submitContact } from './contact.service.ts';

export const CONTACT_RATE_RULE: RateRule = { name: 'contact:ip', limit: 5, windowSeconds: 60 * 60 };

export function contactRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  app.post(
    '/api/contact',
    rateLimit(ctx, [{ rule: CONTACT_RATE_RULE, key: (c) => clientIp(c, ctx.config) }]),
    async (c) => {
      let body: unknown = {};
      const text = await c.req.text();
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
      }
      const user = await getOptionalUser(c);
      const { id } = await submitContact(ctx, body, user?.id ?? null);
      c.get('log').info({ contactId: id, signedIn: Boolean(user) }, 'contact message received');
      return c.json({ ok: true as const, id });
    },
  );
  return app;
}
