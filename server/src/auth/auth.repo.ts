import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, session, user } from '../db/schema/auth.ts';

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
    /**
     * Every way into the account set up before its address was proven (a password, a linked sign-in) and
     * every session it has, in one transaction (decision 107). Served by the account and session user_id
     * indexes.
     */
    async revokeUnprovenAccess(userId: string): Promise<{ accounts: number; sessions: number }> {
      return db.transaction(async (tx) => {
        const accounts = await tx.delete(account).where(eq(account.userId, userId)).returning({ id: account.id });
        const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
        return { accounts: accounts.length, sessions: sessions.length };
      });
    },
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
      return row?.n ?? 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
