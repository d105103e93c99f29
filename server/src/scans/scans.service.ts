import {
  SCAN_LIST_DEFAULT_LIMIT,
  SCAN_LIST_MAX_LIMIT,
  type ScanListQuery,
  type ScanResult,
  type StoredScan,
  type UserStats,
} from '@redflag/contracts/scan';
import { sessionCurrentAfter, type SessionUser } from '../auth/session.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { explainRefusal, getPlanState, scanStoreGuard, scanStoreValues } from '../billing/entitlements.ts';
import { toPlanState } from '../billing/billing.repo.ts';
import { canVerify, decideRescore, decideScan, type PlanState } from '../billing/plan-state.ts';
import type { RateRule } from '../http/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { lookupListings, planReputation } from '../reputation/reputation.service.ts';
import type { Listing } from '@redflag/contracts/reputation';
import type { ScanContext } from '@redflag/contracts/scan-context';
import {
  claimApiScan,
  claimApiValues,
  claimScan,
  claimUserScan,
  claimUserValues,
  claimValues,
  apiKeyScan,
  apiKeyScanValues,
  deleteAllScans,
  deleteScan,
  findScan,
  insertReservedScan,
  insertScanIf,
  listScans,
  refundTrialScan,
  reserveScanIf,
  scanStats,
  sessionScan,
  sessionScanValues,
  updateScanVerdict,
  type ScanRow,
  type ScanRunInput,
} from './scans.repo.ts';

type Ctx = Pick<
  AppContext,
  'config' | 'database' | 'clock' | 'logger' | 'metrics' | 'engine' | 'enginePool' | 'knownBad'
>;
/** A re-score may count its rate hit itself (answerScan without what the first statement found). */
type RescoreCtx = Ctx & Pick<AppContext, 'rateLimiter'>;

export const DEFAULT_LIST_LIMIT = SCAN_LIST_DEFAULT_LIMIT;
export const MAX_LIST_LIMIT = SCAN_LIST_MAX_LIMIT;

