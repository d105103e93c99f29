import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the contact dialog (POST /api/contact). */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The signed-in user who sent it, if any. */
    userId: text('user_id'),
    /** The outbox row that carries it to SUPPORT_EMAIL. */
    mailId: text('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Support reads the newest messages first.
  (t) => [index('contact_message_created_at_idx').on(t.createdAt)],
);
