import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { mailOutbox } from '../db/schema/mail.ts';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;
/** The database or a transaction: a mail stored inside the caller's transaction commits with its cause. */
export type MailExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Stores a row unless one with the same id exists; returns whether it was stored. A mail that must go out
 * once per event (a receipt per invoice, one trial reminder) takes an id derived from that event, so a
 * second instance, a retried job or a replayed webhook finds the row and stores nothing.
 */
/**
 * Mails that outlive the account they were written for until they are delivered
 * (docs/decisions/093-money-notices-outlive-account-deletion.md): the written confirmation that nothing more
 * will be charged, a receipt for money taken, and the confirmation of the deletion itself. Deleting the
 * account keeps such a row while it is undelivered; once it is sent or has failed for good it is erased.
 */
export const KEPT_UNTIL_DELIVERED_KINDS = ['cancellation', 'receipt', 'account_deleted'];
/**
 * In the dev outbox the stored row is the delivery; a kept mail stays readable at /dev/mailbox this long
 * after it was stored, then the worker erases it.
 */
export const DEV_OUTBOX_KEEP_MS = 60 * 60_000;

/** A kept kind whose recipient no longer has an account (addresses are stored lower-case by better-auth). */
const orphanedNotice = () =>
  and(
    inArray(mailOutbox.kind, KEPT_UNTIL_DELIVERED_KINDS),
    sql`not exists (select 1 from ${user} where ${user.email} = lower(${mailOutbox.to}))`,
  );

export async function insertMailOnce(db: MailExecutor, row: NewMailRow): Promise<boolean> {
  const stored = await db
    .insert(mailOutbox)
    .values(row)
    .onConflictDoNothing({ target: mailOutbox.id })
    .returning({ id: mailOutbox.id });
  return stored.length > 0;
}

export async function mailExists(db: MailExecutor, id: string): Promise<boolean> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return rows.length > 0;
}

export function createMailRepo(db: Db) {
  return {
    async insert(row: NewMailRow): Promise<void> {
      await db.insert(mailOutbox).values(row);
    },

    /**
     * Claims up to `limit` due rows for this instance: pending rows whose next attempt is due, and rows
     * left `sending` by an instance that died (lock expired). SKIP LOCKED lets several instances claim at
     * once without waiting on, or double-sending, each other's rows.
     */
    async claimDue(now: Date, lockUntil: Date, limit: number): Promise<MailRow[]> {
      const nowIso = now.toISOString();
      const result = await db.execute(sql`
        update ${mailOutbox} set status = 'sending', locked_until = ${lockUntil.toISOString()}::timestamptz
        where id in (
          select id from ${mailOutbox}
          where (status = 'pending' and next_attempt_at <= ${nowIso}::timestamptz)
             or (status = 'sending' and locked_until < ${nowIso}::timestamptz)
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id`);
      // Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`.
      const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
      if (!ids.length) return [];
      return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: at,
          lockedUntil: null,
          lastError: null,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id));
    },

    async markFailed(id: string, opts: { error: string; nextAttemptAt: Date | null }): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: opts.nextAttemptAt ? 'pending' : 'failed',
          nextAttemptAt: opts.nextAttemptAt ?? undefined,
          lockedUntil: null,
          lastError: opts.error.slice(0, 500),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id));
    },

    /** After a send or a final failure: the row goes if it is a kept notice of a deleted account. */
    async eraseIfAccountGone(id: string): Promise<boolean> {
      const erased = await db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.id, id), orphanedNotice()))
        .returning({ id: mailOutbox.id });
      return erased.length > 0;
    },

    /** The dev outbox's counterpart: kept notices of deleted accounts stored before `storedBefore`. */
    async eraseShownOrphans(storedBefore: Date): Promise<number> {
      const erased = await db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.status, 'outbox'), lte(mailOutbox.createdAt, storedBefore), orphanedNotice()))
        .returning({ id: mailOutbox.id });
      return erased.length;
    },

    async findById(id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },

    async listNewest(limit: number): Promise<MailRow[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
    },
  };
}

export type MailRepo = ReturnType<typeof createMailRepo>;
