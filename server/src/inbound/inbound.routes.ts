import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { getForwardingAddress, renewForwardingAddress } from './inbound.service.ts';

/** The account page's forwarding address: shown (made on first sight) and renewed. */
export function inboundRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getForwardingAddress', async (c) => getForwardingAddress(ctx, (await requireUser(c)).id));
  apiRoute(app, 'renewForwardingAddress', async (c, req) => {
    const user = await requireUser(c);
    await req.body();
    return renewForwardingAddress(ctx, user.id);
  });
  return app;
}
