import { and, asc, eq, gt, inArray, ne, not, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../billing/billing.repo.ts';
import { account, rateLimitBucket, session, user, verification } from '../db/schema/auth.ts';
import {
  billingAccount,
  localCheckoutSession,
  localInvoice,
  localPortalSession,
  localSubscription,
} from '../db/schema/billing.ts';
import { contactMessage } from '../db/schema/contact.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { DEV_OUTBOX_KEEP_MS, KEPT_UNTIL_DELIVERED_KINDS } from '../mail/mail.repo.ts';
import { analyticsEvents, scans } from '../db/schema/scans.ts';

/**
 * Everything stored about one person (the export reads it, the deletion removes it): rows keyed by their
 * user id, and rows keyed by their e-mail address (mails to them, contact messages from their address,
 * pending verifications, rate-limit counters). Addresses are stored lower-case by better-auth; other
 * tables are compared lower-cased.
 */

export async function findUserRow(db: Executor, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

export function allScans(db: Executor, userId: string) {
  return db.select().from(scans).where(eq(scans.userId, userId)).orderBy(asc(scans.createdAt));
}

/** Sign-in methods only: never password hashes or OAuth tokens. */
export function signInMethods(db: Executor, userId: string) {
  return db
    .select({
      providerId: account.providerId,
      accountId: account.accountId,
      scope: account.scope,
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    })
    .from(account)
    .where(eq(account.userId, userId));
}

/** Sessions without their tokens. */
export function activeSessions(db: Executor, userId: string) {
  return db
    .select({
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
}

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

/** Contact messages sent while signed in, or from their address while signed out. */
function contactMessagesWhere(userId: string, email: string) {
  return or(eq(contactMessage.userId, userId), eq(lower(contactMessage.email), email));
}

export function contactMessagesOf(db: Executor, userId: string, email: string) {
  return db
    .select({
      name: contactMessage.name,
      email: contactMessage.email,
      message: contactMessage.message,
      createdAt: contactMessage.createdAt,
    })
    .from(contactMessage)
    .where(contactMessagesWhere(userId, email))
    .orderBy(asc(contactMessage.createdAt));
}

export function eventsOf(db: Executor, userId: string) {
  return db
    .select({
      name: analyticsEvents.name,
      properties: analyticsEvents.properties,
      riskLevel: analyticsEvents.riskLevel,
      createdAt: analyticsEvents.createdAt,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(asc(analyticsEvents.createdAt));
}

export async function billingAccountOf(db: Executor, userId: string) {
  const [row] = await db.select().from(billingAccount).where(eq(billingAccount.userId, userId));
  return row ?? null;
}

/** The test provider's records of this user (Stripe keeps its own; only the plan row above is ours). */
export async function localBillingOf(db: Executor, userId: string) {
  const subscriptions = await db
    .select()
    .from(localSubscription)
    .where(eq(localSubscription.userId, userId))
    .orderBy(asc(localSubscription.createdAt));
  const ids = subscriptions.map((s) => s.id);
  const invoices = ids.length
    ? await db
        .select()
        .from(localInvoice)
        .where(inArray(localInvoice.subscriptionId, ids))
        .orderBy(asc(localInvoice.createdAt))
    : [];
  const checkoutSessions = await db
    .select({
      status: localCheckoutSession.status,
      withTrial: localCheckoutSession.withTrial,
      createdAt: localCheckoutSession.createdAt,
      completedAt: localCheckoutSession.completedAt,
      expiresAt: localCheckoutSession.expiresAt,
    })
    .from(localCheckoutSession)
    .where(eq(localCheckoutSession.userId, userId));
  // Portal sessions without their ids: an id is the portal link's token.
  const portalSessions = await db
    .select({
      returnUrl: localPortalSession.returnUrl,
      createdAt: localPortalSession.createdAt,
      expiresAt: localPortalSession.expiresAt,
    })
    .from(localPortalSession)
    .where(eq(localPortalSession.userId, userId));
  return { subscriptions, invoices, checkoutSessions, portalSessions };
}

/**
 * Mails addressed to them (or replying to them: their contact messages), and any other mail that names
 * their address or id in its text (a change-of-address confirmation). Contact mails of other people are
 * theirs, even when they mention this address.
 */
function mailsWhere(userId: string, email: string) {
  return or(
    eq(lower(mailOutbox.to), email),
    eq(lower(mailOutbox.replyTo), email),
    and(
      ne(mailOutbox.kind, 'contact'),
      or(sql`strpos(lower(${mailOutbox.text}), ${email}) > 0`, sql`strpos(${mailOutbox.text}, ${userId}) > 0`),
    ),
  );
}

export function mailsOf(db: Executor, userId: string, email: string) {
  return db
    .select({
      to: mailOutbox.to,
      replyTo: mailOutbox.replyTo,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(mailsWhere(userId, email))
    .orderBy(asc(mailOutbox.createdAt));
}

/** better-auth's pending links: magic links hold the address in `value`, resets and deletions the user id. */
function verificationsWhere(userId: string, email: string) {
  return or(
    sql`strpos(lower(${verification.value}), ${email}) > 0`,
    sql`strpos(lower(${verification.identifier}), ${email}) > 0`,
    sql`strpos(${verification.value}, ${userId}) > 0`,
    sql`strpos(${verification.identifier}, ${userId}) > 0`,
  );
}

export function verificationsOf(db: Executor, userId: string, email: string) {
  return db
    .select({
      identifier: verification.identifier,
      value: verification.value,
      createdAt: verification.createdAt,
      expiresAt: verification.expiresAt,
    })
    .from(verification)
    .where(verificationsWhere(userId, email));
}

/**
 * Rate-limit counters keyed by their address or id. Keys are `<rule>:<key>` lower-cased, the key being an
 * address, a user id, an IP, or `<address>|<ip>` (server/src/http/rate-limit.ts, auth.routes.ts): the
 * value must follow a `:` and end the key or be followed by `|`, so another address that merely ends the
 * same way is not matched.
 */
function bucketsWhere(userId: string, email: string) {
  const matches = (value: string) =>
    or(
      sql`right(${rateLimitBucket.key}, ${value.length + 1}) = ${`:${value}`}`,
      sql`strpos(${rateLimitBucket.key}, ${`:${value}|`}) > 0`,
    );
  return or(matches(email), matches(userId.toLowerCase()));
}

export function rateBucketsOf(db: Executor, userId: string, email: string) {
  return db.select().from(rateLimitBucket).where(bucketsWhere(userId, email));
}

/**
 * A receipt on its way to them: not yet sent (SMTP), or stored in the dev outbox less than
 * DEV_OUTBOX_KEEP_MS ago (there the row is the delivery). Kept by the deletion so that it is delivered; the
 * mailer erases it once sent or failed for good (mail.service.ts, docs/decisions/093).
 *
 * A cancellation notice is kept only while a worker is sending it (it cannot be called back): otherwise it
 * would tell a deleted account that it keeps access and can resume on its account page. The deletion's own
 * mail says the trial or subscription was cancelled with the account instead.
 */
function undeliveredNoticeWhere(email: string, now: Date) {
  const undelivered = or(
    inArray(mailOutbox.status, ['pending', 'sending']),
    and(eq(mailOutbox.status, 'outbox'), gt(mailOutbox.createdAt, new Date(now.getTime() - DEV_OUTBOX_KEEP_MS))),
  );
  return and(
    eq(lower(mailOutbox.to), email),
    inArray(mailOutbox.kind, KEPT_UNTIL_DELIVERED_KINDS),
    or(
      and(ne(mailOutbox.kind, 'cancellation'), undelivered),
      and(eq(mailOutbox.kind, 'cancellation'), eq(mailOutbox.status, 'sending')),
    ),
  );
}

/** A cancellation notice that has not reached them yet and that the deletion drops (see above). */
function supersededCancellationWhere(email: string, now: Date) {
  return and(
    eq(lower(mailOutbox.to), email),
    eq(mailOutbox.kind, 'cancellation'),
    or(
      eq(mailOutbox.status, 'pending'),
      and(eq(mailOutbox.status, 'outbox'), gt(mailOutbox.createdAt, new Date(now.getTime() - DEV_OUTBOX_KEEP_MS))),
    ),
  );
}

/**
 * Deletes everything above but the undelivered notices. Removing the user cascades to sessions, sign-in
 * methods, scans, events, the plan row and the test provider's subscriptions, checkout and portal
 * sessions; their invoices stay, detached (subscription_id set null). The caller runs this in a
 * transaction. Answers whether a cancellation notice on its way was dropped (the deletion's mail then says
 * the cancellation).
 */
export async function deleteEverythingOf(
  tx: Executor,
  userId: string,
  email: string,
  now: Date,
): Promise<{ droppedCancellation: boolean }> {
  // Locked first: a worker sending one of them right now marks it sent only after this commits, so its
  // "is the account gone?" check that follows sees the deletion and erases the row (no sent copy left over).
  const kept = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(undeliveredNoticeWhere(email, now))
    .for('update');
  const dropped = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(supersededCancellationWhere(email, now))
    .for('update');
  await tx.delete(mailOutbox).where(
    kept.length
      ? and(
          mailsWhere(userId, email),
          not(
            inArray(
              mailOutbox.id,
              kept.map((k) => k.id),
            ),
          ),
        )
      : mailsWhere(userId, email),
  );
  await tx.delete(verification).where(verificationsWhere(userId, email));
  await tx.delete(contactMessage).where(contactMessagesWhere(userId, email));
  await tx.delete(rateLimitBucket).where(bucketsWhere(userId, email));
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  await tx.delete(user).where(eq(user.id, userId));
  return { droppedCancellation: dropped.length > 0 };
}
