import { createHash, randomBytes } from 'node:crypto';
import { MAX_MESSAGE_LENGTH, RISK_BAND_LABELS, riskBand, TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { ForwardingAddress } from '@redflag/contracts/inbound';
import { CONTEXT_QUESTIONS } from '@redflag/contracts/scan-context';
import { scamTypeLabel, scanRequestSchema, type StoredScan } from '@redflag/contracts/scan';
import { canVerify } from '../billing/plan-state.ts';
import type { AppContext } from '../context.ts';
import type { RateRule } from '../http/rate-limit.ts';
import { AppError } from '../lib/app-error.ts';
import { forwardedNotCheckedMail, forwardedVerdictMail } from '../mail/templates.ts';
import { claimUserRequest, runScan } from '../scans/scans.service.ts';
import type { ReadMessage } from './read-mail.ts';
import { createTokenIfNone, findRecipient, replaceToken, type StoredToken } from './inbound.repo.ts';

/** What the forwarding address's service and its SMTP listener (smtp.ts) use of the app's context. */
export type InboundCtx = Pick<
  AppContext,
  | 'config'
  | 'database'
  | 'clock'
  | 'logger'
  | 'metrics'
  | 'engine'
  | 'enginePool'
  | 'knownBad'
  | 'mailer'
  | 'rateLimiter'
>;
type Ctx = InboundCtx;

/**
 * Limits of the forwarding address (docs/decisions/032 for the limiter). Per account: a person forwards a
 * few mails a day; only mail that is taken to be checked counts (an RCPT then RSET spends nothing). Per
 * client address (mail taken from the internet directly, not through a local relay): a sender cannot
 * hammer the listener.
 */
export const INBOUND_RATE = {
  perAccount: { name: 'inbound:account', limit: 20, windowSeconds: 60 * 60 },
  perClient: { name: 'inbound:client', limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** check+<token>: the fixed part before the token. */
const LOCAL_PREFIX = 'check+';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN_LENGTH = 24; // 120 random bits
const TOKEN = new RegExp(`^[${BASE32}]{${TOKEN_LENGTH}}$`);

/** A new token: 120 random bits as lower-case base32 (mail systems may lower-case the local part). */
export function newToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  let out = '';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

export function forwardingAddressOf(token: string, domain: string): string {
  return `${LOCAL_PREFIX}${token}@${domain}`;
}

/** How many of the token's characters the account page shows once the whole address is gone. */
const SHOWN_TOKEN_CHARS = 4;

/**
 * What is stored of a token: its SHA-256 (a token has 120 random bits, so a fast hash is enough, as for API
 * keys) and its first characters. Migration 0013 hashes the tokens stored before it the same way.
 */
export function storedToken(token: string): StoredToken {
  return { tokenHash: tokenHash(token), tokenStart: token.slice(0, SHOWN_TOKEN_CHARS) };
}

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const hintOf = (tokenStart: string, domain: string) => `${LOCAL_PREFIX}${tokenStart}…@${domain}`;

/** The token of a recipient address on our domain, or null for any other address. */
export function tokenOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at).toLowerCase();
  if (address.slice(at + 1).toLowerCase() !== domain || !local.startsWith(LOCAL_PREFIX)) return null;
  const token = local.slice(LOCAL_PREFIX.length);
  return TOKEN.test(token) ? token : null;
}

/**
 * The account's address, made on first sight and then shown whole; afterwards only its start, since only
 * its hash is kept. Disabled when the server takes no mail.
 */
export async function getForwardingAddress(
  ctx: Pick<Ctx, 'config' | 'database'>,
  userId: string,
): Promise<ForwardingAddress> {
  const inbound = ctx.config.inbound;
  if (!inbound) return { enabled: false, address: null, hint: null };
  const token = newToken();
  const { created, tokenStart } = await createTokenIfNone(ctx.database.db, userId, storedToken(token));
  return {
    enabled: true,
    address: created ? forwardingAddressOf(token, inbound.domain) : null,
    hint: hintOf(tokenStart, inbound.domain),
  };
}

export async function renewForwardingAddress(
  ctx: Pick<Ctx, 'config' | 'database' | 'logger'>,
  userId: string,
): Promise<ForwardingAddress> {
  const inbound = ctx.config.inbound;
  if (!inbound) return { enabled: false, address: null, hint: null };
  const token = newToken();
  const stored = storedToken(token);
  await replaceToken(ctx.database.db, userId, stored);
  ctx.logger.info({ userId }, 'forwarding address renewed');
  return {
    enabled: true,
    address: forwardingAddressOf(token, inbound.domain),
    hint: hintOf(stored.tokenStart, inbound.domain),
  };
}

export type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

/**
 * The account a recipient address belongs to, or null (not ours, malformed, unknown or renewed token), with
 * `hourlyFull` when the account's hourly limit is reached (looked at, not counted: only a mail taken to be
 * checked counts), in one statement.
 */
export async function recipientFor(
  ctx: Pick<Ctx, 'config' | 'database' | 'clock'>,
  address: string,
): Promise<(Recipient & { hourlyFull: boolean }) | null> {
  const inbound = ctx.config.inbound;
  const token = inbound ? tokenOf(address, inbound.domain) : null;
  if (!token) return null;
  const rule = INBOUND_RATE.perAccount;
  const found = await findRecipient(ctx.database.db, tokenHash(token), { rule, now: ctx.clock.now() });
  return found && { ...found, hourlyFull: ctx.config.rateLimits && found.hourlyUsed >= rule.limit };
}

/** Why a mail to `recipient` is not checked, as the SMTP refusal says it, or null when it may be. */
export type SenderRefusal = 'UNVERIFIED' | 'NOT_THE_ACCOUNT';

/**
 * A forwarded mail is checked only when it comes from the account's own address, verified: the envelope
 * sender (MAIL FROM) or the From header (a relay that rewrites the envelope, SRS, keeps From). Anyone else
 * who learns the forwarding address cannot spend the account's scans. From can be forged like any header;
 * the relay in front (docs/deploy.md) checks SPF and DMARC, and the address can be renewed.
 */
export function senderRefusal(
  recipient: Pick<Recipient, 'email' | 'emailVerified'>,
  senders: { envelope: string | null; from: string | null },
): SenderRefusal | null {
  if (!recipient.emailVerified) return 'UNVERIFIED';
  const own = recipient.email.toLowerCase();
  const matches = [senders.envelope, senders.from].some((a) => a !== null && a.trim().toLowerCase() === own);
  return matches ? null : 'NOT_THE_ACCOUNT';
}

/** The SMTP refusal of each SenderRefusal: it reaches the forwarder as their mail server's bounce. */
export const SENDER_REFUSAL_TEXT: Record<SenderRefusal, string> = {
  UNVERIFIED:
    'This RedFlag address checks mail only once its account has verified its e-mail address. Open the verification link we sent, then forward the mail again.',
  NOT_THE_ACCOUNT:
    'This RedFlag address accepts mail only from the e-mail address of its RedFlag account. Forward the mail from that address, or paste it on RedFlag.',
};

export type ForwardOutcome =
  { kind: 'checked'; scan: StoredScan } | { kind: 'not_checked'; code: 'EMPTY' | 'SCAN_REFUSED' };

/** What each refusal of the plan says in the answer, and where it sends the user. */
function refusalMail(ctx: Ctx, code: string) {
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;
  const supportEmail = ctx.config.mail.supportEmail;
  switch (code) {
    case 'SCAN_LIMIT_REACHED':
      return forwardedNotCheckedMail({
        reason: `You have used the ${TRIAL_SCAN_LIMIT} scans of your free trial, so this e-mail was not checked. Premium checks every message, with no limit.`,
        actionUrl: url('/scan'),
        actionLabel: 'Continue with Premium',
        supportEmail,
      });
    case 'TRIAL_EXPIRED':
    case 'SUBSCRIPTION_INACTIVE':
      return forwardedNotCheckedMail({
        reason: 'Your RedFlag plan is not active, so this e-mail was not checked.',
        actionUrl: url('/account'),
        actionLabel: 'See your plan',
        supportEmail,
      });
    case 'PAYMENT_SETUP_REQUIRED':
      return forwardedNotCheckedMail({
        reason: 'Your account has no plan yet, so this e-mail was not checked. Start the free trial to check messages.',
        actionUrl: url('/checkout'),
        actionLabel: 'Start your free trial',
        supportEmail,
      });
    default:
      return forwardedNotCheckedMail({
        reason: 'This e-mail could not be checked right now.',
        actionUrl: url('/scan'),
        actionLabel: 'Paste it on RedFlag instead',
        supportEmail,
      });
  }
}

/**
 * A mail forwarded to `recipient`'s address, from its own address: counted against the account's hourly
 * limit (INBOUND_RATE.perAccount), its forwarded message (read-mail.ts) scanned as the web app scans, stored
 * with source 'email', and answered to the account's own address. The scan costs two round trips, as a web
 * scan does (docs/decisions/116): one statement takes the hourly hit, reads the plan and takes the trial
 * scan (claimUserRequest), then the store. Refusals of the plan and a mail with no text are answered too,
 * and the mail is taken (no bounce). Over the hourly limit it throws AppError RATE_LIMITED (the listener
 * answers 450, try later); anything else throws, so the listener answers a temporary failure and the
 * sender's server retries. Nothing of the mail is logged: ids, lengths and scores only.
 */
export async function checkForwardedMail(
  ctx: Ctx,
  recipient: Recipient,
  { fwd, full }: ReadMessage,
): Promise<ForwardOutcome> {
  const message = full.slice(0, MAX_MESSAGE_LENGTH);
  const reply = async (kind: string, rendered: { subject: string; text: string; html: string }) => {
    await ctx.mailer.enqueue({ to: recipient.email, kind, ...rendered });
  };

  const rule = ctx.config.rateLimits ? INBOUND_RATE.perAccount : null;

  if (!message.trim()) {
    // Nothing to scan, but the mail was taken: it counts against the hourly limit all the same.
    const hit = await ctx.rateLimiter.hit(INBOUND_RATE.perAccount, recipient.userId);
    if (!hit.allowed) throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: hit.retryAfterSeconds });
    await reply(
      'forwarded_not_checked',
      forwardedNotCheckedMail({
        reason:
          'We found no text to check in the e-mail you forwarded. Forward the suspicious e-mail itself (inline or as an attachment), or paste its text on RedFlag.',
        actionUrl: `${ctx.config.publicUrl}/scan`,
        actionLabel: 'Open RedFlag',
        supportEmail: ctx.config.mail.supportEmail,
      }),
    );
    ctx.logger.info({ userId: recipient.userId, forwarded: fwd.forwarded }, 'forwarded mail had no text');
    return { kind: 'not_checked', code: 'EMPTY' };
  }

  const refused = async (err: unknown): Promise<ForwardOutcome> => {
    if (!(err instanceof AppError) || err.status !== 403) throw err;
    await reply('forwarded_not_checked', refusalMail(ctx, err.code));
    ctx.logger.info({ userId: recipient.userId, code: err.code }, 'forwarded mail not checked: plan');
    return { kind: 'not_checked', code: 'SCAN_REFUSED' };
  };

  // The hourly hit, the plan and the trial scan in one statement; over the limit it is a 429, thrown.
  const claimed = await claimUserRequest(ctx, recipient.userId, rule);
  if ('refusal' in claimed) return refused(claimed.refusal);
  // The sender's address is checked like the web form's e-mail field: a trial or Premium check.
  const withSender = fwd.sender !== null && canVerify(claimed.plan, ctx.clock.now());
  const input = scanRequestSchema.parse({ message, platform: 'email', ...(withSender ? { email: fwd.sender } : {}) });

  let scan: StoredScan;
  try {
    scan = await runScan(ctx, recipient.userId, { ...input, source: 'email' }, { claim: claimed.claim });
  } catch (err) {
    return refused(err);
  }

  await reply(
    'forwarded_verdict',
    forwardedVerdictMail({
      verdict: RISK_BAND_LABELS[riskBand(scan.riskScore)],
      riskScore: scan.riskScore,
      scamType: scamTypeLabel(scan.scamType),
      reasons: scan.reasons,
      reportUrl: `${ctx.config.publicUrl}/scans/${scan.id}`,
      originalSubject: fwd.subject,
      truncated: full.length > MAX_MESSAGE_LENGTH,
      linksOmitted: fwd.linksOmitted,
      // The questions are answered on the scan's page, where the answers re-score it (PATCH, no scan spent).
      questions: (scan.questions ?? []).map((k) => CONTEXT_QUESTIONS[k]),
      supportEmail: ctx.config.mail.supportEmail,
    }),
  );
  ctx.logger.info(
    {
      userId: recipient.userId,
      scanId: scan.id,
      forwarded: fwd.forwarded,
      links: fwd.links.length,
      linksOmitted: fwd.linksOmitted,
    },
    'forwarded mail checked',
  );
  return { kind: 'checked', scan };
}
