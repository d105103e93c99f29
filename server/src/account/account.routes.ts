import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

const deleteSchema = z.object({ confirmEmail: z.string({ error: 'Type your account e-mail address to confirm deletion' }).min(1, 'Type your account e-mail address to confirm deletion') });

/** Self-service data rights (DESIGN.md section 3.5). */
export function accountRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/api/account/export', async (c) => {
      const user = await requireUser(c);
      const data = await exportAccount(ctx, user.id);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="redflag-export-${data.exportedAt.slice(0, 10)}.json"`);
      return c.json(data);
    })
    .post('/api/account/delete', async (c) => {
      const user = await requireUser(c);
      const { confirmEmail } = await parseJson(c, deleteSchema);
      await deleteAccount(ctx, user.id, user.email, confirmEmail);
      return c.json({ deleted: true });
    });
}
