import { and, avg, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ScanInput, ScanListQuery, ScanResult } from '@redflag/contracts/scan';
import { RISK_BAND_SCAM, RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { Db } from '../db/client.ts';
import { scans } from '../db/schema/scans.ts';

export type ScanRow = typeof scans.$inferSelect;

export async function insertScan(db: Db, userId: string, input: ScanInput, result: ScanResult): Promise<ScanRow> {
  const [row] = await db
    .insert(scans)
    .values({
      userId,
      message: input.message,
      platform: input.platform ?? null,
      phoneNumber: input.phoneNumber ?? null,
      email: input.email ?? null,
      riskScore: result.riskScore,
      confidence: result.confidence,
      scamType: result.scamType ?? null,
      reasons: result.reasons,
      result,
      engineVersion: result.engineVersion,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
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
