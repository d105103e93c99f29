import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Plans, trial and billing (docs/design.md §4). `billing_account` is the one stored plan state per user,
 * written only by the sync from the provider (server/src/billing/sync.ts) and by the scan-quota counter.
 * The `local_*` tables are the built-in test provider's own records: they play the part Stripe's servers
 * play for the Stripe provider, so both go through the same sync.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const billingAccount = pgTable('billing_account', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  planTier: text('plan_tier', { enum: ['free', 'premium'] })
    .notNull()
    .default('free'),
  subscriptionStatus: text('subscription_status', {
    enum: ['setup_required', 'processing', 'trialing', 'active', 'inactive'],
  })
    .notNull()
    .default('setup_required'),
  trialStartedAt: timestamptz('trial_started_at'),
  trialEndsAt: timestamptz('trial_ends_at'),
  /** Trial scans counted in the same transaction that records each scan (server/src/billing/entitlements.ts). */
  trialScansUsed: integer('trial_scans_used').notNull().default(0),
  hasUsedTrial: boolean('has_used_trial').notNull().default(false),
  paymentSetupComplete: boolean('payment_setup_complete').notNull().default(false),
  /** Set once a charge has succeeded: tells a cancelled subscriber from an unconverted trial. */
  everPaid: boolean('ever_paid').notNull().default(false),
  /**
   * Set once a charge has succeeded through Stripe in live mode (a live secret key): money that was real.
   * Never by the built-in test provider or Stripe's test mode, whose cards are free. Lets a young account's
   * reports count (docs/decisions/129).
   */
  everPaidLive: boolean('ever_paid_live').notNull().default(false),
  provider: text('provider', { enum: ['local', 'stripe'] }),
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id'),
  /** The provider's own status word (trialing, active, past_due, canceled...), as last read. */
  providerStatus: text('provider_status'),
  currentPeriodEnd: timestamptz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the last checkout was started: `processing` lapses back to `setup_required` after a while. */
  checkoutStartedAt: timestamptz('checkout_started_at'),
  paymentError: text('payment_error'),
  syncedAt: timestamptz('synced_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * One row per e-mail address that has had a free trial: an HMAC-SHA256 of the normalised address under the
 * server secret, and nothing else. It outlives the account, so a deleted and re-created account does not
 * get a second trial (server/src/billing/trial-history.ts, docs/decisions/047).
 */
export const trialGrant = pgTable('trial_grant', {
  /** Looked up by checkout and the plan read; the primary key is the only index it needs. */
  emailHash: text('email_hash').primaryKey(),
});

/** Provider webhook events already handled, by event id: a replayed delivery does nothing. */
export const billingWebhookEvent = pgTable('billing_webhook_event', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  processedAt: timestamptz('processed_at'),
});

export const localCheckoutSession = pgTable(
  'local_checkout_session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    withTrial: boolean('with_trial').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  // Cascading deletes of a user find their sessions by user.
  (t) => [index('local_checkout_session_user_id_idx').on(t.userId)],
);

export const localSubscription = pgTable(
  'local_subscription',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled'] }).notNull(),
    trialStart: timestamptz('trial_start'),
    trialEnd: timestamptz('trial_end'),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    /** While trialing this is the trial's end, as at Stripe: the job's one "due" column. */
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamptz('canceled_at'),
    endedAt: timestamptz('ended_at'),
    cardBrand: text('card_brand').notNull(),
    /** Only the last four digits are ever stored. */
    cardLast4: text('card_last4').notNull(),
    cardExpMonth: integer('card_exp_month').notNull(),
    cardExpYear: integer('card_exp_year').notNull(),
    /** What the test card does when charged later (4000 0000 0000 0341 is accepted, then fails). */
    cardChargeFails: boolean('card_charge_fails').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The sync reads a customer's subscriptions.
    index('local_subscription_customer_id_idx').on(t.customerId),
    // One live subscription per customer, enforced by the database: two checkouts completed at once (two
    // instances) cannot both start one. Also serves "the customer's live subscription".
    uniqueIndex('local_subscription_one_live_per_customer')
      .on(t.customerId)
      .where(sql`${t.status} <> 'canceled'`),
    // The billing job: live subscriptions whose period (or trial) has ended.
    index('local_subscription_due_idx').on(t.status, t.currentPeriodEnd),
    index('local_subscription_user_id_idx').on(t.userId),
  ],
);

export const localInvoice = pgTable(
  'local_invoice',
  {
    id: text('id').primaryKey(),
    /**
     * Null once the account is deleted: the invoice itself (amount, period, dates) is kept for the
     * accounts the law requires, detached from the person (docs/decisions/047).
     */
    subscriptionId: text('subscription_id').references(() => localSubscription.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['paid', 'open', 'void'] }).notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    paidAt: timestamptz('paid_at'),
  },
  // The portal lists a subscription's invoices; a card update retries its open ones.
  (t) => [index('local_invoice_subscription_id_idx').on(t.subscriptionId)],
);

export const localPortalSession = pgTable(
  'local_portal_session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('local_portal_session_user_id_idx').on(t.userId)],
);
