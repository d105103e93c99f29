import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { FEED_FORMATS, type FeedFormat } from '@redflag/contracts/reputation';

/**
 * The only reader of process.env. Every setting is parsed and validated once at start; a bad one stops the
 * start with a message naming it. Derived flags (database driver, mail transport, billing provider) are
 * computed here and nowhere else. Each setting is documented in .env.example.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  TRUST_PROXY_HEADER: optionalString,
  BETTER_AUTH_SECRET: optionalString,
  REQUIRE_EMAIL_VERIFICATION: bool,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('RedFlag <no-reply@redflag.local>'),
  SUPPORT_EMAIL: z.email().default('support@redflag.local'),
  ALLOW_DEV_OUTBOX_IN_PRODUCTION: bool,
  BILLING_PROVIDER: z.enum(['local', 'stripe']).optional(),
  ALLOW_TEST_BILLING_IN_PRODUCTION: bool,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  EMAIL_MX_LOOKUP: bool,
  SHARED_DATA_DIR: z.string().default('../shared/data'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TEST_CLOCK: bool,
  METRICS_TOKEN: optionalString,
  FEEDS: optionalString,
  FEEDS_REFRESH_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  INBOUND_MAIL_DOMAIN: optionalString,
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(25 * 1024 * 1024)
    .default(1024 * 1024),
  INBOUND_SMTP_TLS_KEY: optionalString,
  INBOUND_SMTP_TLS_CERT: optionalString,
});

export type Env = z.input<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Where a generated auth secret is kept, inside DATA_DIR (docs/decisions/044-safe-by-default.md). */
export const GENERATED_SECRET_FILE = 'auth-secret';

function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < 32)
    throw new Error(`${file} holds no usable secret (at least 32 characters); delete it to have a new one generated`);
  return secret;
}

/**
 * The secret generated on the first start without BETTER_AUTH_SECRET, read back on every later start, so
 * sessions and mailed links survive a restart. Written owner-only to a temporary file and hard-linked into
 * place, so two processes starting at once agree on one secret and nobody reads a half-written file.
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, GENERATED_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (err) {
    // EEXIST: another process won the race; its secret is the one. Anything else: a file system without
    // hard links, where an exclusive create is the next best thing.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
      writeFileSync(file, readFileSync(tmp), { mode: 0o600, flag: 'wx' });
  } finally {
    unlinkSync(tmp);
  }
  const secret = readSecretFile(file);
  if (secret === null) throw new Error(`${file} could not be written`);
  return secret;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that only ever reach this machine. */
