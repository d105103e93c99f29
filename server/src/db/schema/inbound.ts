import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Each account's private forwarding address, `check+<token>@<INBOUND_MAIL_DOMAIN>` (docs/decisions/104).
 * The token is the only secret of the address: mail to it is scanned for this account and answered to the
 * account's own address, never to the sender. Renewing replaces the token, so the old address is refused
 * at RCPT from then on. The token is shown on the account page, so it is stored as it is (not hashed).
 * Deleted with the account.
 */
export const inboundAddress = pgTable('inbound_address', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Lower-case base32 letters and digits; the SMTP listener's RCPT check looks the address up by it. */
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
