import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '../../db/schema/auth.ts';
import { localCheckoutSession } from '../../db/schema/billing.ts';
import { scans } from '../../db/schema/scans.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createPremiumUser, createVerifiedUser } from '../users.ts';
import { serveOnLoopback, type Served } from './http.ts';

/**
 * App routes had no server-side CSRF check. A `text/plain` POST with
 * `Origin: https://evil.example` (what a form on another site sends, no preflight) scanned, started a
 * checkout and deleted the account; only SameSite=Lax stood in the way. Every state-changing route now
 * refuses a foreign Origin (or Referer) with 403 and a body that is not JSON with 415; requests without
 * either header (curl, server-to-server, bearer tokens) are unaffected. Sent as raw HTTP to the real app.
 */

const EVIL = 'https://evil.example';
const OURS = 'http://localhost:5000';

let t: TestApp;
let s: Served;
beforeAll(async () => {
  t = await createTestApp();
  s = await serveOnLoopback(t);
});
afterAll(async () => {
  await s.close();
  await t.close();
});

const scanCount = async (userId: string) =>
  (await t.ctx.database.db.select().from(scans).where(eq(scans.userId, userId))).length;
const checkoutCount = async (userId: string) =>
  (await t.ctx.database.db.select().from(localCheckoutSession).where(eq(localCheckoutSession.userId, userId))).length;
const userExists = async (userId: string) =>
  (await t.ctx.database.db.select().from(userTable).where(eq(userTable.id, userId))).length === 1;

function errorCode(body: string): string | undefined {
  return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
}

const MESSAGE = JSON.stringify({ message: 'Your parcel is waiting, pay the fee at http://parcel-fee.example' });

describe('a cross-site form post (text/plain, foreign Origin) changes nothing', () => {
  it('POST /api/scans answers 403 FORBIDDEN and stores no scan', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw(
      'POST',
      '/api/scans',
      { cookie: u.cookie, origin: EVIL, 'content-type': 'text/plain' },
      MESSAGE,
    );
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('FORBIDDEN');
    expect(await scanCount(u.user.id)).toBe(0);
  });

  it('POST /api/create-checkout-session answers 403 and starts no checkout', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw(
      'POST',
      '/api/create-checkout-session',
      { cookie: u.cookie, origin: EVIL, 'content-type': 'text/plain' },
      '',
    );
    expect(res.status).toBe(403);
    expect(await checkoutCount(u.user.id)).toBe(0);
  });

  it('POST /api/account/delete answers 403 and the account stays', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw(
      'POST',
      '/api/account/delete',
      { cookie: u.cookie, origin: EVIL, 'content-type': 'text/plain' },
      JSON.stringify({ confirmEmail: u.user.email }),
    );
    expect(res.status).toBe(403);
    expect(await userExists(u.user.id)).toBe(true);
  });

  it('a foreign Origin is refused even with a JSON body, and on better-auth routes too', async () => {
    const u = await createVerifiedUser(t);
    const json = { cookie: u.cookie, origin: EVIL, 'content-type': 'application/json' };
    expect(
      (await s.raw('POST', '/api/account/delete', json, JSON.stringify({ confirmEmail: u.user.email }))).status,
    ).toBe(403);
    expect((await s.raw('POST', '/api/auth/update-user', json, JSON.stringify({ firstName: 'Mallory' }))).status).toBe(
      403,
    );
    expect((await s.raw('POST', '/api/auth/sign-out', json, '{}')).status).toBe(403);
    expect(await userExists(u.user.id)).toBe(true);
    const [row] = await t.ctx.database.db.select().from(userTable).where(eq(userTable.id, u.user.id));
    expect(row?.firstName).toBe('Test');
  });

  it('with no Origin, a foreign Referer is refused the same way', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw(
      'POST',
      '/api/scans',
      { cookie: u.cookie, referer: `${EVIL}/cute-cats`, 'content-type': 'application/json' },
      MESSAGE,
    );
    expect(res.status).toBe(403);
    expect(await scanCount(u.user.id)).toBe(0);
  });

  it('Origin: null (a sandboxed frame, a data: page) is refused', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw(
      'POST',
      '/api/scans',
      { cookie: u.cookie, origin: 'null', 'content-type': 'application/json' },
      MESSAGE,
    );
    expect(res.status).toBe(403);
  });

  it('the local test-provider pages refuse a foreign form post too', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw(
      'POST',
      '/billing/test-checkout/lcs_any/cancel',
      { cookie: u.cookie, origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      '',
    );
    expect(res.status).toBe(403);
  });
});

