import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';

export type UserRow = typeof user.$inferSelect;

export function createAuthRepo(db: Db) {
  return {
    /** better-auth stores addresses lower-cased; the lookup is too (served by the unique index on email). */
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
      return row;
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row;
    },
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
      return row?.n ?? 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
