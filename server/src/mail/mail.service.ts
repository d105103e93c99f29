import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { createMailRepo, DEV_OUTBOX_KEEP_MS, insertMailOnce, type MailExecutor, type MailRow } from './mail.repo.ts';
import { extractLinks, type RenderedMail } from './templates.ts';

/**
 * Outgoing mail. Every mail is first stored in `mail_outbox`:
 * - dev outbox (no SMTP_URL): the stored row is the delivery, listed at /dev/mailbox; links are logged
 *   outside production so a developer can follow them from the console;
 * - SMTP: the row is sent at once and, on failure, retried with back-off by the worker (`processDue`, run
 *   every few seconds by `startMailWorker`), so a passing SMTP error loses no verification or magic link.
 * Mail bodies are never logged: ids, kinds and recipients' domains only.
 */

export interface OutgoingMail extends RenderedMail {
  to: string;
  kind: string;
  replyTo?: string;
}

export interface MailSender {
  send(mail: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
}

export interface Mailer {
  /** Stores the mail and, with SMTP, tries to send it right away; resolves once stored (not once sent). */
  enqueue(mail: OutgoingMail): Promise<{ id: string }>;
  /**
   * Sends every due pending row (and retries failed ones whose back-off is over); returns how many were sent.
   * A kept notice of a deleted account (KEPT_UNTIL_DELIVERED_KINDS) is erased once sent or failed for good;
   * in the dev outbox, once it was readable at /dev/mailbox for DEV_OUTBOX_KEEP_MS.
   */
  processDue(): Promise<number>;
  /** Resolves when the immediate send attempts started by `enqueue` have finished (tests, shutdown). */
  idle(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

export const MAIL_MAX_ATTEMPTS = 8;
const CLAIM_BATCH = 20;
const SEND_LOCK_MS = 2 * 60_000;

/** 30 s, 1 min, 2 min, 4 min ... capped at 1 hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

function recipientDomain(to: string): string {
  return to.split('@')[1] ?? 'unknown';
}

export function createSmtpSender(smtpUrl: string): MailSender {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

export interface MailerDeps {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
}

/**
 * The app's one mailer, built by createContext (server/src/context.ts). `sender` replaces the SMTP
 * transport (tests pass one they control); without SMTP_URL there is no transport and it is not used.
 */
export function createMailer(deps: MailerDeps, sender?: MailSender): Mailer {
  const repo = createMailRepo(deps.database.db);
  const { config, clock } = deps;
  const log = deps.logger.child({ component: 'mail' });
  const transport = config.mail.transport;
  const smtp = transport === 'smtp' ? (sender ?? createSmtpSender(config.mail.smtpUrl as string)) : null;
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(row: MailRow): Promise<boolean> {
    if (!smtp) return false;
    try {
      await smtp.send({
        from: config.mail.from,
        to: row.to,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await repo.markSent(row.id, clock.now());
      const erased = await repo.eraseIfAccountGone(row.id);
      log.info(
        {
          mailId: row.id,
          kind: row.kind,
          domain: recipientDomain(row.to),
          attempt: row.attempts + 1,
          ...(erased ? { erased } : {}),
        },
        'mail sent',
      );
      return true;
    } catch (err) {
      const attempt = row.attempts + 1;
      const nextAttemptAt =
        attempt >= MAIL_MAX_ATTEMPTS ? null : new Date(clock.now().getTime() + retryDelayMs(attempt));
      const error = err instanceof Error ? err.message : String(err);
      await repo.markFailed(row.id, { error, nextAttemptAt });
      const erased = nextAttemptAt ? false : await repo.eraseIfAccountGone(row.id);
      log.warn(
        {
          mailId: row.id,
          kind: row.kind,
          attempt,
          willRetry: Boolean(nextAttemptAt),
          err: error.slice(0, 200),
          ...(erased ? { erased } : {}),
        },
        'mail send failed',
      );
      return false;
    }
  }

  async function processDue(): Promise<number> {
    const now = clock.now();
    if (!smtp) {
      // The dev outbox delivers by storing; a deleted account's kept notices go once they were shown a while.
      await repo.eraseShownOrphans(new Date(now.getTime() - DEV_OUTBOX_KEEP_MS));
      return 0;
    }
    const rows = await repo.claimDue(now, new Date(now.getTime() + SEND_LOCK_MS), CLAIM_BATCH);
    let sent = 0;
    for (const row of rows) if (await deliver(row)) sent++;
    return sent;
  }

  return {
    transport,
    async enqueue(mail) {
      const id = randomUUID();
      const now = clock.now();
      await repo.insert({
        id,
        to: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        kind: mail.kind,
        status: smtp ? 'pending' : 'outbox',
        nextAttemptAt: now,
        createdAt: now,
      });
      if (!smtp) {
        // The dev outbox: links (never bodies) are logged so they can be followed from the console.
        if (!config.production)
          log.info(
            { mailId: id, kind: mail.kind, to: mail.to, links: extractLinks(mail.html) },
            'mail stored in the dev outbox (/dev/mailbox)',
          );
        return { id };
      }
      const attempt = processDue()
        .catch((err: unknown) =>
          log.error({ err: err instanceof Error ? err.message : String(err) }, 'mail worker failed'),
        )
        .finally(() => inFlight.delete(attempt));
      inFlight.add(attempt);
      return { id };
    },
    processDue,
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

/**
 * Stores a mail once per `key` with `db` (the caller's transaction, so the mail commits with the change
 * it announces, and PGlite's single connection is not asked twice). Returns whether it was stored: false
 * when a mail with this key exists already. Delivery: the dev outbox row is the delivery; with SMTP the
 * row is `pending` and the worker (`startMailWorker`) sends it on its next round.
 */
export async function enqueueMailOnce(
  ctx: { config: Pick<Config, 'mail'>; clock: Clock },
  db: MailExecutor,
  key: string,
  mail: OutgoingMail,
): Promise<boolean> {
  const now = ctx.clock.now();
  return insertMailOnce(db, {
    id: key,
    to: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    kind: mail.kind,
    status: ctx.config.mail.transport === 'smtp' ? 'pending' : 'outbox',
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * The retry loop inside the server process. Safe with several instances: rows are claimed with
 * FOR UPDATE SKIP LOCKED. With the dev outbox it only erases the kept notices of deleted accounts.
 * Returns a stop function for shutdown.
 */
export function startMailWorker(ctx: { mailer: Mailer; logger: Logger }, intervalMs = 15_000): () => Promise<void> {
  const { mailer } = ctx;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = mailer
      .processDue()
      .catch((err: unknown) =>
        ctx.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'mail worker failed'),
      );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await mailer.idle();
  };
}
