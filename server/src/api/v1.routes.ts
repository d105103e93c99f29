import { Hono, type Context } from 'hono';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
  withVerdict,
} from '@redflag/contracts/api';
import type { AppContext } from '../context.ts';
import { v1Route } from '../http/api-route.ts';
import { errorBody } from '../http/error-handler.ts';
import { clientIp, type RateHit, type RateRule } from '../http/rate-limit.ts';
import { noStore } from '../http/security.ts';
import type { AppEnv } from '../http/types.ts';
import { rejectUnstorableText } from '../http/validate.ts';
import { AppError } from '../lib/app-error.ts';
import { lookup, requirePremiumLookup } from '../reputation/reputation.service.ts';
import { SCANS_PER_USER } from '../scans/rate-rules.ts';
import {
  answerScan,
  claimApiRequest,
  findApiKeyScan,
  getScan,
  requireMessage,
  runScan,
} from '../scans/scans.service.ts';
import type { ScanInput } from '@redflag/contracts/scan';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import {
  apiKeyHashOf,
  authenticateApiKey,
  createScanForApi,
  unknownApiKey,
  type ApiCaller,
} from './api-keys.service.ts';
import {
  API_KEY_FAILURES,
  API_PER_KEY,
  LOOKUPS_PER_USER,
  rateLimitHeaders,
  rateLimitHeadersOf,
} from './rate-limit-headers.ts';

type V1Env = AppEnv & { Variables: AppEnv['Variables'] & { apiCaller: ApiCaller; apiKeyHit: RateHit } };

/**
 * The public API under /v1 (docs/decisions/073, 074): its rows (packages/contracts v1-routes.ts) behind the
 * key check, its rate limit and no-store. /v1 never reads the session cookie: a key is its only credential.
 * Its OpenAPI document is served by docs.routes.ts, mounted in front of this router.
 */
const ANSWER_PREFIX = '/v1/scans/';

/**
 * PATCH /v1/scans/:id with an id its row accepts: an answer to a scan's questions, which checks its own key
 * (findApiKeyScan). Any other id goes through the middleware, so its 401 still comes before the row's 404.
 */
