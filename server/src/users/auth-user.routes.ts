import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { getAuthUser } from './auth-user.service.ts';

export function authUserRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getAuthUser', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return getAuthUser(ctx, user);
  });
  return app;
}
