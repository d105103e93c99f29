import { authUserSchema } from '@redflag/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sessions and the user helper', () => {
  it('GET /api/auth/user answers 401 UNAUTHORIZED when signed out', async () => {
    const res = await t.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
  });

  it('GET /api/auth/user answers the signed-in user with the session cookie from createVerifiedUser', async () => {
    const { user, headers } = await createVerifiedUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await t.request('/api/auth/user', { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
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
    expect(() => authUserSchema.parse(body)).not.toThrow();
    expect(typeof body.createdAt).toBe('string');
    expect(typeof body.updatedAt).toBe('string');
  });

  it('accepts a bearer token for API clients', async () => {
    const { user, bearerHeaders } = await createVerifiedUser(t);
    const res = await t.request('/api/auth/user', { headers: bearerHeaders });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(user.id);
  });

  it('X-User-ID and X-User-Email alone authenticate nobody: 401 for a real user', async () => {
    const { user } = await createVerifiedUser(t);
    const res = await t.request('/api/auth/user', { headers: { 'X-User-ID': user.id, 'X-User-Email': user.email } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it('a forged or unsigned cookie authenticates nobody', async () => {
    const { token } = await createVerifiedUser(t);
    const res = await t.request('/api/auth/user', { headers: { cookie: `better-auth.session_token=${token}.forged` } });
    expect(res.status).toBe(401);
  });

  it('an unverified user given a session directly is still recognised (emailVerified false)', async () => {
    const { user, headers } = await createVerifiedUser(t, { emailVerified: false });
    const res = await t.request('/api/auth/user', { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, emailVerified: false });
  });

  it('a session in use is renewed before it expires, and the refreshed cookie is sent back', async () => {
    const { user, headers } = await createVerifiedUser(t);
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await t.ctx.database.db
      .update(session)
      .set({ expiresAt: soon, updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, user.id));
    const res = await t.request('/api/auth/user', { headers });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.database.db.select().from(session).where(eq(session.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('an expired session authenticates nobody', async () => {
    const { user, headers } = await createVerifiedUser(t);
    await t.ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.id));
    expect((await t.request('/api/auth/user', { headers })).status).toBe(401);
  });
});
