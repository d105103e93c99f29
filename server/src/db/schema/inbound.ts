import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Each account's private forwarding address, `check+<token>@<INBOUND_MAIL_DOMAIN>` (docs/decisions/104).
 * The token is the only secret of the address: mail to it is scanned for this account and answered to the
 * account's own address, never to the sender. Renewing replaces the token, so the old address is refused
 * at RCPT from then on. Like an API key, only the token's SHA-256 is kept (docs/decisions/110): the address
 * is shown whole once, when it is made, and named afterwards by its first characters. Deleted with the
 * account.
 */
export const inboundAddress = pgTable('inbound_address', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the token; the SMTP listener's RCPT check looks the address up by it. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The token's first characters, for the account page to name an address it can no longer show. */
  tokenStart: text('token_start').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
