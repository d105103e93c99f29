import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../auth/session.ts';
import { ensureAccount, updateAccount } from '../billing/billing.repo.ts';
import { billingAccount } from '../db/schema/billing.ts';
import type { TestApp } from './harness.ts';

/**
 * Signed-in users for any feature's API tests, in one call and without going through the HTTP sign-up
 * (so no mail, no rate limit):
 *
 *   const { user, headers } = await createVerifiedUser(t, { firstName: 'Ada' });
 *   await t.request('/api/scans', { method: 'POST', headers, json: { message: '...' } });
 *
 * The user is stored with a verified e-mail and a password account, then signed in through better-auth
 * itself, so `cookie` is a real session cookie. `bearerHeaders` authenticate the same session with
 * `Authorization: Bearer` instead.
 */
export interface TestUser {
  user: SessionUser;
  password: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  /** The session token (as an API client would hold it). */
  token: string;
  /** `{ cookie }`: pass as `headers` to t.request. */
  headers: Record<string, string>;
  bearerHeaders: Record<string, string>;
}

export interface TestUserOptions {
  email?: string;
  password?: string;
  firstName?: string | null;
  lastName?: string | null;
  emailVerified?: boolean;
}

export const TEST_PASSWORD = 'Sturdy-Test-Passphrase-42';

export async function createVerifiedUser(t: Pick<TestApp, 'ctx'>, opts: TestUserOptions = {}): Promise<TestUser> {
  const auth = t.ctx.auth;
  const actx = await auth.$context;
  const email = (opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = opts.password ?? TEST_PASSWORD;
  const firstName = opts.firstName === undefined ? 'Test' : opts.firstName;
  const lastName = opts.lastName === undefined ? 'User' : opts.lastName;
  const name = [firstName, lastName].filter(Boolean).join(' ');

  const created = await actx.internalAdapter.createUser(
    { email, name, firstName, lastName, emailVerified: opts.emailVerified ?? true },
    { method: 'email-password' },
  );
  await actx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await actx.password.hash(password),
  });

  // An unverified user cannot sign in (email_not_confirmed); give them a session directly.
  let token: string;
  let cookie: string;
  if (opts.emailVerified === false) {
    const session = await actx.internalAdapter.createSession(created.id);
    token = session.token;
    cookie = await signedSessionCookie(t, token);
  } else {
    const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    token = response.token;
    const sessionCookie = headers.getSetCookie().find((c) => c.startsWith(`${actx.authCookies.sessionToken.name}=`));
    if (!sessionCookie) throw new Error('createVerifiedUser: sign-in set no session cookie');
    cookie = sessionCookie.split(';')[0] ?? '';
  }

  return {
    user: {
      id: created.id,
      email,
      emailVerified: opts.emailVerified ?? true,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      name: name || null,
      image: null,
      createdAt: new Date(created.createdAt),
    },
    password,
    cookie,
    token,
    headers: { cookie },
    bearerHeaders: { authorization: `Bearer ${token}` },
  };
}

/** The signed cookie better-auth would set for a session token (HMAC-SHA256 with the app secret). */
async function signedSessionCookie(t: Pick<TestApp, 'ctx'>, token: string): Promise<string> {
  const actx = await t.ctx.auth.$context;
  const { createHmac } = await import('node:crypto');
  const signature = createHmac('sha256', actx.secret).update(token).digest('base64');
  return `${actx.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const DAY_MS = 86_400_000;

/** A trial of the built-in provider, card added, that started `startedDaysAgo` and ends `endsInDays` from now. */
async function trialAccount(
  t: Pick<TestApp, 'ctx'>,
  userId: string,
  { startedDaysAgo, endsInDays, scansUsed }: { startedDaysAgo: number; endsInDays: number; scansUsed: number },
): Promise<void> {
  const now = t.ctx.clock.now();
  await ensureAccount(t.ctx.database.db, userId);
  await updateAccount(
    t.ctx.database.db,
    userId,
    {
      planTier: 'free',
      subscriptionStatus: 'trialing',
      paymentSetupComplete: true,
      hasUsedTrial: true,
      provider: 'local',
      trialStartedAt: new Date(now.getTime() - startedDaysAgo * DAY_MS),
      trialEndsAt: new Date(now.getTime() + endsInDays * DAY_MS),
      trialScansUsed: scansUsed,
    },
    now,
  );
}

/**
 * A signed-in user one day into the built-in provider's 7-day trial (the web app's 5-scan quota), card
 * added, with `scansUsed` trial scans already spent.
 */
export async function createTrialUser(
  t: Pick<TestApp, 'ctx'>,
  { scansUsed = 0, ...opts }: TestUserOptions & { scansUsed?: number } = {},
): Promise<TestUser> {
  const u = await createVerifiedUser(t, opts);
  await trialAccount(t, u.user.id, { startedDaysAgo: 1, endsInDays: 6, scansUsed });
  return u;
}

/** A signed-in user whose 7-day trial ended a day ago (scans answer 403 TRIAL_EXPIRED). */
export async function createExpiredTrialUser(t: Pick<TestApp, 'ctx'>, opts: TestUserOptions = {}): Promise<TestUser> {
  const u = await createVerifiedUser(t, opts);
  await trialAccount(t, u.user.id, { startedDaysAgo: 8, endsInDays: -1, scansUsed: 0 });
  return u;
}

/** A signed-in user with a plan row but no checkout yet (scans answer 403 PAYMENT_SETUP_REQUIRED). */
export async function createSetupRequiredUser(t: Pick<TestApp, 'ctx'>, opts: TestUserOptions = {}): Promise<TestUser> {
  const u = await createVerifiedUser(t, opts);
  await ensureAccount(t.ctx.database.db, u.user.id);
  return u;
}

/** A signed-in Premium user (tier premium, active, payment set up): scans are never refused by the trial quota. */
export async function createPremiumUser(t: Pick<TestApp, 'ctx'>, opts: TestUserOptions = {}): Promise<TestUser> {
  const u = await createVerifiedUser(t, opts);
  await t.ctx.database.db
    .insert(billingAccount)
    .values({ userId: u.user.id, planTier: 'premium', subscriptionStatus: 'active', paymentSetupComplete: true })
    .onConflictDoNothing();
  return u;
}

/**
 * A Premium user whose first charge has succeeded through Stripe in live mode (`ever_paid`, `ever_paid_live`):
 * an account that cost real money to make, whose flagged scans count as reports from others from its first
 * day (docs/decisions/129).
 */
export async function createPaidUser(t: Pick<TestApp, 'ctx'>, opts: TestUserOptions = {}): Promise<TestUser> {
  const u = await createPremiumUser(t, opts);
  await updateAccount(t.ctx.database.db, u.user.id, { everPaid: true, everPaidLive: true }, t.ctx.clock.now());
  return u;
}
