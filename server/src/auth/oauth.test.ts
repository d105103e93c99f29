import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { errorOf, latestMailTo, openLink, post, readJson, sessionCookie } from '../test/auth-helpers.ts';

/**
 * Google sign-in end to end against oauth2-mock-server on loopback. better-auth's Google endpoints are
 * fixed, so this test (and only this test) points them at the mock: the authorize URL by rewriting the
 * origin of the URL the app hands the browser, the token endpoint with a wrapped globalThis.fetch.
 * Nothing in production code knows about the mock.
 */
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';

let mock: OAuth2Server;
let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;

/** The signed-in user as GET /api/auth/user answers it; fails the test on any other answer. */
async function me(cookie: string | null) {
  const res = await call('getAuthUser', { headers: { cookie: cookie ?? '' } });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`user refused: ${res.error.code}`);
  return res.data;
}
const realFetch = globalThis.fetch;
let profile: Record<string, unknown> = {};

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { aud: 'google-client-id', ...profile });
  });
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (url.startsWith(GOOGLE_TOKEN)) return realFetch(`${mock.issuer.url}/token`, init);
    return realFetch(input, init);
  };
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'google-client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    FACEBOOK_CLIENT_ID: 'fb-id',
    FACEBOOK_CLIENT_SECRET: 'fb-secret',
  });
  call = apiClient(t);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await t.close();
  await mock.stop();
});

function cookiesFrom(res: Response, existing: Record<string, string> = {}): Record<string, string> {
  const jar = { ...existing };
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (value) jar[name] = value;
    else delete jar[name];
  }
  return jar;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Runs the whole browser dance: start, consent at the mock, come back to the callback. */
async function googleSignIn(callbackURL = '/dashboard') {
  const start = await post(t, '/api/auth/sign-in/social', { provider: 'google', callbackURL });
  expect(start.status).toBe(200);
  const { url } = await readJson<{ url: string; redirect: boolean }>(start);
  let jar = cookiesFrom(start);

  const authorize = new URL(url);
  expect(authorize.origin + authorize.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  expect(authorize.searchParams.get('prompt')).toBe('select_account');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:5000/api/auth/callback/google');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

  // The browser at the identity provider (here the mock), which redirects back with a code.
  const atMock = await realFetch(`${mock.issuer.url}/authorize${authorize.search}`, { redirect: 'manual' });
  const back = new URL(atMock.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/google');

  // raw HTTP: better-auth's OAuth callback, a redirect with the browser's cookies, not in the route table
  const callback = await t.request(`${back.pathname}${back.search}`, {
    headers: { cookie: cookieHeader(jar) },
    redirect: 'manual',
  });
  jar = cookiesFrom(callback, jar);
  return { callback, jar };
}

describe('Google sign-in (against oauth2-mock-server)', () => {
  it('creates the account from the ID token (names, picture, verified e-mail), signs in and returns to the callback URL', async () => {
    profile = {
      sub: 'google-sub-1',
      email: 'Gina@Example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Gmail',
      name: 'Gina Gmail',
      picture: 'https://example.com/gina.png',
    };
    const { callback } = await googleSignIn('/dashboard');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const cookie = sessionCookie(callback);
    expect(cookie).not.toBeNull();
    const body = await me(cookie);
    expect(body).toMatchObject({
      email: 'gina@example.com',
      emailVerified: true,
      firstName: 'Gina',
      lastName: 'Gmail',
      profileImageUrl: 'https://example.com/gina.png',
    });
    const accounts = await t.ctx.database.db.select().from(account).where(eq(account.userId, body.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', 'google-sub-1']]);
  });

  it('signs the same Google account in again without a second user', async () => {
    profile = {
      sub: 'google-sub-1',
      email: 'gina@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Gmail',
    };
    const { callback } = await googleSignIn('/dashboard');
    expect((await me(sessionCookie(callback))).email).toBe('gina@example.com');
  });

  it('links Google to an existing password account with the same verified address', async () => {
    const { user } = await createVerifiedUser(t, { email: 'both-ways@example.com' });
    profile = { sub: 'google-sub-2', email: 'both-ways@example.com', email_verified: true, given_name: 'Bo' };
    const { callback } = await googleSignIn('/dashboard');
    expect((await me(sessionCookie(callback))).id).toBe(user.id);
    const providers = (await t.ctx.database.db.select().from(account).where(eq(account.userId, user.id)))
      .map((a) => a.providerId)
      .sort();
    expect(providers).toEqual(['credential', 'google']);
  });

  it('does not join an account whose address is unconfirmed; once the mailbox owner confirms it, Google joins and the earlier password is gone', async () => {
    // Someone signed up with this address and a password of their own before its owner ever came.
    const email = 'pre-registered@example.com';
    const attackerPassword = 'attacker-picked-this-2';
    expect(
      (
        await post(t, '/api/auth/sign-up/email', {
          email,
          password: attackerPassword,
          callbackURL: '/dashboard?verified=true',
        })
      ).status,
    ).toBe(200);
    const [pending] = await t.ctx.database.db.select().from(user).where(eq(user.email, email));

    profile = { sub: 'google-sub-3', email, email_verified: true, given_name: 'Owen' };
    const refused = await googleSignIn('/dashboard');
    expect(sessionCookie(refused.callback)).toBeNull();
    expect(new URL(refused.callback.headers.get('location')!, 'http://localhost:5000').searchParams.get('error')).toBe(
      'account_not_linked',
    );
    const before = await t.ctx.database.db.select().from(account).where(eq(account.userId, pending!.id));
    expect(before.map((a) => a.providerId)).toEqual(['credential']);

    // The owner opens the verification link from the mailbox, then Google joins the account.
    const link = (await latestMailTo(t, email))!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    expect((await openLink(t, link)).status).toBe(302);
    const joined = await googleSignIn('/dashboard');
    expect((await me(sessionCookie(joined.callback))).id).toBe(pending!.id);
    const after = await t.ctx.database.db.select().from(account).where(eq(account.userId, pending!.id));
    expect(after.map((a) => a.providerId)).toEqual(['google']);
    const signIn = await post(t, '/api/auth/sign-in/email', { email, password: attackerPassword });
    expect(signIn.status).toBe(401);
    expect((await errorOf(signIn)).code).toBe('invalid_credentials');
  });

  it('a callback with a forged state signs nobody in', async () => {
    // raw HTTP: better-auth's OAuth callback, a redirect, not in the route table
    const res = await t.request('/api/auth/callback/google?code=whatever&state=forged', { redirect: 'manual' });
    expect(sessionCookie(res)).toBeNull();
    expect(res.headers.get('location') ?? '').toContain('error');
  });

  it('Facebook asks for the email scope', async () => {
    const start = await post(t, '/api/auth/sign-in/social', { provider: 'facebook', callbackURL: '/dashboard' });
    const { url } = await readJson<{ url: string }>(start);
    const authorize = new URL(url);
    expect(authorize.hostname).toBe('www.facebook.com');
    expect(authorize.searchParams.get('scope')?.split(/[ ,]/)).toContain('email');
  });
});

describe('social sign-in when not configured', () => {
  it('is refused', async () => {
    const t2 = await createTestApp();
    try {
      const res = await post(t2, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } finally {
      await t2.close();
    }
  });
});
