import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

/** Self-service data rights (docs/design.md §3.5). */
export function accountRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  // A file download: the account page saves the answer under the name given here.
  apiRoute(app, 'exportAccount', async (c) => {
    const user = await requireUser(c);
    const data = await exportAccount(ctx, user.id);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="redflag-export-${data.exportedAt.slice(0, 10)}.json"`);
    return data;
  });
  apiRoute(app, 'deleteAccount', async (c, req) => {
    const user = await requireUser(c);
    const { confirmEmail } = await req.body();
    await deleteAccount(ctx, user.id, user.email, confirmEmail);
    return { deleted: true as const };
  });
  return app;
}
