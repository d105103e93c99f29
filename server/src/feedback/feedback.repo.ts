import { and, eq, gte } from 'drizzle-orm';
import type { FeedbackInput } from '@redflag/contracts/feedback';
import type { Db } from '../db/client.ts';
import { scanFeedback, scanShare } from '../db/schema/feedback.ts';
import { scans } from '../db/schema/scans.ts';
import type { ScanRow } from '../scans/scans.repo.ts';

export type FeedbackRow = typeof scanFeedback.$inferSelect;
export type ShareRow = typeof scanShare.$inferSelect;

/** One feedback per scan: a second answer replaces the first (the verdict it answers is the scan's). */
export async function upsertFeedback(db: Db, scan: ScanRow, input: FeedbackInput, now: Date): Promise<FeedbackRow> {
  const verdict = {
    engineVersion: scan.engineVersion,
    riskScore: scan.riskScore,
    scamType: scan.scamType,
    signals: (scan.result.reasonDetails ?? []).map((d) => d.id),
  };
  const answer = { label: input.label, note: input.note, consentToUseText: input.consentToUseText, updatedAt: now };
  const [row] = await db
    .insert(scanFeedback)
    .values({ scanId: scan.id, userId: scan.userId, ...verdict, ...answer, createdAt: now })
    .onConflictDoUpdate({ target: scanFeedback.scanId, set: { ...verdict, ...answer } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function findFeedback(db: Db, userId: string, scanId: string): Promise<FeedbackRow | null> {
  const [row] = await db
    .select()
    .from(scanFeedback)
    .where(and(eq(scanFeedback.scanId, scanId), eq(scanFeedback.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Served by scan_feedback_user_id_idx: the account export. */
export async function feedbackOf(db: Db, userId: string): Promise<FeedbackRow[]> {
  return db.select().from(scanFeedback).where(eq(scanFeedback.userId, userId));
}

/** Served by scan_share_user_id_idx: the account export. */
export async function sharesOf(db: Db, userId: string): Promise<ShareRow[]> {
  return db.select().from(scanShare).where(eq(scanShare.userId, userId));
}

/**
 * Creates the scan's link, or changes what an existing one shows (its token stays: a link already sent
 * keeps working). The token is only used when the row is new.
 */
export async function upsertShare(
  db: Db,
  scan: ScanRow,
  token: string,
  includeMessage: boolean,
  now: Date,
): Promise<ShareRow> {
  const [row] = await db
    .insert(scanShare)
    .values({ token, scanId: scan.id, userId: scan.userId, includeMessage, createdAt: now })
    .onConflictDoUpdate({ target: scanShare.scanId, set: { includeMessage } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function findShare(db: Db, userId: string, scanId: string): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(scanShare)
    .where(and(eq(scanShare.scanId, scanId), eq(scanShare.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Scoped to its owner: another user's scan id deletes nothing. */
export async function deleteShare(db: Db, userId: string, scanId: string): Promise<number> {
  const deleted = await db
    .delete(scanShare)
    .where(and(eq(scanShare.scanId, scanId), eq(scanShare.userId, userId)))
    .returning({ id: scanShare.id });
  return deleted.length;
}

/** The public page's lookup (scan_share_token_idx): the link and its scan. */
export async function findSharedScan(db: Db, token: string): Promise<{ share: ShareRow; scan: ScanRow } | null> {
  const [row] = await db
    .select({ share: scanShare, scan: scans })
    .from(scanShare)
    .innerJoin(scans, eq(scans.id, scanShare.scanId))
    .where(eq(scanShare.token, token))
    .limit(1);
  return row ?? null;
}

/** The operator export: feedback changed since a date, with its scan's text and channel. */
export async function feedbackSince(db: Db, since: Date) {
  return db
    .select({ feedback: scanFeedback, message: scans.message, platform: scans.platform })
    .from(scanFeedback)
    .innerJoin(scans, eq(scans.id, scanFeedback.scanId))
    .where(gte(scanFeedback.updatedAt, since))
    .orderBy(scanFeedback.updatedAt, scanFeedback.id);
}
