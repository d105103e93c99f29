import { getPlanState } from '../billing/entitlements.ts';
import { isPremium } from '../billing/plan-state.ts';
import { recordTrialGrant, trialEmailHash, trialGrantedTo } from '../billing/trial-history.ts';
import type { AppContext } from '../context.ts';
import { listApiKeys } from '../api/api-keys.repo.ts';
import { feedbackOf, sharesOf } from '../feedback/feedback.repo.ts';
import { AppError } from '../lib/app-error.ts';
import { getReportSharing, withdrawAccountReports } from '../reputation/reputation.service.ts';
import { accountDeletedMail, type CancelledWithAccount } from '../mail/templates.ts';
import {
  activeSessions,
  allScans,
  billingAccountOf,
  contactMessagesOf,
  deleteEverythingOf,
  eventsOf,
  findUserRow,
  localBillingOf,
  mailsOf,
  rateBucketsOf,
  signInMethods,
  verificationsOf,
} from './account.repo.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;
type DeleteCtx = Ctx & Pick<AppContext, 'mailer'>;

const REDACTED = '[redacted]';

/**
 * A stored mail's text without what would let its reader act as the person: every link keeps its address
 * and path but loses its query (tokens, callback URLs), and path segments that look like tokens (long
 * random strings, as in /reset-password/<token>) are blanked.
 */
export function redactLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>)]+/g, (url) => {
    const [beforeQuery = url] = url.split(/[?#]/, 1);
    const hadQuery = beforeQuery.length < url.length;
    const path = beforeQuery.replace(/\/([A-Za-z0-9_.~-]{20,})(?=\/|$)/g, `/${REDACTED}`);
    return hadQuery ? `${path}?${REDACTED}` : path;
  });
}

/** What a pending verification is for, without its token. */
function verificationPurpose(identifier: string, value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { type?: unknown }).type === 'string')
      return (parsed as { type: string }).type;
  } catch {
    // Not JSON: the identifier's prefix names it.
  }
  const prefix = /^([a-z-]+?)[:-]?[A-Za-z0-9_]{16,}$/.exec(identifier)?.[1];
  return prefix?.replace(/-$/, '') || 'link';
}

/**
 * "Export My Data" (docs/design.md §3.5): everything stored about the person, at once,
 * as JSON. No secret is in it: no password hash, OAuth or session token, and no link from a mail that
 * would sign in, reset or verify. The policy promises 24 hours; this answers immediately.
 */
export async function exportAccount(ctx: Ctx, userId: string) {
  const db = ctx.database.db;
  const u = await findUserRow(db, userId);
  if (!u) throw new AppError('NOT_FOUND', 'Account not found');
  const email = u.email.toLowerCase();
  const [
    scanRows,
    methods,
    sessions,
    messages,
    plan,
    billing,
    local,
    events,
    mails,
    verifications,
    buckets,
    trialUsed,
    feedback,
    shares,
    apiKeys,
    reportSharing,
  ] = await Promise.all([
    allScans(db, userId),
    signInMethods(db, userId),
    activeSessions(db, userId),
    contactMessagesOf(db, userId, email),
    getPlanState(ctx, userId),
    billingAccountOf(db, userId),
    localBillingOf(db, userId),
    eventsOf(db, userId),
    mailsOf(db, userId, email),
    verificationsOf(db, userId, email),
    rateBucketsOf(db, userId, email),
    trialGrantedTo(ctx, db, email),
    feedbackOf(db, userId),
    sharesOf(db, userId),
    listApiKeys(db, userId),
    getReportSharing(ctx, userId),
  ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    format: 'redflag-export-v2',
    account: {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      name: u.name,
      firstName: u.firstName,
      lastName: u.lastName,
      image: u.image,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
    },
    signInMethods: methods,
    sessions,
    plan: {
      planTier: plan.planTier,
      subscriptionStatus: plan.subscriptionStatus,
      trialEndsAt: plan.trialEndsAt,
      trialScansUsed: plan.trialScansUsed,
      hasUsedTrial: plan.hasUsedTrial,
      currentPeriodEnd: plan.currentPeriodEnd,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    },
    billingAccount: billing,
    subscriptions: local.subscriptions.map((s) => ({
      id: s.id,
      status: s.status,
      trialStart: s.trialStart,
      trialEnd: s.trialEnd,
      currentPeriodStart: s.currentPeriodStart,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      canceledAt: s.canceledAt,
      endedAt: s.endedAt,
      card: { brand: s.cardBrand, last4: s.cardLast4, expMonth: s.cardExpMonth, expYear: s.cardExpYear },
      createdAt: s.createdAt,
    })),
    invoices: local.invoices.map((i) => ({
      id: i.id,
      subscriptionId: i.subscriptionId,
      amountCents: i.amountCents,
      status: i.status,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      attemptCount: i.attemptCount,
      lastError: i.lastError,
      createdAt: i.createdAt,
      paidAt: i.paidAt,
    })),
    checkoutSessions: local.checkoutSessions,
    portalSessions: local.portalSessions,
    scans: scanRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      message: s.message,
      platform: s.platform,
      phoneNumber: s.phoneNumber,
      email: s.email,
      riskScore: s.riskScore,
      confidence: s.confidence,
      scamType: s.scamType,
      reasons: s.reasons,
      result: s.result,
      // The user's answers about the sender (questions), when given.
      context: s.context,
    })),
    // "Was this right?" answers and share links: the link's token is not exported (it opens the page).
    feedback: feedback.map((f) => ({
      scanId: f.scanId,
      label: f.label,
      note: f.note,
      consentToUseText: f.consentToUseText,
      engineVersion: f.engineVersion,
      riskScore: f.riskScore,
      scamType: f.scamType,
      signals: f.signals,
      createdAt: f.createdAt,
      updatedAt: f.updatedAt,
    })),
    sharedLinks: shares.map((s) => ({ scanId: s.scanId, includeMessage: s.includeMessage, createdAt: s.createdAt })),
    // Never the key or its hash: what identifies it on the account page.
    apiKeys: apiKeys.map((k) => ({
      name: k.name,
      prefix: k.prefix,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
    })),
    // Whether the flagged scans count in reports for others; the reports are keyed hashes that name nobody (decision 103).
    reportSharing,
    events,
    mails: mails.map((m) => ({ ...m, text: redactLinks(m.text) })),
    contactMessages: messages,
    pendingVerifications: verifications.map((v) => ({
      purpose: verificationPurpose(v.identifier, v.value),
      createdAt: v.createdAt,
      expiresAt: v.expiresAt,
    })),
    rateLimitCounters: buckets.map((b) => ({ rule: b.key.split(':', 1)[0] ?? '', count: b.count, resetAt: b.resetAt })),
    /** Kept after deletion so that the address gets no second trial: a keyed hash, not the address. */
    trialRecord: trialUsed ? { emailHash: trialEmailHash(ctx.config.auth.secret, email) } : null,
  };
}

