import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { user } from '../db/schema/auth.ts';
import { billingAccount, trialGrant } from '../db/schema/billing.ts';
import type { AppContext } from '../context.ts';
import { ensureAccount, type Executor } from './billing.repo.ts';

/**
 * A free trial once per e-mail address, across account deletion
 * (docs/decisions/047-trial-once-and-what-deletion-keeps.md). When a trial starts, a keyed hash of the
 * normalised address is stored in `trial_grant`; that table is not tied to the user and survives deletion.
 * A new account whose address is in it starts with its trial used: the plan says so, and checkout charges
 * at once instead of starting a trial.
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The form of an address that one person cannot vary to get another trial: lower-case and trimmed; any
 * `+tag` dropped (sub-addressing delivers to the same mailbox at Gmail, Outlook, iCloud, Fastmail,
 * Proton...); at Gmail also the dots, with googlemail.com as gmail.com.
 */
export function normalizeEmailForTrial(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** HMAC-SHA256 under the server secret: the address cannot be read back, nor guessed without the secret. */
export function trialEmailHash(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`redflag-trial-grant:${normalizeEmailForTrial(email)}`)
    .digest('hex');
}

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock'>;

export async function userEmail(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

/** Remembers that this address has had its trial (idempotent). */
export async function recordTrialGrant(ctx: Pick<AppContext, 'config'>, db: Executor, email: string): Promise<void> {
  await db
    .insert(trialGrant)
    .values({ emailHash: trialEmailHash(ctx.config.auth.secret, email) })
    .onConflictDoNothing({ target: trialGrant.emailHash });
}

export async function trialGrantedTo(ctx: Pick<AppContext, 'config'>, db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ emailHash: trialGrant.emailHash })
    .from(trialGrant)
    .where(eq(trialGrant.emailHash, trialEmailHash(ctx.config.auth.secret, email)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks the user's plan "trial used" when their address had a trial before (under an earlier, deleted
 * account). Returns true when it did. Called before the plan is shown and before a checkout decides
 * whether to offer a trial; once set, the plan's own flag carries it and this is not asked again.
 */
export async function carryTrialHistory(ctx: Ctx, userId: string, email?: string): Promise<boolean> {
  const db = ctx.database.db;
  const address = email ?? (await userEmail(db, userId));
  if (!address || !(await trialGrantedTo(ctx, db, address))) return false;
  await ensureAccount(db, userId);
  await db
    .update(billingAccount)
    .set({ hasUsedTrial: true, updatedAt: ctx.clock.now() })
    .where(and(eq(billingAccount.userId, userId), eq(billingAccount.hasUsedTrial, false)));
  return true;
}
