import { and, avg, count, desc, eq, getTableColumns, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { ScanInput, ScanListQuery, ScanResult, ScanSource } from '@redflag/contracts/scan';
import type { ScanContext } from '@redflag/contracts/scan-context';
import { RISK_BAND_SCAM, RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { Db } from '../db/client.ts';
import { rateLimitBucket, session, user } from '../db/schema/auth.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import { bucketKeySql, type RateRule } from '../http/rate-limit.ts';

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
 * Who is asking for a scan, in ONE read: the session named by `token` with its user, the user's
 * plan row (null: none yet) and the user's scan rate bucket when `rule` is given (null: no hits in the
 * current window). The caller checks the session's expiry; nothing here decides anything.
 */
export async function findScanRequester(db: Db, token: string, rule: RateRule | null, now: Date) {
  const name = `scan_requester_${rule?.name ?? 'none'}`;
  const statement = preparedOnce(db, name, () => {
    const bucketJoin = rule ? and(eq(rateLimitBucket.key, bucketKeySql(rule, user.id)), gt(rateLimitBucket.resetAt, sql`${sql.placeholder('nowIso')}::timestamptz`)) : sql`false`;
    return db
      .select({
        sessionExpiresAt: session.expiresAt,
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified, firstName: user.firstName, lastName: user.lastName, name: user.name, image: user.image, createdAt: user.createdAt },
        account: getTableColumns(billingAccount),
        bucket: { count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt },
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(billingAccount, eq(billingAccount.userId, session.userId))
      .leftJoin(rateLimitBucket, bucketJoin)
      .where(eq(session.token, sql.placeholder('token')))
      .limit(1)
      .prepare(name);
  });
  const [row] = await statement.execute({ token, nowIso: now.toISOString() });
  return row ?? null;
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
): Promise<ScanRow | null> {
  const name = `scan_store_${variant}`;
  const statement = preparedOnce(db, name, () => {
    const { ctes, allowed } = guard();
    const p = (key: string) => sql.placeholder(key);
    // The select lists every column of `scans` in its declared order (insert ... select has no column names).
    return db
      .with(...ctes)
      .insert(scans)
      .select(
        sql`select gen_random_uuid(), ${p('userId')}::text, ${p('message')}::text, ${p('platform')}::text, ${p('phoneNumber')}::text,
          ${p('email')}::text, ${p('source')}::text, ${p('riskScore')}::integer, ${p('confidence')}::real, ${p('scamType')}::text,
          ${p('reasons')}::jsonb, ${p('result')}::jsonb, ${p('engineVersion')}::text, now(), ${p('context')}::jsonb
          where ${allowed}`,
      )
      .returning({ id: scans.id, createdAt: scans.createdAt })
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
    ...values,
    reasons: JSON.stringify(values.reasons),
    result: JSON.stringify(values.result),
    context: values.context === null ? null : JSON.stringify(values.context),
  });
  return made ? { ...values, ...made } : null;
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
export async function insertReservedScan(db: Db, userId: string, input: ScanRunInput, result: ScanResult): Promise<ScanRow> {
  const row = await insertScanIf(db, 'reserved', () => ({ ctes: [], allowed: sql`true` }), { userId }, input, result);
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
  if (filter.verdict === 'suspicious') conditions.push(and(gte(scans.riskScore, RISK_BAND_SUSPICIOUS), lt(scans.riskScore, RISK_BAND_SCAM)));
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
export async function listScans(db: Db, userId: string, query: ScanListQuery): Promise<{ rows: ScanRow[]; total: number }> {
  const where = listWhere(userId, query);
  const rows = await db
    .select()
    .from(scans)
    .where(where)
    .orderBy(desc(scans.createdAt), desc(scans.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // The count is only needed when the page does not already say it (a first page that is not full).
  const total = query.page === 1 && rows.length < query.limit ? rows.length : ((await db.select({ n: count() }).from(scans).where(where))[0]?.n ?? 0);
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
 * statement scoped to the owner. Null when the owner has no such scan.
 */
export async function updateScanVerdict(db: Db, userId: string, id: string, context: ScanContext, result: ScanResult): Promise<ScanRow | null> {
  const [row] = await db
    .update(scans)
    .set({ context, result, riskScore: result.riskScore, confidence: result.confidence, scamType: result.scamType ?? null, reasons: result.reasons, engineVersion: result.engineVersion })
    .where(and(eq(scans.id, id), eq(scans.userId, userId)))
    .returning();
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
  return { totalScans: row?.totalScans ?? 0, scamsDetected: row?.scamsDetected ?? 0, averageRiskScore: row?.averageRiskScore ?? null };
}
