import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

describe('sessions and the user helper', () => {
  it('GET /api/auth/user answers 401 UNAUTHORIZED when signed out', async () => {
    const res = await call('getAuthUser');
    expect(res.status).toBe(401);
    expect(!res.ok && res.error).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  });

  it('GET /api/auth/user answers the signed-in user with the session cookie from createVerifiedUser', async () => {
    const { user, headers } = await createVerifiedUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await call('getAuthUser', { headers });
    expect(res.status).toBe(200);
    // Parsed by the route's schema (authUserSchema): a missing or mistyped field fails the call.
    if (!res.ok) throw new Error(`user refused: ${res.error.code}`);
    const body = res.data;
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      subscriptionStatus: 'setup_required',
      paymentSetupComplete: false,
    });
    expect(typeof body.createdAt).toBe('string');
    expect(typeof body.updatedAt).toBe('string');
  });

  it('accepts a bearer token for API clients', async () => {
    const { user, bearerHeaders } = await createVerifiedUser(t);
    const res = await call('getAuthUser', { headers: bearerHeaders });
    expect(res.status).toBe(200);
    expect(res.ok && res.data.id).toBe(user.id);
  });

  it('X-User-ID and X-User-Email alone authenticate nobody: 401 for a real user', async () => {
    const { user } = await createVerifiedUser(t);
    const res = await call('getAuthUser', { headers: { 'X-User-ID': user.id, 'X-User-Email': user.email } });
    expect(res.status).toBe(401);
    expect(!res.ok && res.error.code).toBe('UNAUTHORIZED');
  });

  it('a forged or unsigned cookie authenticates nobody', async () => {
    const { token } = await createVerifiedUser(t);
    const res = await call('getAuthUser', { headers: { cookie: `better-auth.session_token=${token}.forged` } });
    expect(res.status).toBe(401);
  });

  it('an unverified user given a session directly is still recognised (emailVerified false)', async () => {
    const { user, headers } = await createVerifiedUser(t, { emailVerified: false });
    const res = await call('getAuthUser', { headers });
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toMatchObject({ id: user.id, emailVerified: false });
  });

  it('a session in use is renewed before it expires, and the refreshed cookie is sent back', async () => {
    const { user, headers } = await createVerifiedUser(t);
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await t.ctx.database.db
      .update(session)
      .set({ expiresAt: soon, updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, user.id));
    const res = await call('getAuthUser', { headers });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.database.db.select().from(session).where(eq(session.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const cookie = res.res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('an expired session authenticates nobody', async () => {
    const { user, headers } = await createVerifiedUser(t);
    await t.ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.id));
    expect(await call('getAuthUser', { headers })).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
  });
});