function isAnswerRequest(method: string, path: string): boolean {
  if (method !== 'PATCH' || !path.startsWith(ANSWER_PREFIX)) return false;
  const id = path.slice(ANSWER_PREFIX.length);
  return V1_ROUTES.answerScan.params.safeParse({ id }).success;
}
export function v1Routes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  const refusedClients = new RefusedClients();

  /**
   * The key's owner, or 401; a client (address and key prefix) past API_KEY_FAILURES gets 429 instead
   * (countingFailures).
   */
  function authenticateOrLimit(c: Context): Promise<ApiCaller> {
    return countingFailures(c, () => authenticateApiKey(ctx, c.req.header('authorization')));
  }

  /**
   * Runs a key check; its 401 counts against the client, its address and the key's prefix (API_KEY_FAILURES).
   * Past the limit that client's failures answer 429 instead. A valid key is always checked and served, so
   * it is never refused for someone else's failures, nor for its own mangled copies; only a key that this
   * client was already refused (unknown and revoked keys stay so), or no key at all, is refused from memory
   * with no database lookup, so a client repeating itself costs nothing more.
   */
  async function countingFailures<T>(c: Context, check: () => Promise<T>): Promise<T> {
    if (!ctx.config.rateLimits) return check();
    const { client, keyHash } = failingClient(c.req.header('authorization'), clientIp(c, ctx.config));
    const now = ctx.clock.now().getTime();
    const refused = refusedClients.get(client, now);
    if (refused && (keyHash === null || refused.keyHashes.has(keyHash))) throw failureRefusal(c, refused, now);
    try {
      return await check();
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'UNAUTHORIZED') throw err;
      if (refused) {
        refusedClients.remember(refused, keyHash);
        throw failureRefusal(c, refused, now);
      }
      const failures = await limiter.hit(API_KEY_FAILURES, client);
      if (failures.allowed) throw err;
      throw failureRefusal(c, refusedClients.add(client, now + failures.retryAfterSeconds * 1000, keyHash), now);
    }
  }

  /**
   * POST /v1/scans without an Idempotency-Key, in two round trips (docs/decisions/123): the key, its rate
   * hit, the account's scan rate hit and the trial scan in one statement (claimApiRequest), the engine, then
   * the store. A body that is refused still answers 401 first when the key is not valid.
   */
  async function plainScan(c: Context, req: { body: (check: typeof requireMessage) => Promise<ScanInput> }) {
    const keyHash = await countingFailures(c, async () => apiKeyHashOf(c.req.header('authorization')));
    let input: ScanInput;
    try {
      input = await req.body(requireMessage);
    } catch (err) {
      await authenticateOrLimit(c);
      throw err;
    }
    const keyRule = ctx.config.rateLimits ? API_PER_KEY : null;
    const userRule = ctx.config.rateLimits ? SCANS_PER_USER : null;
    const claimed = await countingFailures(c, async () => {
      const found = await claimApiRequest(ctx, keyHash, keyRule, userRule, input);
      if (!found) throw unknownApiKey();
      return found;
    });
    if (claimed.keyHit) {
      const policies: Array<[RateRule, RateHit]> = [[API_PER_KEY, claimed.keyHit]];
      if (claimed.userHit) policies.push([SCANS_PER_USER, claimed.userHit]);
      for (const [name, value] of Object.entries(rateLimitHeadersOf(policies))) c.header(name, value);
    }
    if ('refusal' in claimed) throw claimed.refusal;
    const rate = userRule ? { rule: userRule, key: claimed.userId, peek: limiter.peek } : null;
    const scan = await runScan(ctx, claimed.userId, input, { rate, claim: claimed.claim });
    c.header('Location', `/v1/scans/${scan.id}`);
    return scan;
  }

  const v1 = new Hono<V1Env>()
    .use('/v1/*', noStore())
    // The body limit is app.ts's, before the CSRF check (which may read a body sent without a type).
    .use('/v1/*', rejectUnstorableText())
    .use('/v1/*', async (c, next) => {
      // A plain scan (no Idempotency-Key) checks its key, counts both rate limits and takes its trial scan in
      // the one statement its route runs (decision 123).
      if (c.req.method === 'POST' && c.req.path === '/v1/scans' && c.req.header(IDEMPOTENCY_KEY_HEADER) === undefined)
        return next();
      // An answer to a scan's questions checks its key, counts the key's rate limit and reads the scan in the
      // one statement its route runs.
      if (isAnswerRequest(c.req.method, c.req.path)) return next();
      const caller = await authenticateOrLimit(c);
      const hit = await limiter.hit(API_PER_KEY, caller.keyId);
      if (ctx.config.rateLimits)
        for (const [name, value] of Object.entries(rateLimitHeaders(API_PER_KEY, hit))) c.header(name, value);
      if (!hit.allowed)
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: hit.retryAfterSeconds,
          details: { rule: API_PER_KEY.name },
        });
      c.set('apiCaller', caller);
      c.set('apiKeyHit', hit);
      await next();
    });

  // The rows of the /v1 route table (packages/contracts v1-routes.ts), behind the key check above.
  const rows = new Hono<V1Env>();
  v1Route(rows, 'createScan', async (c, req) => {
    if (c.req.header(IDEMPOTENCY_KEY_HEADER) === undefined) return withVerdict(await plainScan(c, req));
    const caller = c.get('apiCaller');
    const idempotencyKey = readIdempotencyKey(c);
    const input = await req.body(requireMessage);
    // The web app's per-user scan limit counts API scans too: one account, one pace. It is taken with the
    // scan, before the engine runs, and not by a replay of a stored scan (its Idempotency-Key).
    const rate = ctx.config.rateLimits ? { rule: SCANS_PER_USER, key: caller.userId, peek: limiter.peek } : null;
    // Both policies, on the answer and on a refusal alike: a 429 from the per-user rule names it (r=0).
    const reportRates = async () => {
      if (!rate) return;
      const perUser = await limiter.peek(SCANS_PER_USER, caller.userId);
      for (const [name, value] of Object.entries(
        rateLimitHeadersOf([
          [API_PER_KEY, c.get('apiKeyHit')],
          [SCANS_PER_USER, perUser],
        ]),
      ))
        c.header(name, value);
    };
    let created: Awaited<ReturnType<typeof createScanForApi>>;
    try {
      created = await createScanForApi(ctx, caller, input, idempotencyKey, rate);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') await reportRates();
      throw err;
    }
    const { scan, replayed } = created;
    await reportRates();
    c.header('Location', `/v1/scans/${scan.id}`);
    if (replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return withVerdict(scan);
  });
  v1Route(rows, 'getScan', async (c, req) => withVerdict(await getScan(ctx, c.get('apiCaller').userId, req.params.id)));
  v1Route(rows, 'answerScan', async (c, req) => {
    // Two round trips: the key, its rate hit and the scan read in one statement (findApiKeyScan), then the store.
    const keyHash = await countingFailures(c, async () => apiKeyHashOf(c.req.header('authorization')));
    const keyRule = ctx.config.rateLimits ? API_PER_KEY : null;
    // A re-score runs the engine: it counts against the account's scan rate (shared with the web app) too.
    const userRule = ctx.config.rateLimits ? SCANS_PER_USER : null;
    const found = await countingFailures(c, async () => {
      const row = await findApiKeyScan(ctx, keyHash, keyRule, userRule, req.params.id);
      if (!row) throw unknownApiKey();
      return row;
    });
    if (found.keyHit) {
      for (const [name, value] of Object.entries(rateLimitHeaders(API_PER_KEY, found.keyHit))) c.header(name, value);
      if (!found.keyHit.allowed)
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: found.keyHit.retryAfterSeconds,
          details: { rule: API_PER_KEY.name },
        });
    }
    const { context } = await req.body();
    return withVerdict(await answerScan(ctx, found.userId, req.params.id, context, found));
  });
  // A number, address or link as the lists and other accounts' reports know it (decision 103): Premium
  // only, checked before the lookup's own per-account limit is spent.
  v1Route(rows, 'lookup', async (c, req) => {
    const caller = c.get('apiCaller');
    const query = req.query();
    await requirePremiumLookup(ctx, caller.userId);
    if (ctx.config.rateLimits) {
      const perUser = await limiter.hit(LOOKUPS_PER_USER, caller.userId);
      for (const [name, value] of Object.entries(
        rateLimitHeadersOf([
          [API_PER_KEY, c.get('apiKeyHit')],
          [LOOKUPS_PER_USER, perUser],
        ]),
      ))
        c.header(name, value);
      if (!perUser.allowed)
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: perUser.retryAfterSeconds,
          details: { rule: LOOKUPS_PER_USER.name },
        });
    }
    return lookup(ctx, caller.userId, query);
  });

  return v1
    .route('/', rows)
    .all('/v1/*', (c) => c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404));
}

