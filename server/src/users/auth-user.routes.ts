import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { getAuthUser } from './auth-user.service.ts';

export function authUserRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  app.get('/api/auth/user', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getAuthUser(ctx, user));
  });
  return app;
}
