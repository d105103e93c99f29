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
import { and, eq, exists, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { Db } from '../db/client.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { bucketHitQuery, type RateRule } from '../http/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { consumeTrialScan, findAccount, toPlanState, type Tx } from './billing.repo.ts';
import { canVerify, decideScan, type PlanState, type ScanDecision } from './plan-state.ts';

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

/**
 * The conditions that make storing one scan allowed, for a store that runs as ONE statement (issue 16):
 * `ctes` to run with it and `allowed`, the WHERE the store must carry. `decision` is decideScan on the state
 * read with the session; the statement re-checks it where it is decided, so it stays atomic:
 *   - trial: the counting UPDATE of consumeTrialScan as a CTE (the same WHERE, re-checked by PostgreSQL
 *     after any row-lock wait), and the scan is stored only if that UPDATE counted one;
 *   - premium: the scan is stored only if the plan row is premium when the statement runs;
 *   - with a rate rule: the hit is counted in the same statement and a hit over the limit stores nothing
 *     (and counts no trial scan).
 * Null `store` result: see explainRefusal.
 */
export function scanStoreGuard(db: Db, userId: string, decision: Extract<ScanDecision, { allowed: true }>, now: Date, rate: { rule: RateRule; key: string } | null): { ctes: WithSubquery[]; allowed: SQL } {
  const ctes: WithSubquery[] = [];
  let withinRate: SQL | undefined;
  if (rate) {
    const hit = db.$with('rate_hit').as(bucketHitQuery(db, rate.rule, rate.key, now));
    ctes.push(hit);
    withinRate = sql`(select ${hit.count} from ${hit}) <= ${rate.rule.limit}`;
  }
  if (decision.kind === 'premium') {
    const premium = db
      .select({ one: sql`1` })
      .from(billingAccount)
      .where(and(eq(billingAccount.userId, userId), eq(billingAccount.planTier, 'premium'), inArray(billingAccount.subscriptionStatus, ['active', 'trialing'])));
    return { ctes, allowed: and(exists(premium), withinRate) ?? sql`true` };
  }
  const counted = db.$with('trial_scan').as(
    db
      .update(billingAccount)
      .set({ trialScansUsed: sql`${billingAccount.trialScansUsed} + 1`, updatedAt: now })
      .where(
        and(
          eq(billingAccount.userId, userId),
          eq(billingAccount.planTier, 'free'),
          eq(billingAccount.subscriptionStatus, 'trialing'),
          gt(billingAccount.trialEndsAt, now),
          lt(billingAccount.trialScansUsed, TRIAL_SCAN_LIMIT),
          withinRate,
        ),
      )
      .returning({ used: billingAccount.trialScansUsed }),
  );
  ctes.push(counted);
  return { ctes, allowed: sql`exists (select 1 from ${counted})` };
}

/**
 * Why a guarded store stored nothing: the plan as stored now (its refusal code), else the rate limit, else
 * the trial's last scan taken by a concurrent request. Only on the refusal path: one or two more reads.
 */
export async function explainRefusal(ctx: Ctx, userId: string, rate: { rule: RateRule; key: string; peek: (rule: RateRule, key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }> } | null): Promise<AppError> {
  const decision = decideScan(toPlanState(await findAccount(ctx.database.db, userId)), ctx.clock.now());
  if (!decision.allowed) return new AppError(decision.code);
  if (rate) {
    const state = await rate.peek(rate.rule, rate.key);
    if (!state.allowed) return new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: state.retryAfterSeconds, details: { rule: rate.rule.name } });
  }
  return new AppError('SCAN_LIMIT_REACHED');
}
