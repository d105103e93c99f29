/**
 * THE place that decides whether a scan may be stored (docs/design.md §4); runScan (scans.service.ts) asks it.
 *
 *   getPlanState(ctx, userId): Promise<PlanState>   the stored state (new-account defaults if none)
 *   scanStoreGuard(db, kind, rule) + scanStoreValues(userId, now, rate)   the conditions the ONE statement storing a scan carries:
 *     the trial scan counted (UPDATE ... WHERE ... AND trial_scans_used < 5) or the plan still Premium, and
 *     the rate-limit hit, all re-checked by PostgreSQL where it is decided, so concurrent scans (on one or
 *     several instances) never exceed the quota
 *   explainRefusal(ctx, userId, rate): Promise<AppError>   why a guarded store stored nothing: 403
 *     PAYMENT_SETUP_REQUIRED | TRIAL_EXPIRED | SCAN_LIMIT_REACHED | SUBSCRIPTION_INACTIVE, or 429 RATE_LIMITED
 */
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Db } from '../db/client.ts';
import { billingAccount } from '../db/schema/billing.ts';
import type { RateRule } from '../http/rate-limit.ts';
import { ruleHitCte, trialScanCte, windowEndIso } from '../scans/scans.repo.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { findAccount, toPlanState } from './billing.repo.ts';
import { decideScan, type PlanState, type ScanDecision } from './plan-state.ts';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export async function getPlanState(ctx: Ctx, userId: string): Promise<PlanState> {
  return toPlanState(await findAccount(ctx.database.db, userId));
}

/**
 * The conditions that make storing one scan allowed, for a store that runs as ONE statement:
 * `ctes` to run with it and `allowed`, the WHERE the store must carry. Built from placeholders (see
 * scanStoreValues) so that the statement is prepared once per kind and rule (scans.repo.ts); `kind` is
 * decideScan's answer on the state read with the session, and the statement re-checks it where it is
 * decided, so it stays atomic:
 *   - trial: the counting UPDATE as a CTE (still a trial with time and scans left, re-checked by PostgreSQL
 *     after any row-lock wait), and the scan is stored only if that UPDATE counted one;
 *   - premium: the scan is stored only if the plan row is premium when the statement runs;
 *   - with a rate rule: the hit is counted in the same statement and a hit over the limit stores nothing
 *     (and counts no trial scan).
 * The hit and the trial scan are the CTEs every scan claim builds too (scans.repo.ts ruleHitCte and
 * trialScanCte), so the conditions are written once. Null `store` result: see explainRefusal.
 */
export function scanStoreGuard(
  db: Db,
  kind: Extract<ScanDecision, { allowed: true }>['kind'],
  rule: RateRule | null,
): { ctes: WithSubquery[]; allowed: SQL } {
  const userId = sql.placeholder('userId');
  const nowIso = sql.placeholder('nowIso');
  const ctes: WithSubquery[] = [];
  const within: SQL[] = [];
  if (rule) {
    const owner = sql`(select ${sql.placeholder('rateOwner')}::text)`;
    ctes.push(ruleHitCte(db, 'rate_hit', rule, owner, { nowIso, resetIso: sql.placeholder('rateResetIso') }));
    within.push(sql`(select count from rate_hit) <= ${rule.limit}`);
  }
  if (kind === 'premium') {
    const premium = db
      .select({ one: sql`1` })
      .from(billingAccount)
      .where(
        and(
          eq(billingAccount.userId, userId),
          eq(billingAccount.planTier, 'premium'),
          inArray(billingAccount.subscriptionStatus, ['active', 'trialing']),
        ),
      );
    return { ctes, allowed: and(exists(premium), ...within) ?? sql`true` };
  }
  ctes.push(trialScanCte(db, sql`(select ${userId}::text)`, nowIso, within));
  return { ctes, allowed: sql`exists (select 1 from trial_scan)` };
}

/** The values of scanStoreGuard's placeholders for one scan. */
export function scanStoreValues(userId: string, now: Date, rate: { rule: RateRule; key: string } | null) {
  return {
    userId,
    nowIso: now.toISOString(),
    ...(rate ? { rateOwner: rate.key, rateResetIso: windowEndIso(rate.rule, now) } : {}),
  };
}

/**
 * Why a guarded store stored nothing: the plan as stored now (its refusal code), else the rate limit, else
 * the trial's last scan taken by a concurrent request. Only on the refusal path: one or two more reads.
 */
export async function explainRefusal(
  ctx: Ctx,
  userId: string,
  rate: {
    rule: RateRule;
    key: string;
    peek: (rule: RateRule, key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  } | null,
): Promise<AppError> {
  const decision = decideScan(toPlanState(await findAccount(ctx.database.db, userId)), ctx.clock.now());
  if (!decision.allowed) return new AppError(decision.code);
  if (rate) {
    const state = await rate.peek(rate.rule, rate.key);
    if (!state.allowed)
      return new AppError('RATE_LIMITED', undefined, {
        retryAfterSeconds: state.retryAfterSeconds,
        details: { rule: rate.rule.name },
      });
  }
  return new AppError('SCAN_LIMIT_REACHED');
}
