import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from '../http/types.ts';
import {
  clientIp,
  rateLimit,
  type RateHit,
  type RateLimiter,
  type RateLimitKey,
  type RateRule,
} from '../http/rate-limit.ts';
import { AppError } from '../lib/app-error.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { normaliseAuthResponse } from './auth-errors.ts';
import { isKnownDevice, rememberDevice } from './known-device.ts';
import { AUTH_RATE_RULES } from './rate-rules.ts';

/**
 * What the auth routes use, named here rather than as a Pick of AppContext: context.ts builds better-auth
 * from this folder, so this folder does not import context.ts back (docs/architecture.md).
 */
export interface AuthRoutesDeps {
  auth: Auth;
  config: Config;
  rateLimiter: RateLimiter;
}

/** Makes better-auth available to every route (requireUser / getOptionalUser read it from c.var.auth). */
export function authContext(ctx: { auth: Auth }): MiddlewareHandler<AppEnv> {
  const { auth } = ctx;
  return async (c, next) => {
    c.set('auth', auth);
    await next();
  };
}

/** A text field of a JSON body, read from a clone so better-auth still gets the untouched request. */
async function bodyText(c: Context<AppEnv>, field: string): Promise<string | null> {
  try {
    const body: unknown = await c.req.raw.clone().json();
    if (typeof body === 'object' && body !== null && field in body) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value.trim().toLowerCase();
    }
  } catch {
    // Not JSON: better-auth will refuse it; nothing to count per e-mail.
  }
  return null;
}

const bodyEmail = (c: Context<AppEnv>) => bodyText(c, 'email');

function limits(ctx: AuthRoutesDeps, rules: { ip: RateRule; email: RateRule }) {
  const keys: RateLimitKey[] = [
    { rule: rules.ip, key: (c) => clientIp(c, ctx.config) },
    { rule: rules.email, key: bodyEmail },
  ];
  return rateLimit(ctx, keys);
}

function refuse(rule: RateRule, retryAfterSeconds: number): never {
  throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds, details: { rule: rule.name } });
}

/**
 * Sign-in (decision 048): every attempt counts per client and per (e-mail, client); only failures count
 * per e-mail, and a browser that signed in to that account before is not subject to that bucket. So a
 * client guessing at an address is stopped without locking the owner out from another client.
 */
function signInLimits(ctx: AuthRoutesDeps): MiddlewareHandler<AppEnv> {
  const limiter = ctx.rateLimiter;
  const rules = AUTH_RATE_RULES.signIn;
  const { secret } = ctx.config.auth;
  return async (c, next) => {
    const email = await bodyEmail(c);
    if (ctx.config.rateLimits) {
      const ip = clientIp(c, ctx.config);
      const checks: Array<[RateRule, Promise<RateHit>]> = [[rules.ip, limiter.hit(rules.ip, ip)]];
      if (email) {
        checks.push([rules.emailClient, limiter.hit(rules.emailClient, `${email}|${ip}`)]);
        if (!isKnownDevice(c, secret, email))
          checks.push([rules.emailFailures, limiter.peek(rules.emailFailures, email)]);
      }
      // Awaited together: awaiting them one by one left the others' failures unhandled when the first threw.
      const hits = await Promise.all(checks.map(([, pending]) => pending));
      let worst: [RateRule, RateHit] | null = null;
      for (const [i, hit] of hits.entries()) {
        const rule = checks[i]![0];
        if (!hit.allowed && (!worst || hit.retryAfterSeconds > worst[1].retryAfterSeconds)) worst = [rule, hit];
      }
      if (worst) refuse(worst[0], worst[1].retryAfterSeconds);
    }
    await next();
    if (!email) return;
    if (c.res.status === 401) await limiter.hit(rules.emailFailures, email);
    else if (c.res.status === 200) rememberDevice(c, secret, email, ctx.config.production);
  };
}

/** The signed-in user's id, for limits per account; null when signed out (better-auth answers 401). */
function sessionUserId(auth: Auth) {
  return async (c: Context<AppEnv>): Promise<string | null> => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    return current?.user.id ?? null;
  };
}

/**
 * The account a change-of-address token names (its `userId` claim), for the limits of the last step: read
 * without checking the signature, which better-auth does after; a forged token only spends its own bucket.
 */
async function changeTokenUserId(c: Context<AppEnv>): Promise<string | null> {
  const raw = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  const token = typeof raw === 'object' && raw !== null ? (raw as { token?: unknown }).token : undefined;
  if (typeof token !== 'string') return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const userId = typeof payload === 'object' && payload !== null ? (payload as { userId?: unknown }).userId : null;
    return typeof userId === 'string' && userId.length <= 64 ? userId : null;
  } catch {
    return null;
  }
}

/**
 * The paths better-auth answers under /api/auth/* (/api/auth/reset-password/:token, ...), as patterns: the
 * access log names a request to its catch-all by these instead of the raw path.
 */
export function authEndpointPaths(auth: Auth): string[] {
  const base = auth.options.basePath ?? '/api/auth';
  return Object.values(auth.api as Record<string, { path?: unknown }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string' && path.startsWith('/'))
    .map((path) => `${base}${path}`);
}

/**
 * /api/auth/*: our rate limits first (per client address, per e-mail, per account; see rate-rules.ts), then better-auth's handler, whose
 * error answers are rewritten into the app's error shape. Mounted before anything reads the body.
 */
export function authRoutes(ctx: AuthRoutesDeps) {
  const { auth } = ctx;
  const app = new Hono<AppEnv>();

  app.post('/api/auth/sign-in/email', signInLimits(ctx));
  app.post('/api/auth/sign-up/email', limits(ctx, AUTH_RATE_RULES.signUp));
  app.post('/api/auth/sign-in/magic-link', limits(ctx, AUTH_RATE_RULES.magicLink));
  app.post('/api/auth/send-verification-email', limits(ctx, AUTH_RATE_RULES.resend));
  const { changePassword, changeEmail } = AUTH_RATE_RULES;
  app.post(
    '/api/auth/change-password',
    rateLimit(ctx, [
      { rule: changePassword.ip, key: (c) => clientIp(c, ctx.config) },
      { rule: changePassword.user, key: sessionUserId(auth) },
    ]),
  );
  app.post(
    '/api/auth/change-email',
    rateLimit(ctx, [
      { rule: changeEmail.ip, key: (c) => clientIp(c, ctx.config) },
      { rule: changeEmail.user, key: sessionUserId(auth) },
      { rule: changeEmail.email, key: (c) => bodyText(c, 'newEmail') },
    ]),
  );

  const { changeEmailFinish, changeEmailCode } = AUTH_RATE_RULES;
  app.post(
    '/api/auth/change-email/finish',
    rateLimit(ctx, [
      { rule: changeEmailFinish.ip, key: (c) => clientIp(c, ctx.config) },
      { rule: changeEmailFinish.user, key: changeTokenUserId },
    ]),
  );
  app.post(
    '/api/auth/change-email/send-code',
    rateLimit(ctx, [
      { rule: changeEmailCode.ip, key: (c) => clientIp(c, ctx.config) },
      { rule: changeEmailCode.user, key: changeTokenUserId },
    ]),
  );

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
