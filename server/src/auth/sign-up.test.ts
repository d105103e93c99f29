import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { errorOf, freshIp, latestMailTo, openLink, post, readJson, sessionCookie } from '../test/auth-helpers.ts';

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const signUp = (json: unknown) => post(t, '/api/auth/sign-up/email', json, freshIp());

describe('POST /api/auth/sign-up/email', () => {
  it('creates an unverified account with first and last name, sends a verification mail, returns no session (outcome A)', async () => {
    const res = await signUp({
      email: 'Grace@Example.com',
      password: 'navy-cobol-1906',
      firstName: 'Grace',
      lastName: 'Hopper',
      callbackURL: '/dashboard?verified=true',
    });
    expect(res.status).toBe(200);
    const body = await readJson<{
      token: string | null;
      user: { email: string; emailVerified: boolean; firstName: string; lastName: string; name: string };
    }>(res);
    expect(body.token).toBeNull();
    expect(body.user).toMatchObject({
      email: 'grace@example.com',
      emailVerified: false,
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Hopper',
    });
    expect(sessionCookie(res)).toBeNull();

    const [row] = await t.ctx.database.db.select().from(user).where(eq(user.email, 'grace@example.com'));
    expect(row).toMatchObject({ emailVerified: false, firstName: 'Grace', lastName: 'Hopper' });
    const [acct] = await t.ctx.database.db.select().from(account).where(eq(account.userId, row!.id));
    // scrypt "salt:hash", never the password itself.
    expect(acct?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(acct?.password).not.toContain('navy-cobol-1906');

    const mail = await latestMailTo(t, 'grace@example.com');
    expect(mail?.subject).toBe('Confirm your RedFlag account');
    expect(mail?.kind).toBe('verification');
    expect(mail?.text).toContain('Hi Grace,');
    const link = new URL(mail?.links.find((l) => l.includes('/api/auth/verify-email')) ?? 'about:blank');
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/dashboard?verified=true');
  });

  it('the verification link verifies, signs in and lands on /dashboard?verified=true with a token to choose the password', async () => {
    await signUp({
      email: 'linus@example.com',
      password: 'penguin-kernel-91',
      firstName: 'Linus',
      callbackURL: '/dashboard?verified=true',
    });
    const link = (await latestMailTo(t, 'linus@example.com'))!.links.find((l) => l.includes('verify-email'))!;
    const res = await openLink(t, link);
    expect(res.status).toBe(302);
    // Decision 107: the password typed at sign-up no longer works; the token lets the owner choose one.
    expect(res.headers.get('location')).toMatch(/^\/dashboard\?verified=true&password_token=[\w-]+$/);
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    const me = await call('getAuthUser', { headers: { cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(me.ok && me.data).toMatchObject({
      email: 'linus@example.com',
      emailVerified: true,
      firstName: 'Linus',
      lastName: null,
    });
  });

  it('a tampered verification token is refused and verifies nobody', async () => {
    await signUp({
      email: 'tamper@example.com',
      password: 'solid-granite-77',
      callbackURL: '/dashboard?verified=true',
    });
    const link = new URL((await latestMailTo(t, 'tamper@example.com'))!.links.find((l) => l.includes('verify-email'))!);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await openLink(t, link.toString());
    expect(res.headers.get('location') ?? '').toContain('error=');
    expect(sessionCookie(res)).toBeNull();
    const [row] = await t.ctx.database.db.select().from(user).where(eq(user.email, 'tamper@example.com'));
    expect(row?.emailVerified).toBe(false);
  });

  it('names are optional', async () => {
    const res = await signUp({ email: 'anon@example.com', password: 'quiet-harbour-12' });
    expect(res.status).toBe(200);
    expect((await readJson<{ user: { firstName: string | null; name: string } }>(res)).user).toMatchObject({
      firstName: null,
      name: '',
    });
  });

  it('answers 409 ACCOUNT_EXISTS for an address that already has an account (any case)', async () => {
    await signUp({ email: 'taken@example.com', password: 'first-owner-2024' });
    const res = await signUp({ email: 'TAKEN@example.com', password: 'second-owner-2025' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'ACCOUNT_EXISTS',
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it('refuses a password under 10 characters with weak_password and reason length', async () => {
    const res = await signUp({ email: 'short@example.com', password: 'Zq9!x' });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('weak_password');
    expect(error.details).toEqual({ reasons: ['length'] });
    expect(error.message).toMatch(/between 10/);
  });

  it('refuses a common password with weak_password and reason common', async () => {
    for (const password of ['password123', 'qwertyuiop', 'iloveyou12', 'Password123']) {
      const res = await signUp({ email: `common-${password}@example.com`, password });
      expect(res.status, password).toBe(422);
      const error = await errorOf(res);
      expect(error.code).toBe('weak_password');
      expect(error.details).toEqual({ reasons: ['common'] });
    }
  });

  it('gives both reasons for a short common password', async () => {
    const res = await signUp({ email: 'both@example.com', password: '12345' });
    expect((await errorOf(res)).details).toEqual({ reasons: ['length', 'common'] });
  });

  it('answers 422 VALIDATION_ERROR for a missing or malformed e-mail and creates nothing', async () => {
    for (const body of [
      { password: 'fine-password-99' },
      { email: '', password: 'fine-password-99' },
      { email: 'not-an-email', password: 'fine-password-99' },
      { email: 'a@b', password: 'fine-password-99' },
    ]) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
    }
    const rows = await t.ctx.database.db.select().from(user).where(eq(user.email, 'not-an-email'));
    expect(rows).toHaveLength(0);
  });

  it('answers 422 for a missing password', async () => {
    const res = await signUp({ email: 'nopass@example.com' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
  });

  it('resend: POST /api/auth/send-verification-email mails a fresh link', async () => {
    await signUp({ email: 'resend@example.com', password: 'mail-me-again-5', callbackURL: '/dashboard?verified=true' });
    const res = await post(
      t,
      '/api/auth/send-verification-email',
      { email: 'resend@example.com', callbackURL: '/dashboard?verified=true' },
      freshIp(),
    );
    expect(res.status).toBe(200);
    const mails = (await readJson<Array<{ to: string }>>(await t.request('/dev/mailbox.json'))).filter(
      (m) => m.to === 'resend@example.com',
    );
    expect(mails).toHaveLength(2);
  });

  it('resend for an unknown address answers the same and sends nothing', async () => {
    const res = await post(
      t,
      '/api/auth/send-verification-email',
      { email: 'nobody-here@example.com', callbackURL: '/dashboard?verified=true' },
      freshIp(),
    );
    expect(res.status).toBe(200);
    expect(await latestMailTo(t, 'nobody-here@example.com')).toBeUndefined();
  });
});

describe('sign-up with REQUIRE_EMAIL_VERIFICATION=false (outcome B)', () => {
  it('returns a session at once', async () => {
    const t2 = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'false' });
    try {
      const res = await post(t2, '/api/auth/sign-up/email', {
        email: 'quick@example.com',
        password: 'no-wait-please-3',
        firstName: 'Quick',
      });
      expect(res.status).toBe(200);
      const body = await readJson<{ token: string | null }>(res);
      expect(body.token).toEqual(expect.any(String));
      const cookie = sessionCookie(res);
      expect(cookie).not.toBeNull();
      const call2 = apiClient(t2);
      const me = await call2('getAuthUser', { headers: { cookie: cookie! } });
      expect(me.ok && me.data).toMatchObject({
        email: 'quick@example.com',
        firstName: 'Quick',
        emailVerified: false,
      });
      const config = await call2('getConfig');
      expect(config.ok && config.data.emailVerificationRequired).toBe(false);
    } finally {
      await t2.close();
    }
  });
});
