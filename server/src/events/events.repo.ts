import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema/scans.ts';

export async function insertEvent(db: Db, row: typeof analyticsEvents.$inferInsert): Promise<void> {
  await db.insert(analyticsEvents).values(row);
}