/** The per-user scan rate limit as the store counts it; `peek` explains a refusal. */
export interface ScanRate {
  rule: RateRule;
  key: string;
  peek: (rule: RateRule, key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/** What a scan's first statement took for it (claimRequest): the run then takes nothing more before the engine. */
export interface ScanClaim {
  kind: 'trial' | 'premium';
  /** A trial scan or a rate hit was taken (a trial scan is given back if the scan fails); false: Premium without a rule. */
  reserved: boolean;
  /** The known-bad lists' version the statement read (reputation/known-bad.ts). */
  listsVersion: string;
}

export type ClaimedRequest = { user: SessionUser; claim: ScanClaim } | { user: SessionUser; refusal: AppError };

/**
 * A scan's first round trip (docs/decisions/116, scans.repo.ts claimScan): the session named by `token`, its
 * user and plan, and what the scan spends (the rate-limit hit, the trial scan) taken before the engine runs,
 * so that a refused scan does no engine work. Null when the token names no current session: the caller asks
 * better-auth (which renews or clears it) and runs the scan without a claim. Otherwise the user, with the
 * claim or the refusal to answer (429 when the account's scan window is full, else the plan's 403).
 */
export async function claimRequest(
  ctx: Ctx,
  token: string,
  rule: RateRule | null,
  input: Pick<ScanRunInput, 'phoneNumber' | 'email'>,
): Promise<ClaimedRequest | null> {
  const now = ctx.clock.now();
  const row = await claimScan(ctx.database.db, rule, claimValues(token, rule, now, sessionCurrentAfter()));
  if (!row?.current) return null;
  const user = toSessionUser(row.user);
  const decided = await decideClaim(ctx, user.id, rule, row, input, now);
  return { user, ...decided };
}

/**
 * The first round trip of a scan the server runs for a user it already knows (a forwarded mail:
 * scans.repo.ts claimUserScan): the plan, the hit of `rule` and the trial scan, taken before the engine runs,
 * so that the scan then costs one more round trip, its store. The plan as read (a forwarded mail's sender
 * is checked only when the plan may verify one), with the claim or the refusal to answer (429 when the
 * rule's window is full, else the plan's 403).
 */
export async function claimUserRequest(
  ctx: Ctx,
  userId: string,
  rule: RateRule | null,
): Promise<{ plan: PlanState } & ({ claim: ScanClaim } | { refusal: AppError })> {
  const now = ctx.clock.now();
  const row = await claimUserScan(ctx.database.db, rule, claimUserValues(userId, rule, now));
  const decided = await decideClaim(ctx, userId, rule, row, { phoneNumber: undefined, email: undefined }, now);
  return { plan: toPlanState(row.account ?? undefined), ...decided };
}

/** What a claim statement read and took (claimScan, claimApiScan): the plan row, the account's bucket, the trial. */
interface ClaimedRow {
  account: Parameters<typeof toPlanState>[0] | null;
  bucket: { count: number; resetAt: Date } | null;
  trialTaken: boolean;
  listsVersion: string;
}

/**
 * The claim, or the refusal to answer, from what a scan's first statement read and took: 429 when the
 * account's scan window is full, else the plan's 403; a trial scan taken for a scan that may not verify a
 * number or address (trial after its end) is given back.
 */
async function decideClaim(
  ctx: Ctx,
  userId: string,
  rule: RateRule | null,
  row: ClaimedRow,
  input: Pick<ScanRunInput, 'phoneNumber' | 'email'>,
  now: Date,
): Promise<{ claim: ScanClaim } | { refusal: AppError }> {
  if (rule && row.bucket && row.bucket.count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.bucket.resetAt.getTime() - now.getTime()) / 1000));
    return { refusal: new AppError('RATE_LIMITED', undefined, { retryAfterSeconds, details: { rule: rule.name } }) };
  }
  const plan = toPlanState(row.account ?? undefined);
  const decision = decideScan(plan, now);
  let claim: ScanClaim;
  if (row.trialTaken) claim = { kind: 'trial', reserved: true, listsVersion: row.listsVersion };
  else if (decision.allowed && decision.kind === 'premium')
    claim = { kind: 'premium', reserved: rule !== null, listsVersion: row.listsVersion };
  else if (!decision.allowed) return { refusal: new AppError(decision.code) };
  // A trial with scans left as read, whose last scan a concurrent request took (the rate was within its limit).
  else return { refusal: await explainRefusal(ctx, userId, null) };
  if ((input.phoneNumber || input.email) && !canVerify(plan, now)) {
    if (claim.kind === 'trial') await refundTrialScan(ctx.database.db, userId);
    return { refusal: new AppError('PREMIUM_REQUIRED') };
  }
  return { claim };
}

/** A /v1 scan's claim (claimApiScan): the key's owner, its own rate hit and the claim or the refusal. */
export type ClaimedApiRequest = {
  keyId: string;
  userId: string;
  keyHit: RateHitState | null;
  userHit: RateHitState | null;
} & ({ claim: ScanClaim } | { refusal: AppError });

