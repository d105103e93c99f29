/**
 * THE place that decides what a user may do (DESIGN.md section 4). Every guarded route asks it.
 *
 *   withScanReservation<T>(ctx, userId, fn: (tx: Tx, reservation: ScanReservation) => Promise<T>): Promise<T>
 *     Opens one database transaction, checks the user's entitlement, counts a trial scan atomically
 *     (UPDATE ... SET trial_scans_used = trial_scans_used + 1 WHERE ... AND trial_scans_used < 5), then runs
 *     `fn` in the SAME transaction (insert the scan row with `tx`, never with ctx.database.db: PGlite has one
 *     connection and would deadlock). If `fn` throws, everything rolls back and the scan is not counted.
 *     Throws AppError PAYMENT_SETUP_REQUIRED | TRIAL_EXPIRED | SCAN_LIMIT_REACHED | SUBSCRIPTION_INACTIVE
 *     (all 403) before `fn` runs when the user may not scan.
 *
 *   assertCanScan(ctx, userId): Promise<void>       the same check without counting (e.g. to fail fast)
 *   assertCanVerify(ctx, userId): Promise<void>     phone / e-mail verification; throws PREMIUM_REQUIRED
 *   getPlanState(ctx, userId): Promise<PlanState>   the stored state (new-account defaults if none)
 *
 * Example (scans service):
 *   const scan = await withScanReservation(ctx, user.id, async (tx) => {
 *     const [row] = await tx.insert(scans).values({ userId: user.id, ... }).returning();
 *     return row;
 *   });
 */
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { AppContext } from '../http/types.ts';
import { AppError } from '../lib/app-error.ts';
import { consumeTrialScan, findAccount, toPlanState, type Tx } from './billing.repo.ts';
import { canVerify, decideScan, type PlanState } from './plan-state.ts';

export type { Tx } from './billing.repo.ts';

export interface ScanReservation {
  /** premium: unlimited, nothing counted; trial: one of the trial's scans was counted. */
  kind: 'premium' | 'trial';
  /** Trial scans used including this one (premium: as stored, unchanged). */
  trialScansUsed: number;
  /** Trial scans left after this one; null for premium. */
  trialScansRemaining: number | null;
}

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export async function getPlanState(ctx: Ctx, userId: string): Promise<PlanState> {
  return toPlanState(await findAccount(ctx.database.db, userId));
}

export async function assertCanScan(ctx: Ctx, userId: string): Promise<void> {
  const decision = decideScan(await getPlanState(ctx, userId), ctx.clock.now());
  if (!decision.allowed) throw new AppError(decision.code);
}

export async function assertCanVerify(ctx: Ctx, userId: string): Promise<void> {
  if (!canVerify(await getPlanState(ctx, userId))) throw new AppError('PREMIUM_REQUIRED');
}

export async function withScanReservation<T>(ctx: Ctx, userId: string, fn: (tx: Tx, reservation: ScanReservation) => Promise<T>): Promise<T> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const state = toPlanState(await findAccount(tx, userId));
    const decision = decideScan(state, now);
    if (!decision.allowed) throw new AppError(decision.code);
    if (decision.kind === 'premium') {
      return fn(tx, { kind: 'premium', trialScansUsed: state.trialScansUsed, trialScansRemaining: null });
    }
    const used = await consumeTrialScan(tx, userId, now);
    if (used === null) {
      // Another request took the last scan (or the state changed) between the read and the update: decide
      // again on what is stored now (under READ COMMITTED a new statement sees the latest committed row).
      const again = decideScan(toPlanState(await findAccount(tx, userId)), now);
      if (!again.allowed) throw new AppError(again.code);
      if (again.kind === 'premium') return fn(tx, { kind: 'premium', trialScansUsed: state.trialScansUsed, trialScansRemaining: null });
      throw new AppError('SCAN_LIMIT_REACHED');
    }
    return fn(tx, { kind: 'trial', trialScansUsed: used, trialScansRemaining: Math.max(0, TRIAL_SCAN_LIMIT - used) });
  });
}
