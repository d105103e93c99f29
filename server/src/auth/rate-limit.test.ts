import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { AUTH_RATE_RULES } from './rate-rules.ts';
import { errorOf, post } from '../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

// Each sign-in attempt hashes a password (scrypt): the loops below take a while on a busy machine.
describe('rate limits on the account endpoints', { timeout: 120_000 }, () => {
  it('sign-in: 429 RATE_LIMITED with Retry-After once one address has tried too many times', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    const limit = AUTH_RATE_RULES.signIn.ip.limit;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        t,
        '/api/auth/sign-in/email',
        { email: `guess-${i}@example.com`, password: 'guess-guess-1' },
        ip,
      );
      expect(res.status).toBe(401);
    }
    const res = await post(
      t,
      '/api/auth/sign-in/email',
      { email: 'guess-last@example.com', password: 'guess-guess-1' },
      ip,
    );
    expect(res.status).toBe(429);
    const error = await errorOf(res);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(AUTH_RATE_RULES.signIn.ip.windowSeconds);
    expect(Number(res.headers.get('retry-after'))).toBe(error.retryAfterSeconds);
    // Another address is not affected.
    const other = await post(
      t,
      '/api/auth/sign-in/email',
      { email: 'guess-other@example.com', password: 'guess-guess-1' },
      { 'x-forwarded-for': '203.0.113.8' },
    );
    expect(other.status).toBe(401);
  });

  it('sign-in: one client guessing at one e-mail address is stopped by the (e-mail, client) limit', async () => {
    const { user } = await createVerifiedUser(t);
    const ip = { 'x-forwarded-for': '198.18.0.1' };
    for (let i = 0; i < AUTH_RATE_RULES.signIn.emailClient.limit; i++) {
      expect(
        (await post(t, '/api/auth/sign-in/email', { email: user.email, password: 'wrong-wrong-1' }, ip)).status,
      ).toBe(401);
    }
    const res = await post(
      t,
      '/api/auth/sign-in/email',
      { email: user.email.toUpperCase(), password: 'wrong-wrong-1' },
      ip,
    );
    expect(res.status).toBe(429);
    expect((await errorOf(res)).details).toEqual({ rule: AUTH_RATE_RULES.signIn.emailClient.name });
  });

  it('the window passes: allowed again once it is over', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.99' };
    const limit = AUTH_RATE_RULES.magicLink.email.limit;
    for (let i = 0; i < limit; i++) {
      expect((await post(t, '/api/auth/sign-in/magic-link', { email: 'window@example.com' }, ip)).status).toBe(200);
    }
    expect((await post(t, '/api/auth/sign-in/magic-link', { email: 'window@example.com' }, ip)).status).toBe(429);
    t.ctx.clock.advance(AUTH_RATE_RULES.magicLink.email.windowSeconds * 1000 + 1000);
    expect((await post(t, '/api/auth/sign-in/magic-link', { email: 'window@example.com' }, ip)).status).toBe(200);
  });

  it('sign-up and resend are limited per e-mail', async () => {
    const ipFor = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` });
    for (let i = 0; i < AUTH_RATE_RULES.resend.email.limit; i++) {
      expect((await post(t, '/api/auth/send-verification-email', { email: 'bomb@example.com' }, ipFor(i))).status).toBe(
        200,
      );
    }
    expect((await post(t, '/api/auth/send-verification-email', { email: 'bomb@example.com' }, ipFor(50))).status).toBe(
      429,
    );

    for (let i = 0; i < AUTH_RATE_RULES.signUp.email.limit; i++) {
      await post(t, '/api/auth/sign-up/email', { email: 'spam@example.com', password: 'x' }, ipFor(100 + i));
    }
    expect(
      (await post(t, '/api/auth/sign-up/email', { email: 'spam@example.com', password: 'x' }, ipFor(150))).status,
    ).toBe(429);
  });

  it('a client cannot dodge the limit with its own X-Forwarded-For when no proxy header is trusted', async () => {
    const t2 = await createTestApp();
    try {
      const limit = AUTH_RATE_RULES.signIn.ip.limit;
      let last = 0;
      for (let i = 0; i <= limit; i++) {
        const res = await post(
          t2,
          '/api/auth/sign-in/email',
          { email: `spoof-${i}@example.com`, password: 'nope-nope-1' },
          { 'x-forwarded-for': `100.64.0.${i + 1}` },
        );
        last = res.status;
      }
      expect(last).toBe(429);
    } finally {
      await t2.close();
    }
  });
});
