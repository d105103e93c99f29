import { and, eq, gt, lte } from 'drizzle-orm';
import { PREMIUM_PRICE_CENTS, TRIAL_DAYS, TRIAL_SCAN_LIMIT, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';
import { user } from '../db/schema/auth.ts';
import { billingAccount } from '../db/schema/billing.ts';
import type { AppContext } from '../context.ts';
import { mailExists } from '../mail/mail.repo.ts';
import { enqueueMailOnce } from '../mail/mail.service.ts';
import {
  cancellationMail,
  paymentFailedMail,
  receiptMail,
  trialReminderMail,
  trialStartedMail,
  type CardLabel,
} from '../mail/templates.ts';
import type { BillingAccountRow, Executor } from './billing.repo.ts';
import { DAY_MS } from './plan-state.ts';
import type { SubscriptionSnapshot } from './providers/types.ts';

/**
 * Every billing event sends an e-mail (docs/design.md §3 item 6): trial started, the reminder
 * TRIAL_WARNING_DAYS days before the trial's end, a receipt for every charge, a failed payment, a confirmed
 * cancellation.
 *
 * Each mail is stored in the outbox inside the transaction that stores the change it announces (the sync,
 * or the reminder job's batch), under an id derived from the event (`billing:receipt:<invoice id>`...). So
 * a replayed webhook, a second sync, a retried job or a second server instance finds the row and stores
 * nothing: one mail per event, with no table of its own (docs/decisions/041-ask-before-charging.md).
 */

type Ctx = Pick<AppContext, 'config' | 'clock'>;

/** The reminder goes out this long before the trial's end: the header's warning days (decision 115). */
export const TRIAL_REMINDER_MS = TRIAL_WARNING_DAYS * DAY_MS;
/** A paid invoice older than this at its first sync is history (e.g. before mails existed), not news. */
const RECEIPT_WINDOW_MS = 3 * DAY_MS;

async function recipient(db: Executor, userId: string) {
  const rows = await db.select({ email: user.email, firstName: user.firstName }).from(user).where(eq(user.id, userId));
  return rows[0];
}

function common(ctx: Ctx) {
  return { supportEmail: ctx.config.mail.supportEmail, accountUrl: `${ctx.config.publicUrl}/account` };
}

/**
 * Called by the sync, in its transaction, with the stored row as it was before and the provider's
 * snapshot it is about to store. Compares the two and stores the mails the change calls for.
 */
export async function sendBillingMailsForSync(
  ctx: Ctx,
  db: Executor,
  before: BillingAccountRow,
  snap: SubscriptionSnapshot | null,
): Promise<void> {
  if (!snap) return;
  const to = await recipient(db, before.userId);
  if (!to) return;
  const now = ctx.clock.now();
  const base = { ...common(ctx), firstName: to.firstName };
  const card: CardLabel | null = snap.card;
  const send = (key: string, kind: string, mail: { subject: string; text: string; html: string }) =>
    enqueueMailOnce(ctx, db, `billing:${key}`, { ...mail, to: to.email, kind });

  const newTrial =
    snap.status === 'trialing' && (before.subscriptionId !== snap.id || before.subscriptionStatus !== 'trialing');
  if (newTrial && snap.trialEnd) {
    await send(
      `trial-started:${snap.id}`,
      'trial_started',
      trialStartedMail({
        ...base,
        firstChargeDate: snap.trialEnd,
        amountCents: PREMIUM_PRICE_CENTS,
        scanLimit: TRIAL_SCAN_LIMIT,
        trialDays: TRIAL_DAYS,
        card,
      }),
    );
  }

  const invoice = snap.latestInvoice;
  if (
    invoice?.status === 'paid' &&
    invoice.amountCents > 0 &&
    invoice.paidAt &&
    now.getTime() - invoice.paidAt.getTime() <= RECEIPT_WINDOW_MS
  ) {
    const next = snap.status === 'active' && !snap.cancelAtPeriodEnd ? snap.currentPeriodEnd : null;
    await send(
      `receipt:${invoice.id}`,
      'receipt',
      receiptMail({
        ...base,
        amountCents: invoice.amountCents,
        paidAt: invoice.paidAt,
        invoiceId: invoice.id,
        card,
        nextChargeDate: next,
      }),
    );
  }
  if (invoice?.status === 'open' && invoice.error) {
    // One mail per failed attempt (the job at the trial's end, each retry with a new card).
    await send(
      `payment-failed:${invoice.id}:${invoice.attemptCount}`,
      'payment_failed',
      paymentFailedMail({
        ...base,
        amountCents: invoice.amountCents,
        reason: invoice.error,
        card,
        blocked: snap.status !== 'trialing',
      }),
    );
  }

  // Cancelled in the portal (at the period's end), or ended at once: confirmed the moment it is seen.
  const cancelling = snap.cancelAtPeriodEnd && !before.cancelAtPeriodEnd && snap.status !== 'canceled';
  const endedWithoutNotice =
    snap.status === 'canceled' &&
    before.providerStatus !== 'canceled' &&
    !before.cancelAtPeriodEnd &&
    before.subscriptionId === snap.id;
  if (cancelling || endedWithoutNotice) {
    await send(
      `cancelled:${snap.id}:${now.getTime()}`,
      'cancellation',
      cancellationMail({
        ...base,
        accessUntil: cancelling ? snap.currentPeriodEnd : null,
        duringTrial: snap.status === 'trialing',
      }),
    );
  }
}

/** "Activate Premium" was declined: the trial stays as it was (no invoice exists), and the user is told by mail too. */
export async function sendConversionDeclinedMail(
  ctx: Ctx,
  db: Executor,
  userId: string,
  subscriptionId: string,
  reason: string,
  card: CardLabel | null,
): Promise<void> {
  const to = await recipient(db, userId);
  if (!to) return;
  const mail = paymentFailedMail({
    ...common(ctx),
    firstName: to.firstName,
    amountCents: PREMIUM_PRICE_CENTS,
    reason,
    card,
    blocked: false,
  });
  await enqueueMailOnce(ctx, db, `billing:payment-failed:${subscriptionId}:conversion:${ctx.clock.now().getTime()}`, {
    ...mail,
    to: to.email,
    kind: 'payment_failed',
  });
}

/**
 * The reminder job: every trial that ends within TRIAL_REMINDER_MS, is not cancelled and has not had its reminder
 * gets one. Runs on every instance; the mail's id (`billing:trial-reminder:<subscription>`) makes the
 * second insert a no-op, so each trial is reminded once however many instances or rounds see it.
 * Returns how many reminders were stored by this call.
 */
export async function sendTrialReminders(ctx: Ctx & Pick<AppContext, 'database' | 'billing'>): Promise<number> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  // Few rows: trialing accounts whose end is within the lead time (no index needed at this size).
  const due = await db
    .select({
      userId: billingAccount.userId,
      subscriptionId: billingAccount.subscriptionId,
      trialEndsAt: billingAccount.trialEndsAt,
      customerId: billingAccount.customerId,
    })
    .from(billingAccount)
    .where(
      and(
        eq(billingAccount.subscriptionStatus, 'trialing'),
        eq(billingAccount.planTier, 'free'),
        eq(billingAccount.cancelAtPeriodEnd, false),
        gt(billingAccount.trialEndsAt, now),
        lte(billingAccount.trialEndsAt, new Date(now.getTime() + TRIAL_REMINDER_MS)),
      ),
    );
  let sent = 0;
  for (const row of due) {
    if (!row.subscriptionId || !row.trialEndsAt || !row.customerId) continue;
    const key = `billing:trial-reminder:${row.subscriptionId}`;
    // Already reminded (this round or an earlier one, here or on another instance): no provider call.
    if (await mailExists(db, key)) continue;
    const to = await recipient(db, row.userId);
    if (!to) continue;
    const card = (await ctx.billing.fetchSubscription(row.customerId, db))?.card ?? null;
    const mail = trialReminderMail({
      ...common(ctx),
      firstName: to.firstName,
      chargeDate: row.trialEndsAt,
      amountCents: PREMIUM_PRICE_CENTS,
      card,
    });
    if (await enqueueMailOnce(ctx, db, key, { ...mail, to: to.email, kind: 'trial_reminder' })) sent++;
  }
  return sent;
}
