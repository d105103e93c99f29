import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * better-auth's core schema (user, session, account, verification), written by hand to match
 * @better-auth/core's getAuthTables for 1.7 (docs/decisions/030-better-auth-schema.md). Property names are
 * better-auth's field names (the Drizzle adapter looks columns up by them); column names are snake_case.
 * firstName / lastName are `user.additionalFields`. The magic-link and bearer plugins add no tables.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // "sign out of all devices" and the session list look sessions up by user.
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** scrypt hash (better-auth's default, memory-hard); null for Google / Facebook accounts. */
    password: text('password'),
    ...timestamps,
  },
  // better-auth lists a user's accounts (credential, google, facebook) at every sign-in.
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  // Magic-link tokens and OAuth states are found by identifier.
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Fixed-window counters for server/src/http/rate-limit.ts: one row per rule and key (IP or e-mail), shared
 * by every instance through the database.
 */
export const rateLimitBucket = pgTable(
  'rate_limit_bucket',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // The periodic sweep deletes buckets whose window is over.
  (t) => [index('rate_limit_bucket_reset_at_idx').on(t.resetAt)],
);
