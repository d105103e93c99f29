import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../http/types.ts';
import { clientIp, rateLimit, type RateLimitKey, type RateRule } from '../http/rate-limit.ts';
import { CLIENT_IP_HEADER, getAuth } from './auth.ts';
import { normaliseAuthResponse } from './auth-errors.ts';
import { AUTH_RATE_RULES } from './rate-rules.ts';

/** Makes better-auth available to every route (requireUser / getOptionalUser read it from c.var.auth). */
export function authContext(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const auth = getAuth(ctx);
  return async (c, next) => {
    c.set('auth', auth);
    await next();
  };
}

/** The e-mail in a JSON body, read from a clone so better-auth still gets the untouched request. */
async function bodyEmail(c: Context<AppEnv>): Promise<string | null> {
  try {
    const body: unknown = await c.req.raw.clone().json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'email' in body &&
      typeof body.email === 'string' &&
      body.email.trim()
    ) {
      return body.email.trim().toLowerCase();
    }
  } catch {
    // Not JSON: better-auth will refuse it; nothing to count per e-mail.
  }
  return null;
}

function limits(ctx: AppContext, rules: { ip: RateRule; email: RateRule }) {
  const keys: RateLimitKey[] = [
    { rule: rules.ip, key: (c) => clientIp(c, ctx.config) },
    { rule: rules.email, key: bodyEmail },
  ];
  return rateLimit(ctx, keys);
}

/**
 * /api/auth/*: our rate limits first (per client address and per e-mail), then better-auth's handler, whose
 * error answers are rewritten into the app's error shape. Mounted before anything reads the body.
 */
export function authRoutes(ctx: AppContext) {
  const auth = getAuth(ctx);
  const app = new Hono<AppEnv>();

  app.post('/api/auth/sign-in/email', limits(ctx, AUTH_RATE_RULES.signIn));
  app.post('/api/auth/sign-up/email', limits(ctx, AUTH_RATE_RULES.signUp));
  app.post('/api/auth/sign-in/magic-link', limits(ctx, AUTH_RATE_RULES.magicLink));
  app.post('/api/auth/send-verification-email', limits(ctx, AUTH_RATE_RULES.resend));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // better-auth records the address on the session; it reads only the header we set here, from the
    // address we trust (never a client-supplied header unless TRUST_PROXY_HEADER names it).
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, ctx.config));
    const request = new Request(c.req.raw, { headers });
    const res = await auth.handler(request);
    return normaliseAuthResponse(res);
  });

  return app;
}