/** A bucket as a rate hit: allowed, what is left, and when the window ends. */
export interface RateHitState {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

function hitOf(rule: RateRule, bucket: { count: number; resetAt: Date } | null, now: Date): RateHitState | null {
  if (!bucket) return null;
  return {
    allowed: bucket.count <= rule.limit,
    remaining: Math.max(0, rule.limit - bucket.count),
    retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * A /v1 scan's first round trip (docs/decisions/123, scans.repo.ts claimApiScan): the key named by its hash,
 * its owner and plan, the key's rate hit, the account's scan rate hit and the trial scan, taken before the
 * engine runs. Null when no usable key has this hash (the caller answers 401). A key over its own limit is
 * refused with 429 naming the key's policy; then the account's rule and the plan decide as for a web scan.
 */
export async function claimApiRequest(
  ctx: Ctx,
  keyHash: string,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  input: Pick<ScanRunInput, 'phoneNumber' | 'email'>,
): Promise<ClaimedApiRequest | null> {
  const now = ctx.clock.now();
  const row = await claimApiScan(
    ctx.database.db,
    keyRule,
    userRule,
    claimApiValues(keyHash, keyRule, userRule, now, new Date(now.getTime() - 60_000)),
  );
  if (!row) return null;
  const keyHit = keyRule ? hitOf(keyRule, row.keyBucket, now) : null;
  const userHit = userRule ? hitOf(userRule, row.userBucket, now) : null;
  const who = { keyId: row.keyId, userId: row.userId, keyHit, userHit };
  if (keyRule && keyHit && !keyHit.allowed) {
    // The trial scan was not taken (both hits must be within their limits); the account's hit was counted.
    return {
      ...who,
      refusal: new AppError('RATE_LIMITED', undefined, {
        retryAfterSeconds: keyHit.retryAfterSeconds,
        details: { rule: keyRule.name },
      }),
    };
  }
  const decided = await decideClaim(
    ctx,
    row.userId,
    userRule,
    { account: row.account, bucket: row.userBucket, trialTaken: row.trialTaken, listsVersion: row.listsVersion },
    input,
    now,
  );
  return { ...who, ...decided };
}

/**
 * One scan, end to end. Entitlement (and phone / e-mail verification: Premium or its trial) is decided on `plan` (read
 * with the session, or here). Then what the scan spends is taken BEFORE the engine runs, in one statement
 * that re-checks the plan where it is decided (entitlements.ts scanStoreGuard): the trial scan counted and
 * the rate-limit hit. A scan refused for quota or rate therefore does no engine work, and concurrent scans
 * (on one or several instances) never exceed the quota. Then the engine's analysis, then the store. A failed
 * analysis or store gives the trial scan back, so it never spends one. A Premium scan with no rate rule has
 * nothing to take: its store re-checks the plan in the same statement. With `claim` (a web scan: claimRequest)
 * that first statement has already run with the session read, so the scan costs two round trips in all: the
 * lists are matched in memory and the reports go with the store (docs/decisions/116).
 */
export async function runScan(
  ctx: Ctx,
  userId: string,
  input: ScanRunInput,
  opts: { plan?: PlanState; rate?: ScanRate | null; claim?: ScanClaim } = {},
): Promise<StoredScan> {
  const rate = opts.rate ?? null;
  const db = ctx.database.db;
  let kind: ScanClaim['kind'];
  let reserved: boolean;
  let variant: string;
  let guard: () => ReturnType<typeof scanStoreGuard>;
  let guardValues: ReturnType<typeof scanStoreValues>;
  if (opts.claim) {
    // Taken by the request's first statement (claimRequest); a Premium scan without a rule is re-checked by the store.
    ({ kind, reserved } = opts.claim);
    const claimed = kind;
    variant = claimed;
    guard = () => scanStoreGuard(db, claimed, null);
    guardValues = scanStoreValues(userId, ctx.clock.now(), null);
  } else {
    const plan = opts.plan ?? (await getPlanState(ctx, userId));
    const now = ctx.clock.now();
    const decision = decideScan(plan, now);
    // Fail fast (and cheaply) for users who may not scan; the reservation below re-checks atomically.
    if (!decision.allowed) throw new AppError(decision.code);
    if ((input.phoneNumber || input.email) && !canVerify(plan, now)) throw new AppError('PREMIUM_REQUIRED');
    const decided = decision.kind;
    kind = decided;
    variant = rate ? `${decided}_${rate.rule.name}_${rate.rule.limit}` : decided;
    guard = () => scanStoreGuard(db, decided, rate?.rule ?? null);
    guardValues = scanStoreValues(userId, now, rate && { rule: rate.rule, key: rate.key });
    reserved = decided === 'trial' || rate !== null;
    if (reserved && !(await reserveScanIf(db, variant, guard, guardValues)))
      throw await explainRefusal(ctx, userId, rate);
  }
  const giveBack = async () => {
    if (kind !== 'trial') return;
    await refundTrialScan(db, userId).catch((err: unknown) =>
      ctx.logger.error(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'trial scan refund failed',
      ),
    );
  };

  let result: ScanResult;
  let listed: Listing[] | null;
  const engineStart = performance.now();
  try {
    // Known-bad lists from this instance's copy, in memory: evidence the engine weighs (policy step 8).
    ({ result, listed } = await ctx.engine.analyze(input, (links) =>
      lookupListings(ctx, links, opts.claim?.listsVersion),
    ));
  } catch (err) {
    ctx.logger.error(
      { err: { name: (err as Error).name, stack: (err as Error).stack }, messageLength: input.message.length },
      'analysis failed',
    );
    await giveBack();
    throw new AppError('INTERNAL_ERROR', 'The analysis failed. Your scan was not counted; please try again.');
  }

  const engineSeconds = (performance.now() - engineStart) / 1000;
  // The reports are written and counted by the store itself (docs/decisions/116), which answers the result as stored.
  const planned = await planReputation(ctx, { input, result, userId }, listed);
  result = planned.result;

  let row: ScanRow | null;
  try {
    row = reserved
      ? await insertReservedScan(db, userId, input, result, planned.reports)
      : await insertScanIf(db, variant, guard, guardValues, input, result, planned.reports);
  } catch (err) {
    if (reserved) await giveBack();
    throw err;
  }
  if (!row) throw await explainRefusal(ctx, userId, rate);
  ctx.metrics.observeScan(row.riskScore, engineSeconds);
  ctx.logger.info(
    { scanId: row.id, riskScore: row.riskScore, scamType: row.scamType, messageLength: input.message.length },
    'scan stored',
  );
  return toStoredScan(row);
}

/** One page of the history, searched and filtered as asked, with how many scans match in all. */
export async function getScans(
  ctx: Ctx,
  userId: string,
  query: Partial<ScanListQuery> = {},
): Promise<{ scans: StoredScan[]; total: number }> {
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_LIST_LIMIT, 1), MAX_LIST_LIMIT);
  const { rows, total } = await listScans(ctx.database.db, userId, {
    q: query.q,
    verdict: query.verdict,
    type: query.type,
    page: Math.max(query.page ?? 1, 1),
    limit,
  });
  return { scans: rows.map(toStoredScan), total };
}

// Not a UUID: it cannot exist, and PostgreSQL would reject the comparison.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Someone else's scan, a deleted one and a made-up id all answer the same 404: nothing tells them apart. */
function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Scan not found');
}

