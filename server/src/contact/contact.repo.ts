import type { Db } from '../db/client.ts';
import { contactMessage } from '../db/schema/contact.ts';

export function createContactRepo(db: Db) {
  return {
    async insert(row: typeof contactMessage.$inferInsert): Promise<void> {
      await db.insert(contactMessage).values(row);
    },
  };
}
