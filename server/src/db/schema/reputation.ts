import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * What the world has seen (docs/decisions/103-known-bad-lists-and-reports.md).
 *
 * Known-bad lists: one `reputation_feed` row per configured or imported list (its last good copy's time and
 * the last failure), and its entries in `reputation_feed_entry`, normalised (server/src/reputation/normalize.ts)
 * so that a scan looks all of its links up in one indexed query. Shared by every instance.
 */
export const reputationFeed = pgTable('reputation_feed', {
  /** The operator's name for the list (FEEDS=name=format:url, or --name on import). */
  name: text('name').primaryKey(),
  /** urlhaus | openphish | phishtank | domains */
  format: text('format').notNull(),
  /** Where it is downloaded from; null for a list imported from a file. */
  sourceUrl: text('source_url'),
  /** When the copy in reputation_feed_entry was loaded (the last good copy); null until one was. */
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** The entries of the last good copy. */
  entries: integer('entries').notNull().default(0),
  /** Bumped by every good copy: entries of an older generation are the ones the new copy dropped. */
  generation: integer('generation').notNull().default(0),
  /** The last attempt to download (claimed before it starts, so one instance refreshes a list at a time). */
  attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  /** Why the last attempt failed (no list content, ever); null after a good one. */
  lastError: text('last_error'),
});

export const reputationFeedEntry = pgTable(
  'reputation_feed_entry',
  {
    feed: text('feed')
      .notNull()
      .references(() => reputationFeed.name, { onDelete: 'cascade' }),
    /** 'url': a whole link (normalised); 'host': a site (lower-case host name or IP address). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    /**
     * The host a link on it also matches by: the entry's own host, except on hosts many people share
     * (shorteners, free hosting, document and form sites, big platforms), where only the whole link matches.
     */
    host: text('host'),
    /** When the list says it was listed, or when RedFlag first saw it there (the list gives no date). */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    generation: integer('generation').notNull(),
  },
  (t) => [
    // An import's upsert (one row per list and entry) and its sweep of the previous generation.
    primaryKey({ columns: [t.feed, t.kind, t.value] }),
    // A scan's lookup: its links, normalised (WHERE kind = 'url' AND value IN (...)).
    index('reputation_feed_entry_value_idx').on(t.value),
    // A scan's lookup: the hosts of its links and their parent domains (WHERE host IN (...)).
    index('reputation_feed_entry_host_idx').on(t.host),
  ],
);

/**
 * Reports from other users: one row per account and flagged value, holding only keyed hashes (HMAC-SHA256
 * with a key derived from the server secret) and the day. `value_hash` names the phone number, address or
 * link host; `contributor_hash` the account and that value together, so one account counts once per value
 * and can withdraw, while neither the account nor the value can be read back. Rows older than the window are
 * deleted (reputation/sightings.ts).
 */
export const reputationSighting = pgTable(
  'reputation_sighting',
  {
    contributorHash: text('contributor_hash').primaryKey(),
    valueHash: text('value_hash').notNull(),
    /** The UTC day of the account's latest flagged scan naming the value (no finer time is kept). */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    // A scan's (and GET /v1/lookup's) count: flags of the given values within the window.
    index('reputation_sighting_value_day_idx').on(t.valueHash, t.day),
    // The daily sweep of rows past the window.
    index('reputation_sighting_day_idx').on(t.day),
  ],
);

/** Accounts that keep their scans out of the reports (the account page's setting). Absent: they count. */
export const reputationOptOut = pgTable(
  'reputation_opt_out',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The scan's contribution checks the account is not here; the setting reads and writes its row.
  (t) => [uniqueIndex('reputation_opt_out_user_id_idx').on(t.userId)],
);
