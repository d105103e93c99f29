import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { scans } from './scans.ts';

/**
 * "Was this right?" on a scan (decision 071). One per scan, changeable by its owner. The
 * verdict at the time is copied here (the scan row never changes, but a copy keeps the agreement report
 * honest if that ever stops being true). No message text is copied: the export reads it from the scan, and
 * only while `consent_to_use_text` is true. Goes with the scan and with the account (cascade on both).
 */
export const scanFeedback = pgTable(
  'scan_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scanId: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** scam | not_scam | not_sure */
    label: text('label').notNull(),
    note: text('note'),
    /** The person ticked "use this message's text to improve RedFlag's detection". */
    consentToUseText: boolean('consent_to_use_text').notNull().default(false),
    engineVersion: text('engine_version').notNull(),
    riskScore: integer('risk_score').notNull(),
    scamType: text('scam_type'),
    /** The ids of the detectors that fired (reasonDetails[].id): labels and signals, never text. */
    signals: jsonb('signals').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // PUT / GET /api/scans/:id/feedback: the one feedback of a scan (and the upsert's conflict target).
    uniqueIndex('scan_feedback_scan_id_idx').on(t.scanId),
    // The data export and account deletion's cascade: one user's feedback.
    index('scan_feedback_user_id_idx').on(t.userId),
    // npm run feedback:export -- --since DATE: feedback changed since a date.
    index('scan_feedback_updated_at_idx').on(t.updatedAt),
  ],
);

/**
 * A public link to one scan's verdict (decision 072). Revoking deletes the row, so the
 * link answers 404. The token is 32 random bytes (256 bits), base64url.
 */
export const scanShare = pgTable(
  'scan_share',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    scanId: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The owner chose to show the message text (and the highlights and findings that quote it). */
    includeMessage: boolean('include_message').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // GET /api/shared/:token: the public page's lookup.
    uniqueIndex('scan_share_token_idx').on(t.token),
    // PUT / GET / DELETE /api/scans/:id/share: one link per scan.
    uniqueIndex('scan_share_scan_id_idx').on(t.scanId),
    // Account deletion's cascade: one user's links.
    index('scan_share_user_id_idx').on(t.userId),
  ],
);
