import { and, avg, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { ScanInput, ScanResult } from '@redflag/contracts/scan';
import { RISK_BAND_SCAM } from '@redflag/contracts/constants';
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

export function listScans(db: Db, userId: string, limit: number): Promise<ScanRow[]> {
  return db.select().from(scans).where(eq(scans.userId, userId)).orderBy(desc(scans.createdAt), desc(scans.id)).limit(limit);
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
