import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingAccount, billingWebhookEvent } from '../db/schema/billing.ts';
import { NEW_ACCOUNT, type PlanState } from './plan-state.ts';

/** Queries on the stored plan state. No rules here: those are in plan-state.ts and entitlements.ts. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runner: the database, or a transaction (inside one, always use it: PGlite has one connection). */
export type Executor = Db | Tx;

export type BillingAccountRow = typeof billingAccount.$inferSelect;
export type BillingAccountPatch = Partial<Omit<typeof billingAccount.$inferInsert, 'userId' | 'createdAt'>>;

export function toPlanState(row: BillingAccountRow | undefined): PlanState {
  if (!row) return NEW_ACCOUNT;
  return {
    planTier: row.planTier,
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt,
    trialScansUsed: row.trialScansUsed,
    hasUsedTrial: row.hasUsedTrial,
    paymentSetupComplete: row.paymentSetupComplete,
    everPaid: row.everPaid,
    providerStatus: row.providerStatus,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    checkoutStartedAt: row.checkoutStartedAt,
    paymentError: row.paymentError,
  };
}

export async function findAccount(
  db: Executor,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BillingAccountRow | undefined> {
  const q = db.select().from(billingAccount).where(eq(billingAccount.userId, userId));
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0];
}

export async function findAccountByCustomer(
  db: Executor,
  customerId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BillingAccountRow | undefined> {
  const q = db.select().from(billingAccount).where(eq(billingAccount.customerId, customerId));
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0];
}

/** The user's record, created with the new-account defaults the first time it is needed. */
export async function ensureAccount(
  db: Executor,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BillingAccountRow> {
  await db.insert(billingAccount).values({ userId }).onConflictDoNothing({ target: billingAccount.userId });
  const row = await findAccount(db, userId, opts);
  if (!row) throw new Error('billing account vanished after insert');
  return row;
}

export async function updateAccount(
  db: Executor,
  userId: string,
  patch: BillingAccountPatch,
  now: Date,
): Promise<void> {
  await db
    .update(billingAccount)
    .set({ ...patch, updatedAt: now })
    .where(eq(billingAccount.userId, userId));
}

/**
 * Records a webhook event before handling it. Returns false when the event was already handled (a replay);
 * an event whose earlier handling failed (processed_at still null) is handled again.
 */
export async function claimWebhookEvent(
  db: Executor,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  await db.insert(billingWebhookEvent).values(event).onConflictDoNothing({ target: billingWebhookEvent.id });
  const rows = await db
    .select({ processedAt: billingWebhookEvent.processedAt })
    .from(billingWebhookEvent)
    .where(eq(billingWebhookEvent.id, event.id));
  return rows[0]?.processedAt == null;
}

export async function markWebhookProcessed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(billingWebhookEvent).set({ processedAt: now }).where(eq(billingWebhookEvent.id, id));
}
