import { Hono } from 'hono';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { createApiKey, getApiKeys, revokeKey } from './api-keys.service.ts';

/** The account page's API keys (docs/decisions/073): list, create (the key is shown once) and revoke. */
export function apiKeysRoutes(ctx: AppContext) {
  const keys = new Hono<AppEnv>();
  apiRoute(keys, 'listApiKeys', async (c) => getApiKeys(ctx, (await requireUser(c)).id));
  apiRoute(keys, 'createApiKey', async (c, req) => {
    const user = await requireUser(c);
    const { name } = await req.body();
    return createApiKey(ctx, user.id, name);
  });
  apiRoute(keys, 'revokeApiKey', async (c, req) => revokeKey(ctx, (await requireUser(c)).id, req.params.id));
  return keys;
}
