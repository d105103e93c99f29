import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitBucket, user } from '../db/schema/auth.ts';
import { bucketKeySql, type RateRule } from '../http/rate-limit.ts';
import { inboundAddress } from '../db/schema/inbound.ts';

export interface StoredToken {
  tokenHash: string;
  tokenStart: string;
}

/**
 * Stores `token` as the account's when it has none yet. Returns whether it was stored (the caller may then
 * show the whole address) and the start of the account's token, new or existing. Two concurrent first
 * reads agree: one stores, the other sees its row.
 */
export async function createTokenIfNone(
  db: Db,
  userId: string,
  token: StoredToken,
): Promise<{ created: boolean; tokenStart: string }> {
  const [made] = await db
    .insert(inboundAddress)
    .values({ userId, ...token })
    .onConflictDoNothing({ target: inboundAddress.userId })
    .returning({ tokenStart: inboundAddress.tokenStart });
  if (made) return { created: true, tokenStart: made.tokenStart };
  const [row] = await db
    .select({ tokenStart: inboundAddress.tokenStart })
    .from(inboundAddress)
    .where(eq(inboundAddress.userId, userId))
    .limit(1);
  if (!row) throw new Error('the forwarding address was not stored');
  return { created: false, tokenStart: row.tokenStart };
}

/** Replaces the account's token: the old address names no one from now on. */
export async function replaceToken(db: Db, userId: string, token: StoredToken): Promise<void> {
  await db
    .insert(inboundAddress)
    .values({ userId, ...token })
    .onConflictDoUpdate({ target: inboundAddress.userId, set: { ...token, createdAt: sql`now()` } });
}

/**
 * Removes the account's forwarding address: mail to it is refused at RCPT from then on, and the account
 * page makes a new one on its next visit (decision 132: one made before the address was proven).
 */
export async function deleteForwardingAddress(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(inboundAddress)
    .where(eq(inboundAddress.userId, userId))
    .returning({ userId: inboundAddress.userId });
  return rows.length;
}

/**
 * The account a token's hash belongs to, with the address its answers go to, whether it is verified, and
 * how many mails `hourly` (the account's limit, INBOUND_RATE.perAccount) has counted in its current window
 * at `now` (0 when none): the RCPT look-up in one statement.
 */
export async function findRecipient(
  db: Db,
  tokenHash: string,
  hourly: { rule: RateRule; now: Date },
): Promise<{
  userId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  hourlyUsed: number;
} | null> {
  const [row] = await db
    .select({
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      hourlyUsed: rateLimitBucket.count,
    })
    .from(inboundAddress)
    .innerJoin(user, eq(user.id, inboundAddress.userId))
    .leftJoin(
      rateLimitBucket,
      and(eq(rateLimitBucket.key, bucketKeySql(hourly.rule, user.id)), gt(rateLimitBucket.resetAt, hourly.now)),
    )
    .where(eq(inboundAddress.tokenHash, tokenHash))
    .limit(1);
  return row
    ? {
        userId: row.userId,
        email: row.email,
        emailVerified: row.emailVerified,
        firstName: row.firstName ?? null,
        hourlyUsed: row.hourlyUsed ?? 0,
      }
    : null;
}
