import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { scans } from './scans.ts';

/**
 * Keys for the public API (/v1, docs/decisions/073). Only the SHA-256 of a key is stored: the key itself is
 * shown once, at creation, and is nowhere in the database. Deleted with the account.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`rf_live_AbCd`), so the owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key; a bearer request is looked up by it. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Set when the owner revokes the key; a revoked key answers 401 and is kept only for the list. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // The account page's list: one user's keys, newest first.
    index('api_key_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * `Idempotency-Key` of POST /v1/scans: the same key with the same body answers the same stored scan; with
 * another body, 422. Kept 24 hours. `scanId` is null while the first request is still running.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hex SHA-256 of the parsed request body. */
    requestHash: text('request_hash').notNull(),
    scanId: uuid('scan_id').references(() => scans.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    // The sweep of keys older than 24 hours.
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);