export function isLocalHostname(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The origins whose pages may call the API with the user's cookies: for better-auth (auth/auth.ts) and for
 * the app's own check (http/security.ts). In production only PUBLIC_URL. Outside production a local
 * PUBLIC_URL is trusted under each of its loopback names on the same port (people type 127.0.0.1 as often
 * as localhost), and the Vite dev server (npm run dev:client, port 5173), which proxies /api to us.
 */
function trustedOriginsFor(publicUrl: URL, production: boolean): string[] {
  const origins = new Set([publicUrl.origin]);
  if (!production) {
    if (isLocalHostname(publicUrl.hostname)) {
      const port = publicUrl.port ? `:${publicUrl.port}` : '';
      for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`${publicUrl.protocol}//${host}${port}`);
    }
    for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:5173`);
  }
  return [...origins];
}

export type FeedSetting = { name: string; format: FeedFormat; url: string };

/**
 * FEEDS: comma- or space-separated `name=format:url` (format: urlhaus, openphish, phishtank, domains), e.g.
 * `openphish=openphish:https://openphish.com/feed.txt,urlhaus=urlhaus:https://urlhaus.abuse.ch/downloads/csv_online/`.
 */
function parseFeeds(value: string | undefined, problems: string[]): FeedSetting[] {
  const out: FeedSetting[] = [];
  for (const item of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^([a-z0-9][a-z0-9_-]{0,39})=([a-z]+):(https?:\/\/\S+)$/i.exec(item);
    const format = FEED_FORMATS.find((f) => f === m?.[2]?.toLowerCase());
    if (!m || !format || !URL.canParse(m[3] ?? '')) {
      problems.push(`FEEDS: "${item}" is not name=format:url with format one of ${FEED_FORMATS.join(', ')}`);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (out.some((f) => f.name === name)) problems.push(`FEEDS: the name "${name}" is given twice`);
    else out.push({ name, format, url: m[3] ?? '' });
  }
  return out;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (production && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: required in production (the public base URL, e.g. https://redflag.example)');

  const publicUrlParsed = new URL(publicUrl);
  // Dev-only routes (the mail outbox, the test provider's pages, the test clock) exist only outside
  // production for a PUBLIC_URL on this machine; app.ts also serves them to loopback clients only.
  const devRoutes = !production && isLocalHostname(publicUrlParsed.hostname);

  if (production && !e.BETTER_AUTH_SECRET)
    problems.push('BETTER_AUTH_SECRET: required in production (at least 32 random characters)');
  if (e.BETTER_AUTH_SECRET && e.BETTER_AUTH_SECRET.length < 32)
    problems.push('BETTER_AUTH_SECRET: must be at least 32 characters');
  const dataDir = path.resolve(e.DATA_DIR);
  // Outside production, no secret configured: one generated into the data folder and kept (never a
  // built-in one, which anyone can read in the source and sign tokens with).
  let secret = e.BETTER_AUTH_SECRET;
  if (!secret && !production) {
    try {
      secret = readOrCreateSecret(dataDir);
    } catch (err) {
      problems.push(
        `BETTER_AUTH_SECRET: not set, and no secret could be kept in DATA_DIR (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  }

  const mailTransport: 'smtp' | 'outbox' = e.SMTP_URL ? 'smtp' : 'outbox';
  if (production && mailTransport === 'outbox' && !e.ALLOW_DEV_OUTBOX_IN_PRODUCTION) {
    problems.push(
      'SMTP_URL: required in production (or set ALLOW_DEV_OUTBOX_IN_PRODUCTION=true to use the dev outbox)',
    );
  }

  const billingProvider: 'local' | 'stripe' = e.BILLING_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (billingProvider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when BILLING_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when BILLING_PROVIDER=stripe');
  }
  if (production && billingProvider === 'local' && !e.ALLOW_TEST_BILLING_IN_PRODUCTION) {
    problems.push(
      'BILLING_PROVIDER: the local test provider is refused in production (configure Stripe or set ALLOW_TEST_BILLING_IN_PRODUCTION=true)',
    );
  }
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 16) problems.push('METRICS_TOKEN: must be at least 16 characters');
  if (Boolean(e.INBOUND_SMTP_TLS_KEY) !== Boolean(e.INBOUND_SMTP_TLS_CERT))
    problems.push('INBOUND_SMTP_TLS_KEY: set both INBOUND_SMTP_TLS_KEY and INBOUND_SMTP_TLS_CERT, or neither');
  const inboundDomain = (e.INBOUND_MAIL_DOMAIN ?? publicUrlParsed.hostname).toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(inboundDomain))
    problems.push('INBOUND_MAIL_DOMAIN: must be a domain name, e.g. redflag.example');
  if (e.TEST_CLOCK && production) problems.push('TEST_CLOCK: not allowed in production');
  const feeds = parseFeeds(e.FEEDS, problems);

  const pairs: Array<[string, string | undefined, string, string | undefined]> = [
    ['GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_SECRET],
    ['FACEBOOK_CLIENT_ID', e.FACEBOOK_CLIENT_ID, 'FACEBOOK_CLIENT_SECRET', e.FACEBOOK_CLIENT_SECRET],
  ];
  for (const [idName, id, secretName, secret] of pairs) {
    if (Boolean(id) !== Boolean(secret))
      problems.push(`${id ? secretName : idName}: set both ${idName} and ${secretName}, or neither`);
  }
  const llmEnabled = Boolean(e.LLM_BASE_URL && e.LLM_MODEL);
  if (e.LLM_BASE_URL && !e.LLM_MODEL) problems.push('LLM_MODEL: required when LLM_BASE_URL is set');

  if (problems.length) throw new ConfigError(problems);
  if (!secret) throw new ConfigError(['BETTER_AUTH_SECRET: required']);

  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** Origins trusted for credentialed, state-changing requests (computed once, here). */
    trustedOrigins: trustedOriginsFor(publicUrlParsed, production),
    /** The dev outbox viewer, the test provider's pages and the test clock may exist (loopback clients only). */
    devRoutes,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? ({ driver: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ driver: 'pglite', dir: path.resolve(e.DATA_DIR, 'pglite') } as const),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxyHeader: e.TRUST_PROXY_HEADER?.toLowerCase(),
    auth: {
      secret,
      /** 'generated': read from (or just written to) DATA_DIR/auth-secret. */
      secretSource: e.BETTER_AUTH_SECRET ? ('configured' as const) : ('generated' as const),
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION ?? true,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : null,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET }
          : null,
    },
    mail: { transport: mailTransport, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    /** /dev/mailbox is mounted only for the outbox with dev routes (outside production, local PUBLIC_URL). */
    devMailbox: mailTransport === 'outbox' && devRoutes,
    billing: {
      provider: billingProvider,
      /**
       * The local test provider's checkout and portal pages: 'public' when the operator opted in with
       * ALLOW_TEST_BILLING_IN_PRODUCTION (a demo), else dev-only ('loopback'), else not mounted.
       */
      testPages:
        billingProvider !== 'local'
          ? ('off' as const)
          : e.ALLOW_TEST_BILLING_IN_PRODUCTION
            ? ('public' as const)
            : devRoutes
              ? ('loopback' as const)
              : ('off' as const),
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
            priceId: e.STRIPE_PRICE_ID,
            apiBase: e.STRIPE_API_BASE,
          }
        : null,
    },
    llm: llmEnabled
      ? {
          baseUrl: e.LLM_BASE_URL as string,
          apiKey: e.LLM_API_KEY,
          model: e.LLM_MODEL as string,
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : null,
    emailMxLookup: e.EMAIL_MX_LOOKUP ?? false,
    /**
     * The detection engine's worker threads (server/src/engine/pool.ts): one a core but the one the event loop
     * and PGlite run on (at least one), unless ENGINE_THREADS says (decision 130).
     */
    engineThreads: e.ENGINE_THREADS ?? Math.max(1, availableParallelism() - 1),
    sharedDataDir: path.resolve(e.SHARED_DATA_DIR),
    rateLimits: e.RATE_LIMITS === 'on',
    /** TEST_CLOCK is a dev route too: off (404) for a PUBLIC_URL that is not local. */
    testClock: (e.TEST_CLOCK ?? false) && devRoutes,
    /**
     * Bearer token for GET /metrics. Outside production /metrics also answers loopback clients without it;
     * in production without a token it does not exist (404). Decision 070.
     */
    metricsToken: e.METRICS_TOKEN,
    /**
     * Known-bad lists downloaded on a schedule (FEEDS=name=format:url,...; decision 103). Empty: none are
     * downloaded (a list can still be imported from a file with npm run feeds:import).
     */
    feeds: { lists: feeds, refreshMinutes: e.FEEDS_REFRESH_MINUTES },
    /**
     * The inbound mail listener for forwarded messages: off (null) unless INBOUND_SMTP_PORT is set. Each
     * account's address is check+<token>@domain (default: PUBLIC_URL's host name).
     */
    inbound: e.INBOUND_SMTP_PORT
      ? {
          port: e.INBOUND_SMTP_PORT,
          host: e.INBOUND_SMTP_HOST,
          domain: inboundDomain,
          maxBytes: e.INBOUND_MAX_BYTES,
          tls:
            e.INBOUND_SMTP_TLS_KEY && e.INBOUND_SMTP_TLS_CERT
              ? { keyFile: e.INBOUND_SMTP_TLS_KEY, certFile: e.INBOUND_SMTP_TLS_CERT }
              : null,
        }
      : null,
  };
}

export type Config = ReturnType<typeof loadConfig>;
