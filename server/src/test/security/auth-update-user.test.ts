import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '@redflag/contracts/text';
import { user } from '../../db/schema/auth.ts';
import { apiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createVerifiedUser, type TestUser } from '../users.ts';

/**
 * Update-user stored whatever it was sent (`{"firstName":{"a":1}}` became "[object Object]",
 * 50,000-character names were kept; sign-up allows 80). It is now parsed with the contracts' schema.
 */

let t: TestApp;
let u: TestUser;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  u = await createVerifiedUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
});

type ErrorBody = {
  error: { code: string; message: string; details?: { fields?: Array<{ path: string; message: string }> } };
};

const update = (json: unknown) =>
  // raw HTTP: better-auth route, not in the route table (and bodies outside any contract)
  t.request('/api/auth/update-user', {
    method: 'POST',
    headers: { ...u.headers, origin: 'http://localhost:5000' },
    json,
  });

async function stored() {
  const [row] = await t.ctx.database.db
    .select({
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      image: user.image,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, u.user.id));
  return row;
}

const UNCHANGED = { firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', image: null, emailVerified: true };

describe('POST /api/auth/update-user validation', () => {
  it('answers a signed-out caller 401 before saying anything about its body, and stores nothing', async () => {
    // raw HTTP: better-auth route, not in the route table
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      headers: { origin: t.config.publicUrl },
      json: { firstName: { a: 1 } },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('UNAUTHORIZED');
    expect(await stored()).toEqual(UNCHANGED);
  });

  it.each([
    ['an object as a name', { firstName: { a: 1 } }, 'firstName'],
    ['a number as a name', { lastName: 42 }, 'lastName'],
    ['an array as the full name', { name: ['a', 'b'] }, 'name'],
    ['an 81-character first name', { firstName: 'x'.repeat(81) }, 'firstName'],
    ['a 50,000-character last name', { lastName: 'y'.repeat(50_000) }, 'lastName'],
  ])('refuses %s with 422 VALIDATION_ERROR naming the field, and stores nothing', async (_label, body, field) => {
    const res = await update(body);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.fields?.[0]?.path).toBe(field);
    expect(await stored()).toEqual(UNCHANGED);
  });

  it.each([
    ['image', { image: 'https://evil.example/tracker.png' }],
    ['emailVerified', { emailVerified: false }],
    ['a made-up field next to a valid one', { firstName: 'Grace', role: 'admin' }],
  ])('refuses an unknown or read-only field (%s) with 422 and stores nothing', async (_label, body) => {
    const res = await update(body);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.code).toBe('VALIDATION_ERROR');
    expect(await stored()).toEqual(UNCHANGED);
  });

  it.each([
    ['a NUL character', 'Ada\u0000'],
    ['a lone surrogate', 'Ada\uD800'],
  ])('refuses %s with the unstorable-text message', async (_label, firstName) => {
    const res = await update({ firstName });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: UNSTORABLE_TEXT_MESSAGE,
    });
    expect(await stored()).toEqual(UNCHANGED);
  });

  it('stores trimmed names, an empty one clears the field, and the full name follows', async () => {
    const res = await update({ firstName: '  Augusta  ', lastName: '' });
    expect(res.status).toBe(200);
    expect(await stored()).toEqual({ ...UNCHANGED, firstName: 'Augusta', lastName: null, name: 'Augusta' });
    const me = await call('getAuthUser', { headers: u.headers });
    expect(me.ok && me.data).toMatchObject({ firstName: 'Augusta', lastName: null, name: 'Augusta' });
  });

  it('accepts an 80-character name and names in any script', async () => {
    const res = await update({ firstName: 'é'.repeat(80), lastName: 'ラブレス 👩‍💻' });
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject({ firstName: 'é'.repeat(80), lastName: 'ラブレス 👩‍💻' });
  });
});
