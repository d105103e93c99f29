import { SCAN_LIST_DEFAULT_LIMIT, SCAN_LIST_MAX_LIMIT, type ScanInput, type ScanListQuery, type ScanResult, type StoredScan, type UserStats } from '@redflag/contracts/scan';
import { analyze, type AnalyzeOptions } from '../detection/analyze.ts';
import { assertCanScan, assertCanVerify, withScanReservation } from '../billing/entitlements.ts';
import type { AppContext } from '../http/types.ts';
import { AppError } from '../lib/app-error.ts';
import { deleteAllScans, deleteScan, findScan, insertScan, listScans, scanStats, type ScanRow } from './scans.repo.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;

export const DEFAULT_LIST_LIMIT = SCAN_LIST_DEFAULT_LIMIT;
export const MAX_LIST_LIMIT = SCAN_LIST_MAX_LIMIT;

/** Engine options from the validated settings: the optional network steps are on only when configured. */
export function engineOptions(config: AppContext['config'], logger?: AppContext['logger']): AnalyzeOptions {
  return {
    // An optional step failed: log which one and why (never the message); the local result stands.
    onWarning: (step, err) => logger?.warn({ step, err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'optional analysis step failed'),
    llm: config.llm ? { baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, model: config.llm.model, timeoutMs: config.llm.timeoutMs } : null,
    mx: config.emailMxLookup ? { timeoutMs: 1500 } : null,
  };
}

/**
 * One scan, end to end: entitlement (and Premium for phone / e-mail verification), the engine's analysis,
 * then the quota reservation and the stored row in ONE transaction. The analysis runs before the
 * transaction, so a failed analysis never spends a trial scan and no lock is held while the engine (or the
 * optional LLM reviewer) works.
 */
export async function runScan(ctx: Ctx, userId: string, input: ScanInput, analyzeFn: typeof analyze = analyze): Promise<StoredScan> {
  // Fail fast (and cheaply) for users who may not scan; the reservation below re-checks atomically.
  await assertCanScan(ctx, userId);
  if (input.phoneNumber || input.email) await assertCanVerify(ctx, userId);

  let result: ScanResult;
  try {
    result = await analyzeFn(input, engineOptions(ctx.config, ctx.logger));
  } catch (err) {
    ctx.logger.error({ err: { name: (err as Error).name, stack: (err as Error).stack }, messageLength: input.message.length }, 'analysis failed');
    throw new AppError('INTERNAL_ERROR', 'The analysis failed. Your scan was not counted; please try again.');
  }

  const row = await withScanReservation(ctx, userId, (tx) => insertScan(tx, userId, input, result));
  ctx.logger.info({ scanId: row.id, riskScore: row.riskScore, scamType: row.scamType, messageLength: input.message.length }, 'scan stored');
  return toStoredScan(row);
}

/** One page of the history, searched and filtered as asked, with how many scans match in all. */
export async function getScans(
  ctx: Ctx,
  userId: string,
  query: Partial<ScanListQuery> = {},
): Promise<{ scans: StoredScan[]; total: number }> {
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_LIST_LIMIT, 1), MAX_LIST_LIMIT);
  const { rows, total } = await listScans(ctx.database.db, userId, { q: query.q, verdict: query.verdict, type: query.type, page: Math.max(query.page ?? 1, 1), limit });
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
    riskScore: row.riskScore,
    confidence: row.confidence,
    scamType: (row.scamType as StoredScan['scamType']) ?? null,
    reasons: row.reasons,
    createdAt: row.createdAt.toISOString(),
  };
}
