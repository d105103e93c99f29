import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

/** Self-service data rights (docs/design.md §3.5). */
export function accountRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  // A file download, not in the web app's route table: the account page saves it as it comes.
  app.get('/api/account/export', async (c) => {
    const user = await requireUser(c);
    const data = await exportAccount(ctx, user.id);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="redflag-export-${data.exportedAt.slice(0, 10)}.json"`);
    return c.json(data);
  });
  apiRoute(app, 'deleteAccount', async (c, req) => {
    const user = await requireUser(c);
    const { confirmEmail } = await req.body();
    await deleteAccount(ctx, user.id, user.email, confirmEmail);
    return { deleted: true as const };
  });
  return app;
}
