import { Hono } from 'hono';
import type { PublicConfig } from '@redflag/contracts/config';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import type { AppEnv } from '../http/types.ts';
import { engineInfo } from './engine-info.ts';

/** GET /api/config: what the client needs (docs/design.md §3.1, replacing supabaseUrl / supabaseAnonKey). */
export async function publicConfig(ctx: AppContext): Promise<PublicConfig> {
  const { config } = ctx;
  return {
    authBaseUrl: `${config.publicUrl}/api/auth`,
    signInMethods: {
      emailPassword: true,
      magicLink: true,
      google: Boolean(config.auth.google),
      facebook: Boolean(config.auth.facebook),
    },
    emailVerificationRequired: config.auth.requireEmailVerification,
    billingProvider: config.billing.provider,
    supportEmail: config.mail.supportEmail,
    engine: await engineInfo(),
  };
}

export function publicConfigRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  apiRoute(app, 'getConfig', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return publicConfig(ctx);
  });
  return app;
}