describe('the body of a state-changing API call must be JSON', () => {
  it('a text/plain body without Origin answers 415 UNSUPPORTED_MEDIA_TYPE in the error shape, nothing stored', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw('POST', '/api/scans', { cookie: u.cookie, 'content-type': 'text/plain' }, MESSAGE);
    expect(res.status).toBe(415);
    const body = JSON.parse(res.body) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.error.message).toMatch(/JSON/);
    expect(await scanCount(u.user.id)).toBe(0);
  });

  it('a form-encoded or multipart body answers 415', async () => {
    const u = await createVerifiedUser(t);
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await s.raw(
        'POST',
        '/api/account/delete',
        { cookie: u.cookie, 'content-type': type },
        `confirmEmail=${encodeURIComponent(u.user.email)}`,
      );
      expect(res.status, type).toBe(415);
    }
    expect(await userExists(u.user.id)).toBe(true);
  });

  it('a body with no Content-Type at all answers 415 (a Blob body sends none and needs no preflight)', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw('POST', '/api/scans', { cookie: u.cookie }, MESSAGE);
    expect(res.status).toBe(415);
    expect(await scanCount(u.user.id)).toBe(0);
  });

  it('better-auth routes need JSON too', async () => {
    const res = await s.raw(
      'POST',
      '/api/auth/sign-in/email',
      { 'content-type': 'text/plain' },
      JSON.stringify({ email: 'a@example.com', password: 'x' }),
    );
    expect(res.status).toBe(415);
  });
});

describe('what stays allowed', () => {
  it('no Origin and no Referer (curl, a server, a bearer-token client) with a JSON body', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw(
      'POST',
      '/api/scans',
      { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      MESSAGE,
    );
    expect(res.status).toBe(200);
    expect(await scanCount(u.user.id)).toBe(1);
  });

  it('our own origin with JSON (charset parameter and any case accepted)', async () => {
    const u = await createPremiumUser(t);
    const res = await s.raw(
      'POST',
      '/api/scans',
      { cookie: u.cookie, origin: OURS, 'content-type': 'Application/JSON; charset=utf-8' },
      MESSAGE,
    );
    expect(res.status).toBe(200);
  });

  it('a POST with no body and no Content-Type (the client starting a checkout)', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw('POST', '/api/create-checkout-session', { cookie: u.cookie, origin: OURS });
    expect(res.status).toBe(200);
    expect(await checkoutCount(u.user.id)).toBe(1);
  });

  it('our own form posts to the test-provider pages (form-encoded, same origin)', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw(
      'POST',
      '/billing/test-checkout/lcs_none/cancel',
      { cookie: u.cookie, origin: OURS, 'content-type': 'application/x-www-form-urlencoded' },
      '',
    );
    expect(res.status).toBe(303);
  });

  it('GET is never checked (links from other sites keep working)', async () => {
    const u = await createVerifiedUser(t);
    const res = await s.raw('GET', '/api/scans', { cookie: u.cookie, origin: EVIL, referer: `${EVIL}/` });
    expect(res.status).toBe(200);
  });

  it('the Stripe webhook is exempt from both checks (it is signed)', async () => {
    const stripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test_secret' });
    try {
      // raw HTTP: a webhook with its raw body and content type, not a route of the web app's table
      const res = await stripe.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { origin: EVIL, 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=bad' },
        body: '{}',
      });
      // Reaches the signature check (400), not the origin or content-type check.
      expect(res.status).toBe(400);
    } finally {
      await stripe.close();
    }
  });
});
