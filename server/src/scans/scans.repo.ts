import {
  and,
  avg,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { ScanInput, ScanListQuery, ScanResult, ScanSource } from '@redflag/contracts/scan';
import type { ScanContext } from '@redflag/contracts/scan-context';
import { RISK_BAND_SCAM, RISK_BAND_SUSPICIOUS, TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { Db } from '../db/client.ts';
import { rateLimitBucket, session, user } from '../db/schema/auth.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { apiKey } from '../db/schema/api-keys.ts';
import { scans } from '../db/schema/scans.ts';
import { storedResultJson } from '../db/schema/stored-result.ts';
import { bucketKeySql, type RateRule } from '../http/rate-limit.ts';
import { listsVersionSql } from '../reputation/reputation.repo.ts';

/** A scan to store: a request's input, or the server's own (a forwarded mail is source 'email'). */
export type ScanRunInput = Omit<ScanInput, 'source'> & { source?: ScanSource | undefined };

export type ScanRow = typeof scans.$inferSelect;

/**
 * The two statements of a scan are prepared once per database handle: drizzle otherwise builds
 * a statement's SQL every time it runs, which was about 14% of a scan's CPU, and PostgreSQL plans a named
 * statement once per connection. A cache of compiled statements keyed by the handle, not a service.
 */
const prepared = new WeakMap<Db, Map<string, unknown>>();

function preparedOnce<T>(db: Db, name: string, build: () => T): T {
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
}

/**
 * Counts `rule`'s hit for the owner the subquery `owner` names (a user id, or an API key's id), as the CTE
 * `name` answering the bucket's count and window end after the hit (rate-limit.ts bucketHitStatement, in a
 * statement of its own). Nothing is counted when `owner` names no one or `when` is false. `nowIso` and
 * `resetIso` are the hit's time and the end of a window it starts (ISO timestamps, placeholders).
 */
export function ruleHitCte(
  db: Db,
  name: string,
  rule: RateRule,
  owner: SQL,
  t: { nowIso: SQL | Placeholder; resetIso: SQL | Placeholder },
  when: SQL = sql`true`,
) {
  return db.$with(name, { count: sql<number>`count`, resetAt: sql<Date>`reset_at` })
    .as(sql`insert into ${rateLimitBucket} (key, count, reset_at)
    select ${bucketKeySql(rule, sql`hit_owner.id`)}, 1, ${t.resetIso}::timestamptz from ${owner} as hit_owner(id) where ${when}
    on conflict (key) do update set
      count = case when ${rateLimitBucket.resetAt} <= ${t.nowIso}::timestamptz then 1 else ${rateLimitBucket.count} + 1 end,
      reset_at = case when ${rateLimitBucket.resetAt} <= ${t.nowIso}::timestamptz then ${t.resetIso}::timestamptz else ${rateLimitBucket.resetAt} end
    returning count, reset_at`);
}

/** The count and window end (ms) a ruleHitCte answered, as columns of the statement's select. */
function bucketColumns(cte: string | null) {
  if (!cte) return { count: sql<number | null>`null::int`, resetAtMs: sql<number | null>`null::float8` };
  return {
    count: sql<number | null>`(select count from ${sql.raw(cte)})`.mapWith(Number),
    resetAtMs: sql<number | null>`(select extract(epoch from reset_at) * 1000 from ${sql.raw(cte)})::float8`.mapWith(
      Number,
    ),
  };
}

/** A bucket as bucketColumns answered it: null when the statement counted no hit. */
function bucketOf(count: number | null, resetAtMs: number | null): { count: number; resetAt: Date } | null {
  return count === null || resetAtMs === null ? null : { count, resetAt: new Date(resetAtMs) };
}

/** A rule's part of a prepared statement's name: one statement per rule and limit. */
function ruleTag(rule: RateRule | null): string {
  return rule ? `${rule.name}_${rule.limit}` : 'none';
}

/** The end of a window of `rule` that starts `now` (`now` itself without a rule), as an ISO timestamp. */
export function windowEndIso(rule: RateRule | null, now: Date): string {
  return new Date(now.getTime() + (rule?.windowSeconds ?? 0) * 1000).toISOString();
}

/**
 * What a scan spends, for the user the subquery `owner` names: the account's hit of `rule` (the CTE
 * `rate_hit`, counted only when every condition of `within` holds) and a trial scan when that hit and every
 * condition of `within` are within their limits (trialScanCte), with the bucket's columns for the select.
 */
function scanSpendCtes(
  db: Db,
  owner: SQL,
  rule: RateRule | null,
  t: { nowIso: Placeholder; resetIso: Placeholder },
  within: SQL[] = [],
) {
  const ctes: WithSubquery[] = [];
  const limits = [...within];
  if (rule) {
    const when = limits.length ? sql.join(limits, sql` and `) : sql`true`;
    ctes.push(ruleHitCte(db, 'rate_hit', rule, owner, t, when));
    limits.push(sql`(select count from rate_hit) <= ${rule.limit}`);
  }
  ctes.push(trialScanCte(db, owner, t.nowIso, limits));
  return { ctes, bucket: bucketColumns(rule ? 'rate_hit' : null) };
}

/**
 * Takes a trial scan for the user the subquery `owner` names, when the plan is a trial with time and scans
 * left at `nowIso` and every condition of `within` holds (the rate hits within their limits): the CTE
 * `trial_scan`, one row when it was taken. PostgreSQL re-checks the conditions after any wait for the row's
 * lock, so concurrent scans on one or several instances never take more than the quota. The one statement
 * of these conditions: the claims below and entitlements.ts scanStoreGuard use it.
 */
export function trialScanCte(db: Db, owner: SQL, nowIso: SQL | Placeholder, within: SQL[]) {
  return db.$with('trial_scan', { used: sql<number>`trial_scans_used` }).as(sql`update ${billingAccount}
    set trial_scans_used = ${billingAccount.trialScansUsed} + 1, updated_at = ${nowIso}::timestamptz
    where ${billingAccount.userId} = ${owner} and ${billingAccount.planTier} = 'free' and ${billingAccount.subscriptionStatus} = 'trialing'
      and ${billingAccount.trialEndsAt} > ${nowIso}::timestamptz and ${billingAccount.trialScansUsed} < ${TRIAL_SCAN_LIMIT}
      and ${within.length ? sql.join(within, sql` and `) : sql`true`}
    returning trial_scans_used`);
}

/** The session's user as a request reads it with its session (claimScan, sessionScan). */
const sessionUserColumns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  firstName: user.firstName,
  lastName: user.lastName,
  name: user.name,
  image: user.image,
  createdAt: user.createdAt,
};

/** The values of claimScan's placeholders for one request. */
export function claimValues(token: string, rule: RateRule | null, now: Date, currentAfter: Date) {
  return {
    token,
    nowIso: now.toISOString(),
    currentAfterIso: currentAfter.toISOString(),
    rateResetIso: windowEndIso(rule, now),
  };
}

/**
 * A scan's first statement (docs/decisions/116): who is asking, and what the scan spends, taken BEFORE the
 * engine runs, in ONE statement. It reads the session named by `token` with its user and the user's plan row
 * as they were when the statement started, and, only when that session is current (expires after
 * `currentAfterIso`: not due for better-auth's renewal), it
 *   - counts the scan rate hit of `rule` (the bucket's count and window end after it are answered), and
 *   - counts a trial scan when the plan is a trial with time and scans left and the hit is within the limit
 *     (the same conditions as entitlements.ts scanStoreGuard, re-checked by PostgreSQL after any row-lock
 *     wait, so concurrent scans on one or several instances never exceed the quota); `trialTaken` says so.
 * It also answers the known-bad lists' version (reputation/known-bad.ts). Prepared once per rule. Null when
 * no session has this token. The caller decides from the answer; nothing is taken for a session that is not
 * current (the caller then asks better-auth, which renews or clears it).
 */
export async function claimScan(db: Db, rule: RateRule | null, values: ReturnType<typeof claimValues>) {
  const name = `scan_claim_${ruleTag(rule)}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: keyof typeof values) => sql.placeholder(key);
    const currentUser = sql`(select ${session.userId} from ${session} where ${session.token} = ${p('token')}::text and ${session.expiresAt} > ${p('currentAfterIso')}::timestamptz)`;
    const { ctes, bucket } = scanSpendCtes(db, currentUser, rule, { nowIso: p('nowIso'), resetIso: p('rateResetIso') });
    return db
      .with(...ctes)
      .select({
        sessionExpiresAt: session.expiresAt,
        current: sql<boolean>`${session.expiresAt} > ${p('currentAfterIso')}::timestamptz`.mapWith(Boolean),
        user: sessionUserColumns,
        account: getTableColumns(billingAccount),
        bucketCount: bucket.count,
        bucketResetAtMs: bucket.resetAtMs,
        trialTaken: sql<boolean>`exists (select 1 from trial_scan)`.mapWith(Boolean),
        listsVersion: listsVersionSql,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(billingAccount, eq(billingAccount.userId, session.userId))
      .where(eq(session.token, p('token')))
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute(values);
  if (!row) return null;
  const { bucketCount, bucketResetAtMs, ...rest } = row;
  return { ...rest, bucket: bucketOf(bucketCount, bucketResetAtMs) };
}

/** The values of claimApiScan's placeholders for one request. */
export function claimApiValues(
  keyHash: string,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  now: Date,
  touchBefore: Date,
) {
  return {
    keyHash,
    nowIso: now.toISOString(),
    touchBeforeIso: touchBefore.toISOString(),
    keyResetIso: windowEndIso(keyRule, now),
    rateResetIso: windowEndIso(userRule, now),
  };
}

/**
 * The API key named by its hash (not revoked) as the CTE `key_row` (id, user_id), its "last used" written in
 * the same statement, at most once a minute (as api-keys.repo.ts touchApiKey), and the key's own hit of
 * `keyRule` (the CTE `key_hit`, counted on every call as the /v1 middleware counts it), with the bucket's
 * columns for the select and the condition that the hit is within the limit.
 */
function apiKeyCtes(
  db: Db,
  keyRule: RateRule | null,
  p: { keyHash: Placeholder; nowIso: Placeholder; touchBeforeIso: Placeholder; keyResetIso: Placeholder },
) {
  const { keyHash, nowIso, touchBeforeIso } = p;
  const keyRow = db
    .$with('key_row', { id: sql<string>`id`, userId: sql<string>`user_id` })
    .as(
      sql`select ${apiKey.id} as id, ${apiKey.userId} as user_id from ${apiKey} where ${apiKey.keyHash} = ${keyHash}::text and ${apiKey.revokedAt} is null`,
    );
  const touched = db.$with('key_touched', { one: sql<number>`one` }).as(sql`update ${apiKey}
      set last_used_at = ${nowIso}::timestamptz
      where ${apiKey.id} = (select id from key_row) and (${apiKey.lastUsedAt} is null or ${apiKey.lastUsedAt} < ${touchBeforeIso}::timestamptz)
      returning 1 as one`);
  const ctes: WithSubquery[] = [keyRow, touched];
  const within: SQL[] = [];
  if (keyRule) {
    const keyOwner = sql`(select id::text from key_row)`;
    ctes.push(ruleHitCte(db, 'key_hit', keyRule, keyOwner, { nowIso, resetIso: p.keyResetIso }));
    within.push(sql`(select count from key_hit) <= ${keyRule.limit}`);
  }
  return { keyRow, ctes, bucket: bucketColumns(keyRule ? 'key_hit' : null), within };
}

/** The values of sessionScan's placeholders for one request. */
export function sessionScanValues(token: string, id: string, rule: RateRule | null, now: Date, currentAfter: Date) {
  return {
    token,
    id,
    nowIso: now.toISOString(),
    currentAfterIso: currentAfter.toISOString(),
    rateResetIso: windowEndIso(rule, now),
  };
}

/** The scan `id` of the user `hit_owner.id` exists: a re-score's rate hit is counted only then. */
const ownScanExists = (id: Placeholder) =>
  sql`exists (select 1 from ${scans} where ${scans.id} = ${id}::uuid and ${scans.userId} = hit_owner.id)`;

/**
 * The later answer's first statement (PATCH /api/scans/:id): the session named by `token` with its user, as
 * claimScan reads them, its plan row, and the scan `id` if it is that user's, with the known-bad lists'
 * version. A re-score runs the engine, so it is a scan for the limits: when the session is current and the
 * scan is theirs, the account's hit of `rule` (scans:user) is counted and answered. No trial scan is taken.
 * Null when no session has this token; `current` false when it is due for better-auth's renewal (the caller
 * then asks better-auth, and nothing was counted). `id` must be a UUID.
 */
export async function sessionScan(db: Db, rule: RateRule | null, values: ReturnType<typeof sessionScanValues>) {
  const name = `scan_answer_session_${ruleTag(rule)}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: keyof typeof values) => sql.placeholder(key);
    const currentUser = sql`(select ${session.userId} from ${session} where ${session.token} = ${p('token')}::text and ${session.expiresAt} > ${p('currentAfterIso')}::timestamptz)`;
    const ctes = rule
      ? [
          ruleHitCte(
            db,
            'rate_hit',
            rule,
            currentUser,
            { nowIso: p('nowIso'), resetIso: p('rateResetIso') },
            ownScanExists(p('id')),
          ),
        ]
      : [];
    const bucket = bucketColumns(rule ? 'rate_hit' : null);
    return db
      .with(...ctes)
      .select({
        current: sql<boolean>`${session.expiresAt} > ${p('currentAfterIso')}::timestamptz`.mapWith(Boolean),
        user: sessionUserColumns,
        account: getTableColumns(billingAccount),
        bucketCount: bucket.count,
        bucketResetAtMs: bucket.resetAtMs,
        scan: getTableColumns(scans),
        listsVersion: listsVersionSql,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(billingAccount, eq(billingAccount.userId, session.userId))
      .leftJoin(scans, sql`${scans.id} = ${p('id')}::uuid and ${scans.userId} = ${session.userId}`)
      .where(eq(session.token, p('token')))
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute(values);
  if (!row) return null;
  const { bucketCount, bucketResetAtMs, ...rest } = row;
  return { ...rest, bucket: bucketOf(bucketCount, bucketResetAtMs) };
}

/** The values of apiKeyScan's placeholders for one request. */
export function apiKeyScanValues(
  keyHash: string,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  id: string,
  now: Date,
  touchBefore: Date,
) {
  return {
    keyHash,
    id,
    nowIso: now.toISOString(),
    touchBeforeIso: touchBefore.toISOString(),
    keyResetIso: windowEndIso(keyRule, now),
    rateResetIso: windowEndIso(userRule, now),
  };
}

/**
 * The later answer's first statement on the public API (PATCH /v1/scans/:id), as claimApiScan is a /v1
 * scan's: the API key named by its hash (not revoked) and its owner, "last used" written, the key's own rate
 * hit (`keyRule`, counted on every call as the /v1 middleware counts it), the owner's plan row, and the scan
 * `id` if it is the owner's, with the known-bad lists' version. A re-score runs the engine, so it is a scan
 * for the limits: when the scan is the owner's and the key's hit is within its limit, the account's hit of
 * `userRule` (scans:user, shared with the web app) is counted too. No trial scan is taken. Null when no
 * usable key has this hash. `id` must be a UUID.
 */
export async function apiKeyScan(
  db: Db,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  values: ReturnType<typeof apiKeyScanValues>,
) {
  const name = `scan_answer_api_${ruleTag(keyRule)}_${ruleTag(userRule)}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: keyof typeof values) => sql.placeholder(key);
    const key = apiKeyCtes(db, keyRule, {
      keyHash: p('keyHash'),
      nowIso: p('nowIso'),
      touchBeforeIso: p('touchBeforeIso'),
      keyResetIso: p('keyResetIso'),
    });
    const bucket = key.bucket;
    const ctes = [...key.ctes];
    if (userRule) {
      const owner = sql`(select user_id from key_row)`;
      const when = sql.join([ownScanExists(p('id')), ...key.within], sql` and `);
      ctes.push(
        ruleHitCte(db, 'rate_hit', userRule, owner, { nowIso: p('nowIso'), resetIso: p('rateResetIso') }, when),
      );
    }
    const userBucket = bucketColumns(userRule ? 'rate_hit' : null);
    return db
      .with(...ctes)
      .select({
        keyId: sql<string>`key_row.id::text`,
        userId: sql<string>`key_row.user_id`,
        keyBucketCount: bucket.count,
        keyBucketResetAtMs: bucket.resetAtMs,
        userBucketCount: userBucket.count,
        userBucketResetAtMs: userBucket.resetAtMs,
        account: getTableColumns(billingAccount),
        scan: getTableColumns(scans),
        listsVersion: listsVersionSql,
      })
      .from(sql`key_row`)
      .leftJoin(billingAccount, sql`${billingAccount.userId} = key_row.user_id`)
      .leftJoin(scans, sql`${scans.id} = ${p('id')}::uuid and ${scans.userId} = key_row.user_id`)
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute(values);
  if (!row) return null;
  const { keyBucketCount, keyBucketResetAtMs, userBucketCount, userBucketResetAtMs, ...rest } = row;
  return {
    ...rest,
    keyBucket: bucketOf(keyBucketCount, keyBucketResetAtMs),
    userBucket: bucketOf(userBucketCount, userBucketResetAtMs),
  };
}

/**
 * A /v1 scan's first statement (docs/decisions/123), as claimScan is a web scan's: the API key named by its
 * hash (not revoked) with its owner and the owner's plan row, and what the scan spends, taken before the
 * engine runs, in ONE statement: "last used" written (at most once a minute, as touchApiKey), the key's own
 * rate hit (`keyRule`, counted on every call as the /v1 middleware counts it), the account's scan rate hit
 * (`userRule`) and a trial scan when the plan is a trial with time and scans left and both hits are within
 * their limits (`trialTaken`). Null when no usable key has this hash: nothing is taken.
 */
export async function claimApiScan(
  db: Db,
  keyRule: RateRule | null,
  userRule: RateRule | null,
  values: ReturnType<typeof claimApiValues>,
) {
  const name = `scan_claim_api_${ruleTag(keyRule)}_${ruleTag(userRule)}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: keyof typeof values) => sql.placeholder(key);
    const key = apiKeyCtes(db, keyRule, {
      keyHash: p('keyHash'),
      nowIso: p('nowIso'),
      touchBeforeIso: p('touchBeforeIso'),
      keyResetIso: p('keyResetIso'),
    });
    // A call the key's own limit refuses does not count against the account's scans.
    const spend = scanSpendCtes(
      db,
      sql`(select user_id from key_row)`,
      userRule,
      { nowIso: p('nowIso'), resetIso: p('rateResetIso') },
      key.within,
    );
    const keyBucket = key.bucket;
    const userBucket = spend.bucket;
    return db
      .with(...key.ctes, ...spend.ctes)
      .select({
        keyId: sql<string>`key_row.id::text`,
        userId: sql<string>`key_row.user_id`,
        account: getTableColumns(billingAccount),
        keyBucketCount: keyBucket.count,
        keyBucketResetAtMs: keyBucket.resetAtMs,
        userBucketCount: userBucket.count,
        userBucketResetAtMs: userBucket.resetAtMs,
        trialTaken: sql<boolean>`exists (select 1 from trial_scan)`.mapWith(Boolean),
        listsVersion: listsVersionSql,
      })
      .from(key.keyRow)
      .leftJoin(billingAccount, sql`${billingAccount.userId} = key_row.user_id`)
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute(values);
  if (!row) return null;
  return {
    keyId: row.keyId,
    userId: row.userId,
    account: row.account,
    keyBucket: bucketOf(row.keyBucketCount, row.keyBucketResetAtMs),
    userBucket: bucketOf(row.userBucketCount, row.userBucketResetAtMs),
    trialTaken: row.trialTaken,
    listsVersion: row.listsVersion,
  };
}

/** The values of claimUserScan's placeholders for one scan. */
export function claimUserValues(userId: string, rule: RateRule | null, now: Date) {
  return { userId, nowIso: now.toISOString(), rateResetIso: windowEndIso(rule, now) };
}

/**
 * The first statement of a scan the server runs for a user it already knows (a forwarded mail, whose
 * account the forwarding address named), as claimScan is a web scan's: the user's plan row and what the
 * scan spends, taken before the engine runs, in ONE statement: the hit of `rule` for the user (the bucket's
 * count and window end after it are answered) and a trial scan when the plan is a trial with time and scans
 * left and the hit is within the limit (`trialTaken`). It also answers the known-bad lists' version.
 * Prepared once per rule. The account is null when the user has no plan row yet.
 */
export async function claimUserScan(db: Db, rule: RateRule | null, values: ReturnType<typeof claimUserValues>) {
  const name = `scan_claim_user_${ruleTag(rule)}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: keyof typeof values) => sql.placeholder(key);
    const owner = sql`(select ${p('userId')}::text)`;
    const { ctes, bucket } = scanSpendCtes(db, owner, rule, { nowIso: p('nowIso'), resetIso: p('rateResetIso') });
    return db
      .with(...ctes)
      .select({
        account: getTableColumns(billingAccount),
        bucketCount: bucket.count,
        bucketResetAtMs: bucket.resetAtMs,
        trialTaken: sql<boolean>`exists (select 1 from trial_scan)`.mapWith(Boolean),
        listsVersion: listsVersionSql,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(billingAccount, sql`${billingAccount.userId} = ${p('userId')}::text`)
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute(values);
  if (!row) throw new Error('the claim statement answered no row');
  const { bucketCount, bucketResetAtMs, ...rest } = row;
  return { ...rest, bucket: bucketOf(bucketCount, bucketResetAtMs) };
}

/**
 * Stores a scan in ONE statement, only if the guard's condition holds when it runs (the plan re-checked, a
 * trial scan counted, the rate limit hit: billing/entitlements.ts scanStoreGuard, built with placeholders
 * whose values are `guardValues`, scanStoreValues). Prepared once per plan kind and rate rule. Null when
 * nothing was stored because the condition was false. It answers the row as stored, but reads back only
 * what the database made (id, time): the rest is what was just written, and sending the result's jsonb back
 * out of the database and parsing it again was a sixth of a scan's time on PGlite.
 */
export async function insertScanIf(
  db: Db,
  variant: string,
  guard: () => { ctes: WithSubquery[]; allowed: SQL },
  guardValues: { userId: string } & Record<string, unknown>,
  input: ScanRunInput,
  result: ScanResult,
  reports: ScanReports | null = null,
): Promise<ScanRow | null> {
  const name = `scan_store_${variant}${reports ? '_reports' : ''}`;
  const statement = preparedOnce(db, name, () => {
    const { ctes: guardCtes, allowed } = guard();
    const rep = reports?.parts(allowed) ?? null;
    const ctes = [...guardCtes, ...(rep?.ctes ?? [])];
    const p = (key: string) => sql.placeholder(key);
    const resultJson = rep
      ? sql`jsonb_set(${p('result')}::jsonb, '{reputation,sightings}', ${rep.sightings})`
      : sql`${p('result')}::jsonb`;
    // The select lists every column of `scans` in its declared order (insert ... select has no column names).
    return db
      .with(...ctes)
      .insert(scans)
      .select(
        sql`select gen_random_uuid(), ${p('userId')}::text, ${p('message')}::text, ${p('platform')}::text, ${p('phoneNumber')}::text,
          ${p('email')}::text, ${p('source')}::text, ${p('riskScore')}::integer, ${p('confidence')}::real, ${p('scamType')}::text,
          ${p('reasons')}::jsonb, ${resultJson}, ${p('engineVersion')}::text, now(), ${p('context')}::jsonb
          where ${allowed}`,
      )
      .returning({
        id: scans.id,
        createdAt: scans.createdAt,
        sightings: rep ? sql<unknown>`${rep.sightings}` : sql<unknown>`null::jsonb`,
      })
      .prepare(name);
  });
  const values = {
    userId: guardValues.userId,
    message: input.message,
    platform: input.platform ?? null,
    phoneNumber: input.phoneNumber ?? null,
    email: input.email ?? null,
    source: input.source ?? 'text',
    riskScore: result.riskScore,
    confidence: result.confidence,
    scamType: result.scamType ?? null,
    reasons: result.reasons,
    result,
    engineVersion: result.engineVersion,
    context: input.context ?? null,
  } satisfies Omit<ScanRow, 'id' | 'createdAt'>;
  const [made] = await statement.execute({
    ...guardValues,
    ...(reports?.values ?? {}),
    ...values,
    reasons: JSON.stringify(values.reasons),
    result: storedResultJson(values.result),
    context: values.context === null ? null : JSON.stringify(values.context),
  });
  if (!made) return null;
  const { sightings, ...row } = made;
  // The stored result is the one answered: the reports counted by the store go into it here too.
  const stored =
    reports && result.reputation
      ? { ...result, reputation: { ...result.reputation, sightings: parseSightings(sightings) } }
      : result;
  return { ...values, result: stored, ...row };
}

/** The reports a scan's store writes and counts (reputation.repo.ts scanReportParts and its values). */
export interface ScanReports {
  parts: (allowed: SQL) => { ctes: WithSubquery[]; sightings: SQL };
  values: object;
}

/** jsonb as the driver gives it: parsed already (both drivers do), or its text. */
function parseSightings(value: unknown): NonNullable<ScanResult['reputation']>['sightings'] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as NonNullable<ScanResult['reputation']>['sightings']) : [];
}

/**
 * Takes what a scan will spend BEFORE the engine runs (hardening: a refused scan does no engine work): the
 * guard's statements (the trial scan counted, the rate-limit hit) run as ONE statement and answer whether
 * the scan may go ahead. Data-modifying CTEs run whether or not the select reads them, so the hit is counted
 * even when the plan refuses, as the guarded store did. Prepared once per plan kind and rate rule.
 */
export async function reserveScanIf(
  db: Db,
  variant: string,
  guard: () => { ctes: WithSubquery[]; allowed: SQL },
  guardValues: { userId: string } & Record<string, unknown>,
): Promise<boolean> {
  const name = `scan_reserve_${variant}`;
  const statement = preparedOnce(db, name, () => {
    const { ctes, allowed } = guard();
    return db
      .with(...ctes)
      .select({ ok: sql<boolean>`${allowed}`.mapWith(Boolean) })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
  const [row] = await statement.execute(guardValues);
  return row?.ok === true;
}

/** Stores a scan whose trial scan and rate hit reserveScanIf already took: nothing left to check. */
export async function insertReservedScan(
  db: Db,
  userId: string,
  input: ScanRunInput,
  result: ScanResult,
  reports: ScanReports | null = null,
): Promise<ScanRow> {
  const row = await insertScanIf(
    db,
    'reserved',
    () => ({ ctes: [], allowed: sql`true` }),
    { userId },
    input,
    result,
    reports,
  );
  if (!row) throw new Error('an unconditional insert stored no row');
  return row;
}

/** Gives back a trial scan taken by reserveScanIf when the scan then failed (the engine threw, the store failed). */
export async function refundTrialScan(db: Db, userId: string): Promise<void> {
  await db
    .update(billingAccount)
    .set({ trialScansUsed: sql`${billingAccount.trialScansUsed} - 1` })
    .where(and(eq(billingAccount.userId, userId), gt(billingAccount.trialScansUsed, 0)));
}

/** LIKE treats % _ and \ as patterns; the search is for the text as typed. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The owner's scans matching the history's search and filters (the band bounds mirror riskBand). */
function listWhere(userId: string, filter: Pick<ScanListQuery, 'q' | 'verdict' | 'type'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(scans.userId, userId)];
  if (filter.q) {
    const pattern = likeLiteral(filter.q);
    conditions.push(or(ilike(scans.message, pattern), ilike(scans.phoneNumber, pattern), ilike(scans.email, pattern)));
  }
  if (filter.verdict === 'scam') conditions.push(gte(scans.riskScore, RISK_BAND_SCAM));
  if (filter.verdict === 'suspicious')
    conditions.push(and(gte(scans.riskScore, RISK_BAND_SUSPICIOUS), lt(scans.riskScore, RISK_BAND_SCAM)));
  if (filter.verdict === 'legitimate') conditions.push(lt(scans.riskScore, RISK_BAND_SUSPICIOUS));
  // Below 40 a type is the closest match, not a finding: the card and the title do not name it.
  if (filter.type) conditions.push(eq(scans.scamType, filter.type), gte(scans.riskScore, RISK_BAND_SUSPICIOUS));
  return and(...conditions);
}

/**
 * One page of the owner's scans, newest first, and how many match. Served by scans_user_created_idx; the
 * text search scans that user's rows only (a per-user history is small; a trigram index would be the next
 * step if it ever is not).
 */
export async function listScans(
  db: Db,
  userId: string,
  query: ScanListQuery,
): Promise<{ rows: ScanRow[]; total: number }> {
  const where = listWhere(userId, query);
  const rows = await db
    .select()
    .from(scans)
    .where(where)
    .orderBy(desc(scans.createdAt), desc(scans.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // The count is only needed when the page does not already say it (a first page that is not full).
  const total =
    query.page === 1 && rows.length < query.limit
      ? rows.length
      : ((await db.select({ n: count() }).from(scans).where(where))[0]?.n ?? 0);
  return { rows, total };
}

/** Scoped to its owner: another user's id deletes nothing. Answers how many were deleted (0 or 1). */
export async function deleteScan(db: Db, userId: string, id: string): Promise<number> {
  const deleted = await db
    .delete(scans)
    .where(and(eq(scans.id, id), eq(scans.userId, userId)))
    .returning({ id: scans.id });
  return deleted.length;
}

export async function deleteAllScans(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(scans).where(eq(scans.userId, userId)).returning({ id: scans.id });
  return deleted.length;
}

/** Scoped to its owner: another user's id finds nothing. */
export async function findScan(db: Db, userId: string, id: string): Promise<ScanRow | null> {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * A scan re-scored with the user's answers (PATCH): the answers and the new verdict replace the old, in one
 * statement scoped to the owner, which also writes the scan's own report and counts the other accounts'
 * reports into the stored result (`reports`, as insertScanIf does for a new scan). Prepared once. Null when
 * the owner has no such scan.
 */
export async function updateScanVerdict(
  db: Db,
  userId: string,
  id: string,
  context: ScanContext,
  result: ScanResult,
  reports: ScanReports | null = null,
): Promise<ScanRow | null> {
  const name = `scan_answer_store${reports ? '_reports' : ''}`;
  const statement = preparedOnce(db, name, () => {
    const p = (key: string) => sql.placeholder(key);
    const owned = sql`${scans.id} = ${p('id')}::uuid and ${scans.userId} = ${p('userId')}::text`;
    const rep = reports?.parts(sql`exists (select 1 from ${scans} where ${owned})`) ?? null;
    const resultJson = rep
      ? sql`jsonb_set(${p('result')}::jsonb, '{reputation,sightings}', ${rep.sightings})`
      : sql`${p('result')}::jsonb`;
    return db
      .with(...(rep?.ctes ?? []))
      .update(scans)
      .set({
        context: sql`${p('context')}::jsonb`,
        result: resultJson,
        riskScore: sql`${p('riskScore')}::integer`,
        confidence: sql`${p('confidence')}::real`,
        scamType: sql`${p('scamType')}::text`,
        reasons: sql`${p('reasons')}::jsonb`,
        engineVersion: sql`${p('engineVersion')}::text`,
      })
      .where(owned)
      .returning()
      .prepare(name);
  });
  const [row] = await statement.execute({
    ...(reports?.values ?? {}),
    id,
    userId,
    context: JSON.stringify(context),
    result: storedResultJson(result),
    riskScore: result.riskScore,
    confidence: result.confidence,
    scamType: result.scamType ?? null,
    reasons: JSON.stringify(result.reasons),
    engineVersion: result.engineVersion,
  });
  return row ?? null;
}

export async function scanStats(db: Db, userId: string) {
  const [row] = await db
    .select({
      totalScans: count(),
      scamsDetected: sql<number>`count(*) filter (where ${gte(scans.riskScore, RISK_BAND_SCAM)})`.mapWith(Number),
      averageRiskScore: avg(scans.riskScore).mapWith(Number),
    })
    .from(scans)
    .where(eq(scans.userId, userId));
  return {
    totalScans: row?.totalScans ?? 0,
    scamsDetected: row?.scamsDetected ?? 0,
    averageRiskScore: row?.averageRiskScore ?? null,
  };
}
