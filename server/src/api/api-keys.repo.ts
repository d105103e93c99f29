import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { apiIdempotency, apiKey } from '../db/schema/api-keys.ts';

type Db = Database['db'];
export type ApiKeyRow = typeof apiKey.$inferSelect;
export type IdempotencyRow = typeof apiIdempotency.$inferSelect;

export async function insertApiKey(
  db: Db,
  values: { userId: string; name: string; prefix: string; keyHash: string; createdAt: Date },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKey).values(values).returning();
  if (!row) throw new Error('insertApiKey: no row returned');
  return row;
}

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKey)
    .where(and(eq(apiKey.userId, userId), isNull(apiKey.revokedAt)));
  return row?.n ?? 0;
}

export function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKey).where(eq(apiKey.userId, userId)).orderBy(desc(apiKey.createdAt));
}

/** Revokes one of the owner's keys; an already revoked key keeps its first revocation time. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKey)
    .set({ revokedAt: sql`coalesce(${apiKey.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKey.id, id), eq(apiKey.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Revokes every active key of the account (kept in its list as revoked, like a key its owner revoked): the
 * keys made before the account's address was proven (decision 132). Served by the user_id index.
 */
export async function revokeAllApiKeys(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(apiKey)
    .set({ revokedAt: now })
    .where(and(eq(apiKey.userId, userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  return rows.length;
}

export async function findActiveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKey)
    .where(and(eq(apiKey.keyHash, keyHash), isNull(apiKey.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** At most one write a minute per key: "last used" is shown to the minute. */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKey.id, id), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, aMinuteAgo))));
}

/**
 * Drops this key's idempotency entry when it has expired, or when it is a claim whose request never
 * finished (the server stopped mid-scan), so the key can be used again.
 */
export async function dropStaleIdempotency(
  db: Db,
  apiKeyId: string,
  key: string,
  expiredBefore: Date,
  abandonedBefore: Date,
): Promise<void> {
  await db
    .delete(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.apiKeyId, apiKeyId),
        eq(apiIdempotency.key, key),
        or(
          lt(apiIdempotency.createdAt, expiredBefore),
          and(isNull(apiIdempotency.scanId), lt(apiIdempotency.createdAt, abandonedBefore)),
        ),
      ),
    );
}

/** Claims the key for this request: true when it was free, false when another request holds it. */
export async function claimIdempotency(
  db: Db,
  values: { apiKeyId: string; key: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(apiIdempotency)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  return rows.length > 0;
}

export async function findIdempotency(db: Db, apiKeyId: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)))
    .limit(1);
  return row ?? null;
}

export async function completeIdempotency(db: Db, apiKeyId: string, key: string, scanId: string): Promise<void> {
  await db
    .update(apiIdempotency)
    .set({ scanId })
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
}

export async function releaseIdempotency(db: Db, apiKeyId: string, key: string): Promise<void> {
  await db
    .delete(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key), isNull(apiIdempotency.scanId)));
}

/** Every key's entries older than the window: the sweep behind the 24-hour promise. */
export async function sweepIdempotency(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, expiredBefore));
}
