import type { AppContext } from '../context.ts';
import { sendTrialReminders } from './billing-mail.ts';
import { advanceDueSubscription, lockDueSubscriptions } from './providers/local.ts';
import { syncSubscription } from './sync.ts';

/**
 * The billing clock. For every provider: the trial reminder mail (billing-mail.ts, once per trial by its
 * outbox id). For the local provider, what Stripe does by itself: at a trial's end charge the card
 * (conversion), at a period's end renew or, when cancelled, end the subscription. Safe with
 * several instances: each batch takes its rows FOR UPDATE SKIP LOCKED, so two instances never handle the
 * same subscription, and each change commits together with its sync.
 */

const BATCH = 25;
const MAX_BATCHES = 40;
export const BILLING_JOB_INTERVAL_MS = 30_000;

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger' | 'billing'>;

/**
 * The reminder TRIAL_WARNING_DAYS before each trial's end (both providers: Stripe bills by itself, the notice is
 * ours), then, for the local provider, every due step until none is left (a clock moved by months renews
 * month by month).
 */
export async function runBillingJobs(ctx: Ctx): Promise<number> {
  const reminded = await sendTrialReminders(ctx);
  if (reminded) ctx.logger.info({ reminded }, 'billing job: trial reminders stored');
  if (ctx.billing.name !== 'local') return 0;
  let handled = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = ctx.clock.now();
    const count = await ctx.database.db.transaction(async (tx) => {
      const due = await lockDueSubscriptions(tx, now, BATCH);
      for (const sub of due) {
        await advanceDueSubscription(tx, sub, now);
        await syncSubscription(ctx, sub.customerId, tx);
      }
      return due.length;
    });
    handled += count;
    if (count < BATCH) break;
  }
  if (handled) ctx.logger.info({ handled }, 'billing job: subscriptions advanced');
  return handled;
}

/** Starts the in-process interval; returns a stop function (called on shutdown). */
export function startBillingJobs(ctx: Ctx, intervalMs = BILLING_JOB_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBillingJobs(ctx)
      .catch((err: unknown) =>
        ctx.logger.error(
          { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
          'billing job failed',
        ),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