/**
 * Deletes the account now (the policy promises within 30 days of closure). The person confirms by typing
 * their e-mail address. A subscription that would still bill must be cancelled first (the delete dialog
 * does it in the same flow), so that nobody is charged for an account that no longer exists.
 *
 * A receipt on its way is kept until delivered, then erased by the mailer, and one last mail confirms the
 * deletion and any cancellation made on the way (docs/decisions/093 and its amendment).
 */
export async function deleteAccount(
  ctx: DeleteCtx,
  userId: string,
  email: string,
  confirmEmail: string,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', 'Type your account e-mail address to confirm deletion', {
      details: { fields: [{ path: 'confirmEmail', message: 'Does not match your e-mail address' }] },
    });
  }
  const plan = await getPlanState(ctx, userId);
  const stillBilling =
    (plan.subscriptionStatus === 'trialing' || plan.subscriptionStatus === 'active' || isPremium(plan)) &&
    !plan.cancelAtPeriodEnd;
  if (stillBilling) {
    throw new AppError('CONFLICT', 'Cancel your subscription in the billing portal first, then delete your account.');
  }
  const firstName = (await findUserRow(ctx.database.db, userId))?.firstName ?? null;
  // Reports to other users go with the scans they came from (decision 103); read before the scans are deleted.
  await withdrawAccountReports(ctx, userId);
  const { droppedCancellation } = await ctx.database.db.transaction(async (tx) => {
    // The one thing that outlives the account: a keyed hash of the address, so that it gets no second
    // trial (also stored when the trial started; this covers trials from before the hash was kept).
    if (plan.hasUsedTrial) await recordTrialGrant(ctx, tx, email);
    return deleteEverythingOf(tx, userId, email.toLowerCase(), ctx.clock.now());
  });
  ctx.logger.info({ userId }, 'account deleted');
  // After the commit: the account is gone whatever happens to this mail. With SMTP, enqueueing also sends
  // every due row at once (a kept receipt among them); each is erased once sent. It is the one mail about a
  // cancellation made on the way: the cancellation's own notice, if not yet sent, was
  // dropped with the account.
  const cancelled: CancelledWithAccount = plan.cancelAtPeriodEnd
    ? plan.subscriptionStatus === 'trialing'
      ? 'trial'
      : 'subscription'
    : droppedCancellation
      ? 'ended'
      : null;
  const mail = accountDeletedMail({ firstName, cancelled, supportEmail: ctx.config.mail.supportEmail });
  await ctx.mailer.enqueue({ ...mail, to: email, kind: 'account_deleted' }).catch((err: unknown) => {
    ctx.logger.error(
      { userId, err: err instanceof Error ? err.message : String(err) },
      'account deletion mail not stored',
    );
  });
}
