import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../../auth/rate-rules.ts';
import { KNOWN_DEVICE_COOKIE } from '../../auth/known-device.ts';
import { apiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createVerifiedUser } from '../users.ts';

/**
 * A full per-e-mail sign-in bucket locked the real owner out: anyone could keep an
 * account unusable by failing to sign in to it ten times every quarter hour. Lock-outs are now keyed on
 * the e-mail address plus the client (decision 048), and the owner's own browser is never subject to the
 * per-address bucket. Also: change-password and change-email are rate limited.
 */

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

const ORIGIN = 'http://localhost:5000';
let ipCounter = 0;
const nextIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function signIn(email: string, password: string, ip: string, cookie?: string) {
  // raw HTTP: better-auth route, not in the route table
  return t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
    headers: { origin: ORIGIN, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });
}

function knownDeviceCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  expect(set).toMatch(new RegExp(`^${KNOWN_DEVICE_COOKIE}=[^;]+;`));
  expect(set).toMatch(/HttpOnly/i);
  return set!.split(';')[0]!;
}

describe('sign-in lock-outs are keyed on e-mail plus client', { timeout: 120_000 }, () => {
  it('an attacker who exhausts the limit from one address does not lock the owner out from another', async () => {
    const { user, password } = await createVerifiedUser(t);
    const attacker = nextIp();
    for (let i = 0; i < 30; i++) await signIn(user.email, `guess-number-${i}`, attacker);
    // The attacker is stopped, even with the right password...
    expect((await signIn(user.email, `guess-again-1`, attacker)).status).toBe(429);
    expect((await signIn(user.email, password, attacker)).status).toBe(429);
    // ...and the owner, on a new device elsewhere, signs in.
    expect((await signIn(user.email, password, nextIp())).status).toBe(200);
  });

  it('failures spread over many addresses are limited per account, but not for a browser that signed in before', async () => {
    const { user, password } = await createVerifiedUser(t);
    const ownerBrowser = knownDeviceCookie(await signIn(user.email, password, nextIp()));

    // Earlier failures from many clients (each under its own limit), counted straight into the bucket to
    // keep the test fast; the last one goes through sign-in.
    const rule = AUTH_RATE_RULES.signIn.emailFailures;
    for (let i = 0; i < rule.limit - 1; i++) await t.ctx.rateLimiter.hit(rule, user.email);
    // Successes are not failures: were they counted, the second one would find the bucket full.
    expect((await signIn(user.email, password, nextIp())).status).toBe(200);
    expect((await signIn(user.email, password, nextIp())).status).toBe(200);
    expect((await signIn(user.email, 'spread-guess-last', nextIp())).status).toBe(401);

    // A fresh client is refused whatever the password: a distributed guess learns nothing more.
    const fresh = await signIn(user.email, password, nextIp());
    expect(fresh.status).toBe(429);
    expect(((await fresh.json()) as { error: { details: unknown } }).error.details).toEqual({ rule: rule.name });
    // The owner's browser, on any network, is not subject to the per-account bucket.
    expect((await signIn(user.email, password, nextIp(), ownerBrowser)).status).toBe(200);
    // A known-device cookie of another account does not help, nor does a forged one.
    const other = await createVerifiedUser(t);
    const otherBrowser = knownDeviceCookie(await signIn(other.user.email, other.password, nextIp()));
    expect((await signIn(user.email, password, nextIp(), otherBrowser)).status).toBe(429);
    expect((await signIn(user.email, password, nextIp(), `${KNOWN_DEVICE_COOKIE}=forged-value`)).status).toBe(429);
  });

  it('the known-device cookie keeps the last few accounts signed in from this browser', async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    const first = knownDeviceCookie(await signIn(a.user.email, a.password, nextIp()));
    const both = knownDeviceCookie(await signIn(b.user.email, b.password, nextIp(), first));
    const rule = AUTH_RATE_RULES.signIn.emailFailures;
    for (let i = 0; i < rule.limit; i++) await t.ctx.rateLimiter.hit(rule, a.user.email);
    expect((await signIn(a.user.email, a.password, nextIp())).status).toBe(429);
    expect((await signIn(a.user.email, a.password, nextIp(), both)).status).toBe(200);
  });
});

describe('change-password and change-email are rate limited', { timeout: 120_000 }, () => {
  it('change-password: 429 after the per-account limit, whatever the client address', async () => {
    const u = await createVerifiedUser(t);
    const { limit } = AUTH_RATE_RULES.changePassword.user;
    const attempt = () =>
      call('changePassword', {
        body: { currentPassword: 'not-the-password-1', newPassword: 'harbour-lights-at-dusk-9' },
        headers: { ...u.headers, origin: ORIGIN, 'x-forwarded-for': nextIp() },
      });
    for (let i = 0; i < limit; i++) expect((await attempt()).status).toBe(401);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(Number(res.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('change-email: 429 after the per-account limit (each request mails a link)', async () => {
    const u = await createVerifiedUser(t);
    const { limit } = AUTH_RATE_RULES.changeEmail.user;
    const attempt = (i: number) =>
      call('changeEmail', {
        body: { newEmail: `moved-${i}-${u.user.id.slice(0, 6)}@example.com` },
        headers: { ...u.headers, origin: ORIGIN, 'x-forwarded-for': nextIp() },
      });
    for (let i = 0; i < limit; i++) expect((await attempt(i)).status).toBe(200);
    expect((await attempt(limit)).status).toBe(429);
  });
});
