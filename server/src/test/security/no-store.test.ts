import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.ts';
import { createPremiumUser, type TestUser } from '../users.ts';

/**
 * /api/scans and /api/users/* carried no `Cache-Control: no-store`, so a shared
 * or browser cache could keep one person's scans and plan. Every /api answer is no-store unless the route
 * says it may be cached (only the public /api/config does).
 */

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API answers', () => {
  it('every answer that carries user data is no-store, errors included', async () => {
    const scan = await t.request('/api/scans', {
      method: 'POST',
      headers: u.headers,
      json: { message: 'Your parcel is waiting, pay the fee now' },
    });
    expect(scan.status).toBe(200);
    expect(scan.headers.get('cache-control')).toBe('no-store');
    const { id } = (await scan.json()) as { id: string };

    const gets = [
      '/api/scans',
      `/api/scans/${id}`,
      '/api/users/stats',
      '/api/users/plan',
      '/api/users/scan-usage',
      '/api/users/trial-status',
      '/api/auth/user',
      '/api/auth/get-session',
      '/api/account/export',
      '/api/stripe/subscription-status',
      '/api/check-trial-conversion',
      '/api/billing/conversion-preview',
    ];
    for (const p of gets) {
      const res = await t.request(p, { headers: u.headers });
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
    // Signed out (401), unknown (404), and better-auth's own errors.
    expect((await t.request('/api/scans')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/no-such-route')).headers.get('cache-control')).toBe('no-store');
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: u.user.email, password: 'wrong-password-here' },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });

  it('the public /api/config keeps its own short public caching', async () => {
    const res = await t.request('/api/config');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
