import { getPlanState } from '../billing/entitlements.ts';
import { isPremium } from '../billing/plan-state.ts';
import { recordTrialGrant } from '../billing/trial-history.ts';
import type { AppContext } from '../http/types.ts';
import { AppError } from '../lib/app-error.ts';
import { activeSessions, allScans, contactMessagesOf, deleteUserCascade, findUserRow, signInMethods } from './account.repo.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;

/**
 * "Export My Data" (DESIGN.md section 3.5): everything stored about the person, at once, as JSON: the
 * account, sign-in methods (no secrets), sessions, plan, every scan with its full result, and contact
 * messages. The policy promises 24 hours; this answers immediately.
 */
export async function exportAccount(ctx: Ctx, userId: string) {
  const db = ctx.database.db;
  const u = await findUserRow(db, userId);
  if (!u) throw new AppError('NOT_FOUND', 'Account not found');
  const [scanRows, methods, sessions, messages, plan] = await Promise.all([
    allScans(db, userId),
    signInMethods(db, userId),
    activeSessions(db, userId),
    contactMessagesOf(db, userId),
    getPlanState(ctx, userId),
  ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    format: 'redflag-export-v1',
    account: { id: u.id, email: u.email, emailVerified: u.emailVerified, name: u.name, firstName: u.firstName, lastName: u.lastName, image: u.image, createdAt: u.createdAt, updatedAt: u.updatedAt },
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
    })),
    contactMessages: messages,
  };
}

/**
 * Deletes the account now (the policy promises within 30 days of closure). The person confirms by typing
 * their e-mail address. A subscription that would still bill must be cancelled first (in the billing
 * portal), so that nobody is charged for an account that no longer exists.
 */
export async function deleteAccount(ctx: Ctx, userId: string, email: string, confirmEmail: string): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', 'Type your account e-mail address to confirm deletion', { details: { fields: [{ path: 'confirmEmail', message: 'Does not match your e-mail address' }] } });
  }
  const plan = await getPlanState(ctx, userId);
  const stillBilling = (plan.subscriptionStatus === 'trialing' || plan.subscriptionStatus === 'active' || isPremium(plan)) && !plan.cancelAtPeriodEnd;
  if (stillBilling) {
    throw new AppError('CONFLICT', 'Cancel your subscription in the billing portal first, then delete your account.');
  }
  await ctx.database.db.transaction(async (tx) => {
    // The one thing that outlives the account: a keyed hash of the address, so that it gets no second
    // trial (also stored when the trial started; this covers trials from before the hash was kept).
    if (plan.hasUsedTrial) await recordTrialGrant(ctx, tx, email);
    await deleteUserCascade(tx, userId);
  });
  ctx.logger.info({ userId }, 'account deleted');
}
