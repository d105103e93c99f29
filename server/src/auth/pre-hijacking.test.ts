import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { errorOf, freshIp, latestMailTo, openLink, post, sessionCookie } from '../test/auth-helpers.ts';

/**
 * Account pre-hijacking (docs/decisions/107-verification-proves-the-mailbox-not-the-password.md): someone
 * signs up with another person's address and a password of their choosing; the owner of the mailbox opens the
 * verification link it receives. The link proves the mailbox, not the password: the password typed at sign-up
 * stops working, every session the account had ends, and the person who opened the link chooses the password.
 */

const ATTACKER_PASSWORD = 'attacker-picked-this-1';
const OWNER_PASSWORD = 'owner-lighthouse-garnet-4';
const CALLBACK = '/dashboard?verified=true';

/** Both modes: sign-up signs in at once (outcome B, the attacker holds a session), or waits for the link. */
const MODES: Array<{ mode: string; env: Record<string, string> }> = [
  { mode: 'REQUIRE_EMAIL_VERIFICATION=false (sign-up signs in)', env: { REQUIRE_EMAIL_VERIFICATION: 'false' } },
  { mode: 'REQUIRE_EMAIL_VERIFICATION=true (the default)', env: {} },
];

describe.each(MODES)('a sign-up with someone else’s address, $mode', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for', ...env });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, password: string) =>
    post(t, '/api/auth/sign-in/email', { email, password }, freshIp());
  const signedIn = async (cookie: string) =>
    (await apiClient(t)('getAuthUser', { headers: { cookie } })).status === 200;
  const credentialAccounts = async (email: string) => {
    const [row] = await t.ctx.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return t.ctx.database.db.select().from(account).where(eq(account.userId, row!.id));
  };

  /** The attacker's sign-up, then the owner opening the link from their mailbox (no cookie of the attacker's). */
  async function attackThenOwnerVerifies(email: string) {
    const signUp = await post(
      t,
      '/api/auth/sign-up/email',
      { email, password: ATTACKER_PASSWORD, callbackURL: CALLBACK },
      freshIp(),
    );
    expect(signUp.status).toBe(200);
    const attackerCookie = sessionCookie(signUp);
    const link = (await latestMailTo(t, email))!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const opened = await openLink(t, link);
    expect(opened.status).toBe(302);
    return { attackerCookie, link, opened };
  }

  it('after the owner opens the link, the attacker’s password no longer signs in and the attacker’s session is gone', async () => {
    const email = 'victim-one@example.com';
    const signUp = await post(
      t,
      '/api/auth/sign-up/email',
      { email, password: ATTACKER_PASSWORD, callbackURL: CALLBACK },
      freshIp(),
    );
    const attackerCookie = sessionCookie(signUp);
    if (env.REQUIRE_EMAIL_VERIFICATION === 'false') {
      expect(attackerCookie).not.toBeNull();
      expect(await signedIn(attackerCookie!)).toBe(true);
    } else {
      expect(attackerCookie).toBeNull();
      expect((await errorOf(await signIn(email, ATTACKER_PASSWORD))).code).toBe('email_not_confirmed');
    }

    const link = (await latestMailTo(t, email))!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const opened = await openLink(t, link);
    expect(opened.status).toBe(302);

    const refused = await signIn(email, ATTACKER_PASSWORD);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('invalid_credentials');
    if (attackerCookie) expect(await signedIn(attackerCookie)).toBe(false);
    // Nothing set up before the proof is kept: no password, no linked sign-in.
    expect(await credentialAccounts(email)).toEqual([]);
    // The person who opened the link is signed in (docs/product.md: the link signs in).
    const ownerCookie = sessionCookie(opened);
    expect(ownerCookie).not.toBeNull();
    expect(await signedIn(ownerCookie!)).toBe(true);
  });

  it('the link lands on its callback with a one-time token to choose the password; the chosen one signs in', async () => {
    const email = 'victim-two@example.com';
    const { opened } = await attackThenOwnerVerifies(email);
    const landing = new URL(opened.headers.get('location')!, 'http://localhost:5000');
    expect(landing.pathname).toBe('/dashboard');
    expect(landing.searchParams.get('verified')).toBe('true');
    const token = landing.searchParams.get('password_token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const chosen = await post(t, '/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD }, freshIp());
    expect(chosen.status).toBe(200);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await signIn(email, ATTACKER_PASSWORD)).status).toBe(401);
    // The owner's session from the link is kept; the token is single use.
    expect(await signedIn(sessionCookie(opened)!)).toBe(true);
    const again = await post(t, '/api/auth/reset-password', { token, newPassword: 'someone-else-again-5' }, freshIp());
    expect(again.status).toBe(400);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it('the chosen password follows the password rules', async () => {
    const email = 'victim-three@example.com';
    const { opened } = await attackThenOwnerVerifies(email);
    const token = new URL(opened.headers.get('location')!, 'http://localhost:5000').searchParams.get('password_token');
    for (const [newPassword, reason] of [
      ['password123', 'common'],
      ['victim-three', 'email'],
    ] as const) {
      const res = await post(t, '/api/auth/reset-password', { token, newPassword }, freshIp());
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error.code).toBe('weak_password');
      expect((error.details as { reasons: string[] }).reasons).toContain(reason);
    }
    // A refused password spends nothing: the token still works.
    expect((await post(t, '/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD }, freshIp())).status).toBe(
      200,
    );
  });

  it('opening the link again later changes nothing: no new token, the owner’s password still signs in', async () => {
    const email = 'victim-four@example.com';
    const { link, opened } = await attackThenOwnerVerifies(email);
    const token = new URL(opened.headers.get('location')!, 'http://localhost:5000').searchParams.get('password_token');
    await post(t, '/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD }, freshIp());
    const ownerCookie = sessionCookie(await signIn(email, OWNER_PASSWORD))!;

    const reopened = await openLink(t, link);
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get('location')).toBe(CALLBACK);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    expect(await signedIn(ownerCookie)).toBe(true);
  });

  it('a magic link to the address (recovery) also ends the attacker’s password and session', async () => {
    const email = 'victim-five@example.com';
    const signUp = await post(
      t,
      '/api/auth/sign-up/email',
      { email, password: ATTACKER_PASSWORD, callbackURL: CALLBACK },
      freshIp(),
    );
    const attackerCookie = sessionCookie(signUp);
    const sent = await post(
      t,
      '/api/auth/sign-in/magic-link',
      { email, callbackURL: '/dashboard?recovered=true' },
      freshIp(),
    );
    expect(sent.status).toBe(200);
    const mail = await latestMailTo(t, email);
    expect(mail?.kind).toBe('magic_link');
    const opened = await openLink(
      t,
      mail!.links.find((l) => l.includes('/api/auth/magic-link/verify'))!,
    );
    expect(opened.status).toBe(302);
    expect(sessionCookie(opened)).not.toBeNull();
    expect((await signIn(email, ATTACKER_PASSWORD)).status).toBe(401);
    if (attackerCookie) expect(await signedIn(attackerCookie)).toBe(false);
  });
});