export async function getScan(ctx: Ctx, userId: string, id: string): Promise<StoredScan> {
  if (!UUID.test(id)) throw notFound();
  const row = await findScan(ctx.database.db, userId, id);
  if (!row) throw notFound();
  return toStoredScan(row);
}

/** A scan read by an answer's first statement (sessionScan, apiKeyScan): null when the caller has no such scan. */
export interface FoundScan {
  row: ScanRow | null;
  /** The known-bad lists' version the statement read (reputation/known-bad.ts). */
  listsVersion: string;
  /** The owner's plan as the statement read it. */
  plan: PlanState;
  /** The re-score's hit of `rule` the statement counted (null: no rule, or no such scan). */
  hit: RateHitState | null;
  rule: RateRule | null;
}

/**
 * The later answer's first round trip on the web (scans.repo.ts sessionScan): the session named by `token`,
 * its user, plan and the scan `id` if it is theirs, with the re-score's hit of `rule` counted, in one
 * statement. Null when the token names no current session or `id` is no UUID: the caller asks better-auth
 * and answers the old way (answerScan without `found`, which counts the hit itself).
 */
export async function findSessionScan(
  ctx: Ctx,
  token: string,
  id: string,
  rule: RateRule | null,
): Promise<({ user: SessionUser } & FoundScan) | null> {
  if (!UUID.test(id)) return null;
  const now = ctx.clock.now();
  const row = await sessionScan(ctx.database.db, rule, sessionScanValues(token, id, rule, now, sessionCurrentAfter()));
  if (!row?.current) return null;
  return {
    user: toSessionUser(row.user),
    row: row.scan,
    listsVersion: row.listsVersion,
    plan: toPlanState(row.account ?? undefined),
    hit: rule ? hitOf(rule, row.bucket, now) : null,
    rule,
  };
}

