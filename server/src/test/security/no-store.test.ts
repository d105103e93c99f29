import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createPremiumUser, type TestUser } from '../users.ts';

/**
 * /api/scans and /api/users/* carried no `Cache-Control: no-store`, so a shared
 * or browser cache could keep one person's scans and plan. Every /api answer is no-store unless the route
 * says it may be cached (only the public /api/config does).
 */

let t: TestApp;
let u: TestUser;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API answers', () => {
  it('every answer that carries user data is no-store, errors included', async () => {
    const scan = await call('createScan', {
      headers: u.headers,
      body: { message: 'Your parcel is waiting, pay the fee now' },
    });
    expect(scan.status).toBe(200);
    expect(scan.res.headers.get('cache-control')).toBe('no-store');
    if (!scan.ok) throw new Error(`scan refused: ${scan.error.code}`);

    const one = await call('getScan', { params: { id: scan.data.id }, headers: u.headers });
    expect(one.res.headers.get('cache-control'), 'getScan').toBe('no-store');
    const gets = [
      'listScans',
      'getScanStats',
      'getPlan',
      'getScanUsage',
      'getTrialStatus',
      'getAuthUser',
      'getSession',
      'exportAccount',
      'getSubscriptionStatus',
      'checkTrialConversion',
      'getConversionPreview',
    ] as const;
    for (const name of gets) {
      const res = await call(name, { headers: u.headers });
      expect(res.status, name).toBeLessThan(500);
      expect(res.res.headers.get('cache-control'), name).toBe('no-store');
    }
    // Signed out (401), unknown (404), and better-auth's own errors.
    expect((await call('listScans')).res.headers.get('cache-control')).toBe('no-store');
    // raw HTTP: an unknown path, which no route names
    expect((await t.request('/api/no-such-route')).headers.get('cache-control')).toBe('no-store');
    // raw HTTP: better-auth route, not in the route table
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: u.user.email, password: 'wrong-password-here' },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });

  it('the public /api/config keeps its own short public caching', async () => {
    const res = await call('getConfig');
    expect(res.res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
