import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, gt, lt, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { rateLimitBucket } from '../db/schema/auth.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { AppEnv } from './types.ts';

/**
 * A small fixed-window rate limiter stored in the database, so that several server instances share the
 * counts (docs/decisions/032-rate-limits.md). One atomic upsert per hit: no read-then-write race.
 *
 *   await ctx.rateLimiter.consume(CONTACT_PER_IP, clientIp(c, ctx.config));   // throws AppError('RATE_LIMITED')
 *
 * or as middleware: `rateLimit(ctx, [{ rule: CONTACT_PER_IP, key: (c) => clientIp(c, ctx.config) }])`.
 * The app's one limiter is built by createContext (server/src/context.ts).
 * With RATE_LIMITS=off every hit is allowed.
 */

export interface RateRule {
  /** Stable name, part of the stored key (e.g. `sign-in:ip`). */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateHit {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(rule: RateRule, key: string): Promise<RateHit>;
  /**
   * The state of a bucket without counting: `allowed` is false once `limit` hits are in the window. For
   * rules that count only some outcomes (failed sign-ins), checked before and hit after the request.
   */
  peek(rule: RateRule, key: string): Promise<RateHit>;
  /** Counts a hit; throws 429 RATE_LIMITED (with retryAfterSeconds → Retry-After) once over the limit. */
  consume(rule: RateRule, key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Every rule a bucket was keyed for, by name: a 429 names its rule (`details.rule`), and the error handler
 * finds the rule's quota and window here for the RateLimit fields (rateLimitRefusalFields). Every count goes
 * through bucketKeyOf or bucketKeySql, so a rule that refuses is always known by then.
 */
const knownRules = new Map<string, RateRule>();
const known = (rule: RateRule): RateRule => {
  if (knownRules.get(rule.name) !== rule) knownRules.set(rule.name, rule);
  return rule;
};

const bucketKeyOf = (rule: RateRule, key: string) => `${known(rule).name}:${key.toLowerCase()}`;

/** bucketKeyOf in SQL, for a key the query itself finds (the scan's user, read with its session). */
export const bucketKeySql = (rule: RateRule, key: SQLWrapper) => sql`${`${known(rule).name}:`} || lower(${key})`;

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) of the policies that apply to a request:
 * each policy as quota `q` per window `w` seconds, and what is left of it, `r` requests for `t` more seconds,
 * under the policy's name. Several policies are the fields' lists: a client keeps under every one.
 */
export function rateLimitFieldsOf(policies: ReadonlyArray<readonly [RateRule, RateHit]>): Record<string, string> {
  const reset = (rule: RateRule, hit: RateHit) =>
    hit.retryAfterSeconds > 0 ? hit.retryAfterSeconds : rule.windowSeconds;
  return {
    'RateLimit-Policy': policies.map(([rule]) => `"${rule.name}";q=${rule.limit};w=${rule.windowSeconds}`).join(', '),
    RateLimit: policies.map(([rule, hit]) => `"${rule.name}";r=${hit.remaining};t=${reset(rule, hit)}`).join(', '),
  };
}

/**
 * The RateLimit fields of a 429 RATE_LIMITED that names its rule: nothing left of it until Retry-After.
 * Null for any other error, or a rule no bucket was keyed for.
 */
export function rateLimitRefusalFields(err: AppError): Record<string, string> | null {
  if (err.code !== 'RATE_LIMITED' || err.retryAfterSeconds === undefined) return null;
  const name = (err.details as { rule?: unknown } | undefined)?.rule;
  const rule = typeof name === 'string' ? knownRules.get(name) : undefined;
  if (!rule) return null;
  return rateLimitFieldsOf([[rule, { allowed: false, remaining: 0, retryAfterSeconds: err.retryAfterSeconds }]]);
}

/**
 * The one statement that counts a hit (not yet run): a window that is over starts again at 1, otherwise
 * the count goes up. One statement, so two instances hitting the same key at once both see a correct
 * count. Returns the bucket's count and reset time; also usable as a CTE (the scan's store).
 */
export function bucketHitQuery(db: Db, rule: RateRule, key: string, now: Date) {
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  return bucketHitStatement(db, {
    key: bucketKeyOf(rule, key),
    resetAt,
    nowIso: now.toISOString(),
    resetIso: resetAt.toISOString(),
  });
}

/** bucketHitQuery with its values given separately: plain values, or drizzle placeholders for a prepared statement. */
export function bucketHitStatement(
  db: Db,
  v: {
    key: string | Placeholder;
    resetAt: Date | Placeholder;
    nowIso: string | Placeholder;
    resetIso: string | Placeholder;
  },
) {
  return db
    .insert(rateLimitBucket)
    .values({ key: v.key, count: 1, resetAt: v.resetAt })
    .onConflictDoUpdate({
      target: rateLimitBucket.key,
      set: {
        count: sql`case when ${rateLimitBucket.resetAt} <= ${v.nowIso}::timestamptz then 1 else ${rateLimitBucket.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBucket.resetAt} <= ${v.nowIso}::timestamptz then ${v.resetIso}::timestamptz else ${rateLimitBucket.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt });
}

export interface RateLimiterDeps {
  config: Pick<Config, 'rateLimits'>;
  database: Pick<Database, 'db'>;
  clock: Clock;
}

export function createRateLimiter(ctx: RateLimiterDeps): RateLimiter {
  const { db } = ctx.database;
  let lastSweep = 0;

  async function hit(rule: RateRule, key: string): Promise<RateHit> {
    if (!ctx.config.rateLimits) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 };
    const now = ctx.clock.now();
    const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
    const [row] = await bucketHitQuery(db, rule, key, now);
    if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now.getTime();
      void db
        .delete(rateLimitBucket)
        .where(lt(rateLimitBucket.resetAt, now))
        .catch(() => {});
    }
    const count = row?.count ?? 1;
    const retryAfterSeconds = Math.max(1, Math.ceil(((row?.resetAt ?? resetAt).getTime() - now.getTime()) / 1000));
    return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
  }

  async function peek(rule: RateRule, key: string): Promise<RateHit> {
    if (!ctx.config.rateLimits) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 };
    const now = ctx.clock.now();
    const [row] = await db
      .select({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt })
      .from(rateLimitBucket)
      .where(and(eq(rateLimitBucket.key, bucketKeyOf(rule, key)), gt(rateLimitBucket.resetAt, now)))
      .limit(1);
    if (!row) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 };
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    return { allowed: row.count < rule.limit, remaining: Math.max(0, rule.limit - row.count), retryAfterSeconds };
  }

  return {
    hit,
    peek,
    async consume(rule, key) {
      const result = await hit(rule, key);
      if (!result.allowed) {
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: result.retryAfterSeconds,
          details: { rule: rule.name },
        });
      }
    },
  };
}

/**
 * The client's address: the configured proxy header (TRUST_PROXY_HEADER) when set, else the socket's
 * remote address. For X-Forwarded-For the last entry is used: it is the one our proxy appended, the rest
 * can be forged by the client. In-process requests (tests) have no socket and share the key `local`.
 */
export function clientIp(c: Context, config: { trustProxyHeader: string | undefined }): string {
  if (config.trustProxyHeader) {
    const value = c.req.header(config.trustProxyHeader);
    const last = value?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // No Node socket behind this request (app.request in tests).
  }
  return 'local';
}

export interface RateLimitKey {
  rule: RateRule;
  /** The key to count under; null skips this rule for the request (e.g. no e-mail in the body). */
  key: (c: Context<AppEnv>) => string | null | Promise<string | null>;
}

/**
 * Middleware form: every listed rule is counted; the one over its limit with the longest wait answers 429
 * (its RateLimit fields are added by the error handler, as for every 429).
 */
export function rateLimit(
  ctx: { config: Pick<Config, 'rateLimits'>; rateLimiter: RateLimiter },
  keys: RateLimitKey[],
): MiddlewareHandler<AppEnv> {
  const limiter = ctx.rateLimiter;
  return async (c, next) => {
    if (ctx.config.rateLimits) {
      let refused: RateHit | null = null;
      let refusedRule: RateRule | null = null;
      for (const { rule, key } of keys) {
        const k = await key(c);
        if (k === null) continue;
        const result = await limiter.hit(rule, k);
        if (!result.allowed && (!refused || result.retryAfterSeconds > refused.retryAfterSeconds)) {
          refused = result;
          refusedRule = rule;
        }
      }
      if (refused && refusedRule) {
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: refused.retryAfterSeconds,
          details: { rule: refusedRule.name },
        });
      }
    }
    await next();
  };
}