/**
 * The later answer's first round trip on the public API (scans.repo.ts apiKeyScan): the key named by its
 * hash, its owner, "last used", the key's rate hit, the owner's plan, the scan `id` if it is the owner's and
 * the re-score's hit of the account's `userRule`, in one statement. Null when no usable key has this hash
 * (the caller answers 401). `id` must be a UUID.
 */
export async function findApiKeyScan(
  ctx: Ctx,
  keyHash: string,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  id: string,
): Promise<({ keyId: string; userId: string; keyHit: RateHitState | null } & FoundScan) | null> {
  const now = ctx.clock.now();
  const row = await apiKeyScan(
    ctx.database.db,
    keyRule,
    userRule,
    apiKeyScanValues(keyHash, keyRule, userRule, id, now, new Date(now.getTime() - 60_000)),
  );
  if (!row) return null;
  return {
    keyId: row.keyId,
    userId: row.userId,
    keyHit: keyRule ? hitOf(keyRule, row.keyBucket, now) : null,
    row: row.scan,
    listsVersion: row.listsVersion,
    plan: toPlanState(row.account ?? undefined),
    hit: userRule ? hitOf(userRule, row.userBucket, now) : null,
    rule: userRule,
  };
}

/**
 * A re-score is a scan for the limits (it runs the engine): refused with 429 when the account's scan window
 * is full (the hit was counted by the request's first statement, or here), and with the plan's 403 when the
 * plan may not scan, unless the scan was made within the trial. It never spends a trial scan.
 */
async function mayRescore(
  ctx: RescoreCtx,
  userId: string,
  row: ScanRow,
  found: FoundScan | undefined,
  rule: RateRule | null,
) {
  const now = ctx.clock.now();
  const hit =
    found !== undefined
      ? found.hit
      : rule
        ? await ctx.rateLimiter.hit(rule, userId).then((h) => ({ ...h, remaining: 0 }))
        : null;
  const used = found !== undefined ? found.rule : rule;
  if (used && hit && !hit.allowed)
    throw new AppError('RATE_LIMITED', undefined, {
      retryAfterSeconds: hit.retryAfterSeconds,
      details: { rule: used.name },
    });
  const plan = found !== undefined ? found.plan : await getPlanState(ctx, userId);
  const decision = decideRescore(plan, row.createdAt, now);
  if (!decision.allowed) throw new AppError(decision.code);
}

/**
 * The user's answers about the sender and the chat, given or changed after the scan: the stored message is
 * analysed again with them (the answers replace any given before) and the new verdict stored. It spends no
 * trial scan (it is the same scan, better informed), but it runs the engine, so it counts against the
 * account's scan rate and needs a plan that may scan, or a scan made within the trial (mayRescore). `rule`:
 * the account's scan rule, counted here when there is no `found`. The links decoded from QR codes are kept from the first result.
 * `found`: the scan as the request's first statement read it (findSessionScan, findApiKeyScan), so that
 * the answer costs one more round trip, its store; without it the scan is read here first.
 */
export async function answerScan(
  ctx: RescoreCtx,
  userId: string,
  id: string,
  context: ScanContext,
  found?: FoundScan,
  rule: RateRule | null = null,
): Promise<StoredScan> {
  if (!UUID.test(id)) throw notFound();
  const row = found ? found.row : await findScan(ctx.database.db, userId, id);
  if (!row || row.id !== id) throw notFound();
  await mayRescore(ctx, userId, row, found, rule);
  const qrLinks = row.result.reasonDetails
    .filter((r) => r.id === 'qr_link')
    .flatMap((r) => r.evidence.flatMap((e) => (e.kind === 'url' ? [e.url] : [])));
  const input: ScanRunInput = {
    message: row.message,
    platform: (row.platform as StoredScan['platform']) ?? undefined,
    phoneNumber: row.phoneNumber ?? undefined,
    email: row.email ?? undefined,
    source: row.source,
    ...(qrLinks.length ? { qrLinks } : {}),
    context,
  };
  let result: ScanResult;
  let listed: Listing[] | null;
  try {
    ({ result, listed } = await ctx.engine.analyze(input, (links) => lookupListings(ctx, links, found?.listsVersion)));
  } catch (err) {
    ctx.logger.error(
      { err: { name: (err as Error).name, stack: (err as Error).stack }, scanId: id },
      'analysis failed',
    );
    throw new AppError('INTERNAL_ERROR', 'The analysis failed. Your answers were not saved; please try again.');
  }
  // The reports are written and counted by the store itself, as a new scan's are (docs/decisions/116).
  const planned = await planReputation(ctx, { input, result, userId }, listed);
  const updated = await updateScanVerdict(ctx.database.db, userId, id, context, planned.result, planned.reports);
  if (!updated) throw notFound();
  ctx.logger.info(
    { scanId: id, riskScore: updated.riskScore, answers: Object.keys(context).length },
    'scan answers saved',
  );
  return toStoredScan(updated);
}

