import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { revokeAllApiKeys } from '../api/api-keys.repo.ts';
import { account, session, user } from '../db/schema/auth.ts';
import { deleteForwardingAddress } from '../inbound/inbound.repo.ts';

export type UserRow = typeof user.$inferSelect;

/** What revokeUnprovenAccess removed, by kind (counts only, for the log). */
export interface UnprovenAccessRevoked {
  accounts: number;
  sessions: number;
  apiKeys: number;
  forwardingAddresses: number;
}

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
     * Every way into the account set up before its address was proven, in one transaction (decisions 107
     * and 132): a password and any linked sign-in, every session, every API key (revoked, kept in the
     * account's list as such) and the forwarding address. Served by the user_id indexes and keys.
     */
    async revokeUnprovenAccess(userId: string, now: Date): Promise<UnprovenAccessRevoked> {
      return db.transaction(async (tx) => {
        const accounts = await tx.delete(account).where(eq(account.userId, userId)).returning({ id: account.id });
        const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
        const apiKeys = await revokeAllApiKeys(tx, userId, now);
        const forwardingAddresses = await deleteForwardingAddress(tx, userId);
        return { accounts: accounts.length, sessions: sessions.length, apiKeys, forwardingAddresses };
      });
    },
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
      return row?.n ?? 0;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
