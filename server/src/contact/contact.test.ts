import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessage } from '../db/schema/contact.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { errorOf, mailbox, post, readJson } from '../test/auth-helpers.ts';
import { CONTACT_RATE_RULE } from './contact.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for', SUPPORT_EMAIL: 'help@redflag.test' });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const ip = () => ({ 'x-forwarded-for': `172.16.0.${++n}` });

describe('POST /api/contact', () => {
  it('stores the message and mails it to SUPPORT_EMAIL with the sender as reply-to', async () => {
    const res = await post(
      t,
      '/api/contact',
      { name: 'Sam Seller', email: 'sam@example.com', message: 'A buyer sent me a <b>weird</b> link.' },
      ip(),
    );
    expect(res.status).toBe(200);
    const body = await readJson<{ ok: boolean; id: string }>(res);
    expect(body.ok).toBe(true);
    const [row] = await t.ctx.database.db.select().from(contactMessage).where(eq(contactMessage.id, body.id));
    expect(row).toMatchObject({
      name: 'Sam Seller',
      email: 'sam@example.com',
      message: 'A buyer sent me a <b>weird</b> link.',
      userId: null,
    });
    const mail = (await mailbox(t)).find((m) => m.kind === 'contact');
    expect(mail?.to).toBe('help@redflag.test');
    expect(mail?.subject).toBe('Contact form: Sam Seller');
    expect(mail?.text).toContain('A buyer sent me a <b>weird</b> link.');
    // HTML is escaped: the sender cannot inject markup into support's mail.
    expect(mail?.html).toContain('&lt;b&gt;weird&lt;/b&gt;');
  });

  it('records the signed-in sender', async () => {
    const { user, headers } = await createVerifiedUser(t);
    const res = await post(
      t,
      '/api/contact',
      { name: 'Member', email: user.email, message: 'Hello' },
      { ...headers, ...ip() },
    );
    const { id } = await readJson<{ id: string }>(res);
    const [row] = await t.ctx.database.db.select().from(contactMessage).where(eq(contactMessage.id, id));
    expect(row?.userId).toBe(user.id);
  });

  it.each([
    [{ email: 'a@example.com', message: 'hi' }],
    [{ name: 'A', message: 'hi' }],
    [{ name: 'A', email: 'a@example.com' }],
    [{ name: '   ', email: 'a@example.com', message: 'hi' }],
    [{}],
  ])('answers 422 MISSING_INFORMATION "Please fill in all fields." for %j', async (json) => {
    const res = await post(t, '/api/contact', json, ip());
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('MISSING_INFORMATION');
    expect(error.message).toBe('Please fill in all fields.');
    expect(error.details).toMatchObject({ title: 'Missing Information' });
  });

  it('answers 422 VALIDATION_ERROR for a malformed e-mail', async () => {
    const res = await post(t, '/api/contact', { name: 'A', email: 'not-mail', message: 'hi' }, ip());
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 for a body that is not JSON', async () => {
    // raw HTTP: a malformed JSON body
    const res = await t.request('/api/contact', {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json', ...ip() },
    });
    expect(res.status).toBe(400);
  });

  it('is rate-limited per client address', async () => {
    const same = { 'x-forwarded-for': '172.31.255.1' };
    for (let i = 0; i < CONTACT_RATE_RULE.limit; i++) {
      expect(
        (await post(t, '/api/contact', { name: 'R', email: 'r@example.com', message: `m${i}` }, same)).status,
      ).toBe(200);
    }
    const res = await post(t, '/api/contact', { name: 'R', email: 'r@example.com', message: 'one more' }, same);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_RULE.windowSeconds);
  });
});
