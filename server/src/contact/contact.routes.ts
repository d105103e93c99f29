import { Hono } from 'hono';
import { getOptionalUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { clientIp, rateLimit, type RateRule } from '../http/rate-limit.ts';
import { assertContactInput, submitContact } from './contact.service.ts';

export const CONTACT_RATE_RULE: RateRule = { name: 'contact:ip', limit: 5, windowSeconds: 60 * 60 };

export function contactRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(
    app,
    'sendContact',
    async (c, req) => {
      const input = await req.body(assertContactInput);
      const user = await getOptionalUser(c);
      const { id } = await submitContact(ctx, input, user?.id ?? null);
      c.get('log').info({ contactId: id, signedIn: Boolean(user) }, 'contact message received');
      return { ok: true as const, id };
    },
    { use: [rateLimit(ctx, [{ rule: CONTACT_RATE_RULE, key: (c) => clientIp(c, ctx.config) }])] },
  );
  return app;
}
