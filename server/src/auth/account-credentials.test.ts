import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, TEST_PASSWORD } from '../test/users.ts';
import { errorOf, freshIp, latestMailTo, mailbox, openLink, post, sessionCookie } from '../test/auth-helpers.ts';

/** Changing the password and the e-mail address of a signed-in account (the account page's calls). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'lighthouse-keeper-lantern-7';

async function signIn(email: string, password: string) {
  return post(t, '/api/auth/sign-in/email', { email, password }, freshIp());
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const res = await apiClient(t)('getAuthUser', { headers: { cookie } });
  return res.status === 200;
}

describe('POST /api/auth/change-password', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const u = await createVerifiedUser(t);
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: NEW_PASSWORD },
      u.headers,
    );
    expect(res.status).toBe(200);
    expect((await signIn(u.user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(u.user.email, TEST_PASSWORD)).status).toBe(401);
    // Without revokeOtherSessions the session in use stays valid.
    expect(await isSignedIn(u.cookie)).toBe(true);
  });

  it('with revokeOtherSessions, every other session is signed out and the caller gets a fresh session', async () => {
    const u = await createVerifiedUser(t);
    const other = sessionCookie(await signIn(u.user.email, u.password));
    expect(other).not.toBeNull();
    expect(await isSignedIn(other!)).toBe(true);

    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      u.headers,
    );
    expect(res.status).toBe(200);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBeNull();
    expect(await isSignedIn(other!)).toBe(false);
    expect(await isSignedIn(fresh!)).toBe(true);
  });

  it('a wrong current password changes nothing', async () => {
    const u = await createVerifiedUser(t);
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD },
      u.headers,
    );
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('invalid_credentials');
    expect((await signIn(u.user.email, u.password)).status).toBe(200);
  });

  it.each([
    ['too short', 'Short-1', 'length'],
    ['spaces only', '            ', 'repetitive'],
    ['one character repeated', 'aaaaaaaaaaaa', 'repetitive'],
    ['a common password', 'password123', 'common'],
  ])('refuses a new password that is %s: 422 weak_password with the reason', async (_label, newPassword, reason) => {
    const u = await createVerifiedUser(t);
    const res = await post(t, '/api/auth/change-password', { currentPassword: u.password, newPassword }, u.headers);
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('weak_password');
    expect((error.details as { reasons: string[] }).reasons).toContain(reason);
    expect((await signIn(u.user.email, u.password)).status).toBe(200);
  });

  it("refuses the account's own e-mail address, or its local part, as the new password", async () => {
    const u = await createVerifiedUser(t, { email: 'margaret.hamilton@example.com' });
    for (const newPassword of ['margaret.hamilton@example.com', 'Margaret.Hamilton']) {
      const res = await post(t, '/api/auth/change-password', { currentPassword: u.password, newPassword }, u.headers);
      expect(res.status).toBe(422);
      expect(((await errorOf(res)).details as { reasons: string[] }).reasons).toContain('email');
    }
  });

  it('answers 401 without a session', async () => {
    const res = await post(t, '/api/auth/change-password', {
      currentPassword: 'whatever-1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/change-email', () => {
  const storedEmail = async (id: string) =>
    (
      await t.ctx.database.db
        .select({ email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, id))
    )[0];

  it('a verified account confirms from its current address, then verifies the new one with its password; only then does the address change', async () => {
    const u = await createVerifiedUser(t, { firstName: 'Katherine' });
    const res = await post(
      t,
      '/api/auth/change-email',
      { newEmail: 'K.Johnson@Example.com', callbackURL: '/account?emailChanged=true' },
      u.headers,
    );
    expect(res.status).toBe(200);
    expect(await storedEmail(u.user.id)).toEqual({ email: u.user.email, emailVerified: true });

    const confirm = await latestMailTo(t, u.user.email);
    expect(confirm?.kind).toBe('change_email_confirm');
    expect(confirm?.text).toContain('Hi Katherine,');
    expect(confirm?.text).toContain('k.johnson@example.com');
    expect(await latestMailTo(t, 'k.johnson@example.com')).toBeUndefined();

    const confirmLink = confirm?.links.find((l) => l.includes('/api/auth/verify-email'));
    const step1 = await openLink(t, confirmLink!, u.headers);
    expect(step1.status).toBe(302);
    expect(await storedEmail(u.user.id)).toEqual({ email: u.user.email, emailVerified: true });

    const verify = await latestMailTo(t, 'k.johnson@example.com');
    expect(verify?.kind).toBe('change_email_verify');
    const verifyLink = verify?.links.find((l) => l.includes('/api/auth/verify-email'));
    // The second link lands on the page that asks for the account's password (decision 132).
    const step2 = await openLink(t, verifyLink!, u.headers);
    expect(step2.status).toBe(302);
    const landing = new URL(step2.headers.get('location')!, 'http://localhost:5000');
    expect(`${landing.pathname}?emailChanged=${landing.searchParams.get('emailChanged')}`).toBe(
      '/account?emailChanged=true',
    );
    expect(await storedEmail(u.user.id)).toEqual({ email: u.user.email, emailVerified: true });
    const token = landing.searchParams.get('email_change');
    const step3 = await post(t, '/api/auth/change-email/finish', { token, password: u.password }, u.headers);
    expect(step3.status).toBe(200);
    expect(await storedEmail(u.user.id)).toEqual({ email: 'k.johnson@example.com', emailVerified: true });
    expect((await signIn('k.johnson@example.com', u.password)).status).toBe(200);
  });

  it('an address that belongs to another account: the same answer, no mail, nothing changes', async () => {
    const u = await createVerifiedUser(t);
    const taken = await createVerifiedUser(t);
    const before = (await mailbox(t)).length;
    const res = await post(t, '/api/auth/change-email', { newEmail: taken.user.email }, u.headers);
    expect(res.status).toBe(200);
    expect((await mailbox(t)).length).toBe(before);
    expect((await storedEmail(u.user.id))?.email).toBe(u.user.email);
  });

  it('an unverified account changes at once and the new address gets a verification link', async () => {
    const u = await createVerifiedUser(t, { emailVerified: false });
    const res = await post(t, '/api/auth/change-email', { newEmail: 'fresh-start@example.com' }, u.headers);
    expect(res.status).toBe(200);
    expect(await storedEmail(u.user.id)).toEqual({ email: 'fresh-start@example.com', emailVerified: false });
    const mail = await latestMailTo(t, 'fresh-start@example.com');
    expect(mail?.kind).toBe('verification');
  });

  it('refuses an invalid address with 422 VALIDATION_ERROR, and answers 401 without a session', async () => {
    const u = await createVerifiedUser(t);
    for (const newEmail of ['not-an-address', { a: 1 }, `${'x'.repeat(250)}@example.com`]) {
      const res = await post(t, '/api/auth/change-email', { newEmail }, u.headers);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
    }
    expect((await storedEmail(u.user.id))?.email).toBe(u.user.email);
    expect((await post(t, '/api/auth/change-email', { newEmail: 'x@example.com' })).status).toBe(401);
  });
});

describe('sign-up applies the same password rules', () => {
  it('refuses the e-mail address as password and a 9-character password', async () => {
    const a = await post(
      t,
      '/api/auth/sign-up/email',
      { email: 'alan.turing@example.com', password: 'alan.turing' },
      freshIp(),
    );
    expect(a.status).toBe(422);
    expect(((await errorOf(a)).details as { reasons: string[] }).reasons).toContain('email');
    const b = await post(
      t,
      '/api/auth/sign-up/email',
      { email: 'joan.clarke@example.com', password: 'Bletchley' },
      freshIp(),
    );
    expect(b.status).toBe(422);
    expect(((await errorOf(b)).details as { reasons: string[] }).reasons).toEqual(['length']);
    expect(await apiClient(t)('getSession')).toMatchObject({ status: 200, data: null });
  });
});
