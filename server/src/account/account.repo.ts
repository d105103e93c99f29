import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../billing/billing.repo.ts';
import type { Db } from '../db/client.ts';
import { account, session, user } from '../db/schema/auth.ts';
import { contactMessage } from '../db/schema/contact.ts';
import { scans } from '../db/schema/scans.ts';

export async function findUserRow(db: Db, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

export function allScans(db: Db, userId: string) {
  return db.select().from(scans).where(eq(scans.userId, userId)).orderBy(asc(scans.createdAt));
}

/** Sign-in methods only: never password hashes or OAuth tokens. */
export function signInMethods(db: Db, userId: string) {
  return db.select({ providerId: account.providerId, createdAt: account.createdAt }).from(account).where(eq(account.userId, userId));
}

export function activeSessions(db: Db, userId: string) {
  return db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId));
}

export function contactMessagesOf(db: Db, userId: string) {
  return db
    .select({ name: contactMessage.name, email: contactMessage.email, message: contactMessage.message, createdAt: contactMessage.createdAt })
    .from(contactMessage)
    .where(eq(contactMessage.userId, userId));
}

/**
 * Deletes the account. Sessions, sign-in methods, scans and the billing record go with it (foreign keys
 * cascade); analytics events keep no link to the person (set null); contact messages are detached too.
 */
export async function deleteUserCascade(tx: Executor, userId: string): Promise<void> {
  await tx.update(contactMessage).set({ userId: null }).where(eq(contactMessage.userId, userId));
  await tx.delete(user).where(eq(user.id, userId));
}
