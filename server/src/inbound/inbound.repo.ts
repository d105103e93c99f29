import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { inboundAddress } from '../db/schema/inbound.ts';

/** The account's token, made with `token` when it has none yet (two concurrent first reads agree on one). */
export async function findOrCreateToken(db: Db, userId: string, token: string): Promise<string> {
  const [row] = await db
    .insert(inboundAddress)
    .values({ userId, token })
    // A no-op update so the existing row comes back from the same statement.
    .onConflictDoUpdate({ target: inboundAddress.userId, set: { token: sql`${inboundAddress.token}` } })
    .returning({ token: inboundAddress.token });
  if (!row) throw new Error('the forwarding address was not stored');
  return row.token;
}

/** Replaces the account's token: the old address names no one from now on. */
export async function replaceToken(db: Db, userId: string, token: string): Promise<string> {
  const [row] = await db
    .insert(inboundAddress)
    .values({ userId, token })
    .onConflictDoUpdate({ target: inboundAddress.userId, set: { token, createdAt: sql`now()` } })
    .returning({ token: inboundAddress.token });
  if (!row) throw new Error('the forwarding address was not stored');
  return row.token;
}

/** The account a token belongs to, with the address its answers go to. */
export async function findRecipient(
  db: Db,
  token: string,
): Promise<{ userId: string; email: string; firstName: string | null } | null> {
  const [row] = await db
    .select({ userId: user.id, email: user.email, firstName: user.firstName })
    .from(inboundAddress)
    .innerJoin(user, eq(user.id, inboundAddress.userId))
    .where(eq(inboundAddress.token, token))
    .limit(1);
  return row ? { userId: row.userId, email: row.email, firstName: row.firstName ?? null } : null;
}
