import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ScanSource } from '@redflag/contracts/scan';
import type { ScanContext } from '@redflag/contracts/scan-context';
import { user } from './auth.ts';
import { scanResultColumn } from './stored-result.ts';

/**
 * A scan as the owner sees it in their history. The message is stored because the dashboard shows it to
 * its owner (and the data export returns it); it is never logged. Deleted with the account.
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    platform: text('platform'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    /** 'image' when the text was read from a screenshot in the browser; the image is never stored. */
    source: text('source').$type<ScanSource>().notNull().default('text'),
    riskScore: integer('risk_score').notNull(),
    confidence: real('confidence').notNull(),
    scamType: text('scam_type'),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /**
     * The full engine result (evidence, phone / e-mail / link findings, advice) for the detail view, a chat's
     * turns packed (stored-result.ts).
     */
    result: scanResultColumn('result').notNull(),
    engineVersion: text('engine_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user's answers about the sender and the chat (null: none given); changed by PATCH, re-scoring the scan. */
    context: jsonb('context').$type<ScanContext>(),
  },
  (t) => [
    // GET /api/scans and /api/users/stats: a user's scans, newest first.
    index('scans_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** First-party analytics (POST /api/events). Never holds message text, phone numbers or addresses. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Deleted with the account: an event of a person is about that person. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    /** The analytics scale (7/4) of docs/product.md §4, kept as specified. */
    riskLevel: text('risk_level'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Reporting: counts of one event over a time range.
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    // Account deletion's cascade and the data export: one user's events.
    index('analytics_events_user_id_idx').on(t.userId),
  ],
);