/**
 * Deletes one of the owner's scans. The trial's scan count is kept apart (billing_account), so deleting
 * history never gives scans back.
 */
export async function removeScan(ctx: Ctx, userId: string, id: string): Promise<{ deleted: number }> {
  if (!UUID.test(id)) throw notFound();
  const deleted = await deleteScan(ctx.database.db, userId, id);
  if (deleted === 0) throw notFound();
  ctx.logger.info({ scanId: id }, 'scan deleted');
  return { deleted };
}

export async function removeAllScans(ctx: Ctx, userId: string): Promise<{ deleted: number }> {
  const deleted = await deleteAllScans(ctx.database.db, userId);
  ctx.logger.info({ deleted }, 'scan history deleted');
  return { deleted };
}

export async function getStats(ctx: Ctx, userId: string): Promise<UserStats> {
  const s = await scanStats(ctx.database.db, userId);
  return {
    totalScans: s.totalScans,
    scamsDetected: s.scamsDetected,
    averageRiskScore: s.averageRiskScore === null ? 0 : Math.round(s.averageRiskScore),
  };
}

function toStoredScan(row: ScanRow): StoredScan {
  return {
    ...row.result,
    id: row.id,
    message: row.message,
    platform: (row.platform as StoredScan['platform']) ?? null,
    phoneNumber: row.phoneNumber,
    email: row.email,
    source: row.source,
    ...(row.context ? { context: row.context } : {}),
    riskScore: row.riskScore,
    confidence: row.confidence,
    scamType: (row.scamType as StoredScan['scamType']) ?? null,
    reasons: row.reasons,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The spec's own answer for a blank message (docs/product.md §5: "Message Required"), given before the
 * schema's wording: a body whose `message` is missing, not text, or only spaces. The web app's
 * POST /api/scans and the public API's POST /v1/scans both ask it of the raw body.
 */
export function requireMessage(raw: unknown): void {
  if (
    typeof raw === 'object' &&
    raw !== null &&
    (typeof (raw as { message?: unknown }).message !== 'string' || !(raw as { message: string }).message.trim())
  ) {
    throw new AppError('MESSAGE_REQUIRED', 'Please enter a message to analyze', {
      details: { title: 'Message Required' },
    });
  }
}

/**
 * Refuses a scan before the engine runs when the account's scan window is already full (429 with
 * Retry-After). The hit itself is counted by the statement that stores the scan, so a window filled by a
 * concurrent request stores nothing either. `known` is the bucket read with the requester, when it was.
 */
export async function refuseWhenWindowFull(
  ctx: AppContext,
  rule: RateRule,
  userId: string,
  known: { count: number; resetAt: Date } | null | undefined,
): Promise<void> {
  const now = ctx.clock.now().getTime();
  const bucket =
    known !== undefined
      ? known
      : await ctx.rateLimiter
          .peek(rule, userId)
          .then((p) => (p.allowed ? null : { count: rule.limit, resetAt: new Date(now + p.retryAfterSeconds * 1000) }));
  if (bucket && bucket.count >= rule.limit) {
    throw new AppError('RATE_LIMITED', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt.getTime() - now) / 1000)),
      details: { rule: rule.name },
    });
  }
}
