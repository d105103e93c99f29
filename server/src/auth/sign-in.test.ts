import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, verification } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import {
  errorOf,
  freshIp,
  latestMailTo,
  mailbox,
  openLink,
  ORIGIN,
  post,
  readJson,
  sessionCookie,
} from '../test/auth-helpers.ts';

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
  call = apiClient(t);
});

/** The signed-in user as GET /api/auth/user answers it, or the status it was refused with. */
async function me(headers: Record<string, string>) {
  const res = await call('getAuthUser', { headers });
  return res.ok ? res.data : res.status;
}
afterAll(async () => {
  await t.close();
});

const signIn = (json: unknown) => post(t, '/api/auth/sign-in/email', json, freshIp());

describe('POST /api/auth/sign-in/email', () => {
  it('signs a verified user in: session cookie (httpOnly, SameSite=Lax) and the user', async () => {
    const { user, password } = await createVerifiedUser(t, { firstName: 'Ada' });
    const res = await signIn({ email: user.email.toUpperCase(), password });
    expect(res.status).toBe(200);
    const raw = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i); // Secure only in production
    const body = await readJson<{ token: string; user: { id: string } }>(res);
    expect(body.user.id).toBe(user.id);
    // The bearer plugin hands API clients the token in a header, and it signs them in.
    const bearer = res.headers.get('set-auth-token');
    expect(await me({ authorization: `Bearer ${bearer ?? ''}` })).toMatchObject({ id: user.id });
    expect(await me({ cookie: sessionCookie(res)! })).toMatchObject({ id: user.id, firstName: 'Ada' });
  });

  it('answers 401 invalid_credentials for a wrong password and for an unknown address, identically', async () => {
    const { user } = await createVerifiedUser(t);
    const wrong = await signIn({ email: user.email, password: 'not-the-password-1' });
    const unknown = await signIn({ email: 'ghost@example.com', password: 'not-the-password-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await errorOf(wrong);
    const b = await errorOf(unknown);
    expect(a).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(b).toEqual(a);
  });

  it('answers 403 email_not_confirmed for an unverified account with the right password', async () => {
    await post(t, '/api/auth/sign-up/email', { email: 'later@example.com', password: 'verify-me-later-8' }, freshIp());
    const res = await signIn({ email: 'later@example.com', password: 'verify-me-later-8' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('email_not_confirmed');
    // ... but a wrong password still says invalid_credentials (the address's state is not revealed).
    const wrong = await signIn({ email: 'later@example.com', password: 'wrong-password-8' });
    expect((await errorOf(wrong)).code).toBe('invalid_credentials');
  });

  it('answers 4xx for missing fields', async () => {
    const noPassword = await signIn({ email: 'someone@example.com' });
    expect(noPassword.status).toBeGreaterThanOrEqual(400);
    expect(noPassword.status).toBeLessThan(500);
    const noEmail = await signIn({ password: 'whatever-123' });
    expect(noEmail.status).toBeGreaterThanOrEqual(400);
    expect(noEmail.status).toBeLessThan(500);
  });
});

describe('sign-out', () => {
  it('POST /api/auth/sign-out ends this session only', async () => {
    const { user, password, headers: first } = await createVerifiedUser(t);
    const second = await signIn({ email: user.email, password });
    const secondCookie = sessionCookie(second)!;
    const out = await call('signOut', { headers: { origin: ORIGIN, ...first }, body: {} });
    expect(out.status).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me({ cookie: secondCookie })).toMatchObject({ id: user.id });
  });

  it('POST /api/auth/revoke-sessions signs out every device', async () => {
    const { user, password, headers: first } = await createVerifiedUser(t);
    const second = sessionCookie(await signIn({ email: user.email, password }))!;
    const res = await call('revokeSessions', { headers: { origin: ORIGIN, ...first }, body: {} });
    expect(res.status).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me({ cookie: second })).toBe(401);
    expect(await t.ctx.database.db.select().from(session).where(eq(session.userId, user.id))).toHaveLength(0);
  });
});

describe('magic-link recovery', () => {
  const requestLink = (email: string) =>
    post(t, '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard?recovered=true' }, freshIp());

  it('mails a single-use link valid 60 minutes that signs in and lands on /dashboard?recovered=true', async () => {
    const { user } = await createVerifiedUser(t, { firstName: 'Rita' });
    const res = await requestLink(user.email);
    expect(res.status).toBe(200);
    const mail = await latestMailTo(t, user.email);
    expect(mail?.kind).toBe('magic_link');
    expect(mail?.text).toContain('expires in 60 minutes');
    const link = mail!.links.find((l) => l.includes('/api/auth/magic-link/verify'))!;
    expect(new URL(link).pathname).toBe('/api/auth/magic-link/verify');
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/dashboard?recovered=true');

    const [row] = await t.ctx.database.db
      .select()
      .from(verification)
      .where(like(verification.value, `%${user.email}%`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const open = await openLink(t, link);
    expect(open.status).toBe(302);
    expect(open.headers.get('location')).toBe('http://localhost:5000/dashboard?recovered=true');
    const cookie = sessionCookie(open)!;
    expect(await me({ cookie })).toMatchObject({ id: user.id });

    // Used once: a second visit signs nobody in.
    const again = await openLink(t, link);
    expect(again.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect(sessionCookie(again)).toBeNull();
  });

  it('refuses an expired link', async () => {
    const { user } = await createVerifiedUser(t);
    await requestLink(user.email);
    const link = (await latestMailTo(t, user.email))!.links.find((l) => l.includes('magic-link/verify'))!;
    // 61 minutes later: move the stored expiry into the past.
    await t.ctx.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(like(verification.value, `%${user.email}%`));
    const res = await openLink(t, link);
    expect(res.headers.get('location')).toContain('error=');
    expect(sessionCookie(res)).toBeNull();
  });

  it('verifies an unverified account that recovers through its mailbox', async () => {
    await post(
      t,
      '/api/auth/sign-up/email',
      { email: 'unverified-recover@example.com', password: 'recover-me-77' },
      freshIp(),
    );
    await requestLink('unverified-recover@example.com');
    const link = (await latestMailTo(t, 'unverified-recover@example.com'))!.links.find((l) =>
      l.includes('magic-link/verify'),
    )!;
    const res = await openLink(t, link);
    const cookie = sessionCookie(res)!;
    expect(await me({ cookie })).toMatchObject({ emailVerified: true });
  });

  it('answers the same for an unknown address and mails nothing (no account is created)', async () => {
    const before = (await mailbox(t)).length;
    const res = await requestLink('stranger@example.com');
    expect(res.status).toBe(200);
    expect((await mailbox(t)).length).toBe(before);
  });

  it('answers 4xx for a malformed address', async () => {
    const res = await requestLink('nope');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