/**
 * Who a failed key is counted against (API_KEY_FAILURES): the address and the key's prefix (`rf_live_` and
 * four characters), or `-` for anything that is no key of ours; and the hash of the key sent, null then.
 */
function failingClient(authorization: string | undefined, ip: string): { client: string; keyHash: string | null } {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!key?.startsWith(API_KEY_PREFIX)) return { client: `${ip} -`, keyHash: null };
  return { client: `${ip} ${key.slice(0, API_KEY_SHOWN_LENGTH)}`, keyHash: apiKeyHashOf(authorization) };
}

/** A client past API_KEY_FAILURES: until when, and the keys it was refused meanwhile. */
interface RefusedClient {
  until: number;
  keyHashes: Set<string>;
}

/** The 429 of a refused client, with its RateLimit fields: nothing left until its window ends. */
function failureRefusal(c: Context, refused: RefusedClient, now: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((refused.until - now) / 1000));
  const fields = rateLimitHeaders(API_KEY_FAILURES, { allowed: false, remaining: 0, retryAfterSeconds });
  for (const [name, value] of Object.entries(fields)) c.header(name, value);
  return new AppError('RATE_LIMITED', undefined, { retryAfterSeconds, details: { rule: API_KEY_FAILURES.name } });
}

/**
 * Clients refused for bad keys, until when, with the keys they were refused; bounded, so a flood of
 * addresses or prefixes cannot grow it without end (the oldest entry goes first), nor one client's keys.
 */
class RefusedClients {
  private readonly refused = new Map<string, RefusedClient>();
  private static readonly MAX = 10_000;
  private static readonly MAX_KEYS = 16;
  get(client: string, now: number): RefusedClient | null {
    const entry = this.refused.get(client);
    if (entry === undefined) return null;
    if (entry.until <= now) {
      this.refused.delete(client);
      return null;
    }
    return entry;
  }
  add(client: string, until: number, keyHash: string | null): RefusedClient {
    if (this.refused.size >= RefusedClients.MAX) {
      const oldest = this.refused.keys().next().value;
      if (oldest !== undefined) this.refused.delete(oldest);
    }
    const entry: RefusedClient = { until, keyHashes: new Set() };
    this.remember(entry, keyHash);
    this.refused.set(client, entry);
    return entry;
  }
  /** A key this client was refused: unknown or revoked, it never becomes valid, so it is refused from memory. */
  remember(entry: RefusedClient, keyHash: string | null): void {
    if (keyHash !== null && entry.keyHashes.size < RefusedClients.MAX_KEYS) entry.keyHashes.add(keyHash);
  }
}

function readIdempotencyKey(c: Context): string | undefined {
  const value = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key', {
      details: { fields: [{ path: IDEMPOTENCY_KEY_HEADER, message: 'Invalid Idempotency-Key' }] },
    });
  return parsed.data;
}
