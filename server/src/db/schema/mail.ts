import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every outgoing mail is stored here first. With SMTP the worker sends pending rows and retries failures
 * with back-off (claimed with FOR UPDATE SKIP LOCKED, so several instances never send the same row); with
 * the dev outbox the row is the delivery (listed at /dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** verification | magic_link | contact | ... (for logs and the mailbox page). */
    kind: text('kind').notNull(),
    /** pending → sending → sent, or failed after the last attempt; `outbox` for the dev mailbox. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claimed row whose sender died is claimable again after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's claim: pending rows whose next attempt is due.
    index('mail_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    // /dev/mailbox lists newest first.
    index('mail_outbox_created_at_idx').on(t.createdAt),
  ],
);
