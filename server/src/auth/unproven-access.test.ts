import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startInboundSmtp, type InboundSmtp } from '../inbound/smtp.ts';
import { smtpSession } from '../inbound/fixtures.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { freshIp, latestMailTo, openLink, post, sessionCookie } from '../test/auth-helpers.ts';

/**
 * Proving the mailbox revokes every way in made before it (decisions 107 and 132): besides
 * the password and the sessions, an API key and a forwarding address made while the address was unproven
 * (REQUIRE_EMAIL_VERIFICATION=false lets a sign-up use the account at once; an unverified account may hold
 * a session) stop working when the owner of the mailbox opens the verification link or a magic link.
 */

const DOMAIN = 'redflag.test';
const ATTACKER_PASSWORD = 'attacker-picked-this-1';
const CALLBACK = '/dashboard?verified=true';

const MODES: Array<{ mode: string; env: Record<string, string> }> = [
  { mode: 'REQUIRE_EMAIL_VERIFICATION=false', env: { REQUIRE_EMAIL_VERIFICATION: 'false' } },
  { mode: 'REQUIRE_EMAIL_VERIFICATION=true (the default)', env: {} },
];

describe.each(MODES)('keys and forwarding addresses made before the address was proven, $mode', ({ env }) => {
  let t: TestApp;
  let smtp: InboundSmtp;
  let call: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY_HEADER: 'x-forwarded-for',
      INBOUND_SMTP_PORT: '2525',
      INBOUND_MAIL_DOMAIN: DOMAIN,
      ...env,
    });
    smtp = await startInboundSmtp(t.ctx, { port: 0 });
    call = apiClient(t);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  /**
   * Someone holding a session of an account whose address is not proven yet: with verification off, the
   * attacker's own sign-up with the victim's address; with it on, an unverified account that holds a session.
   */
  async function unprovenSession(email: string): Promise<{ cookie: string; headers: Record<string, string> }> {
    if (env.REQUIRE_EMAIL_VERIFICATION === 'false') {
      const signUp = await post(
        t,
        '/api/auth/sign-up/email',
        { email, password: ATTACKER_PASSWORD, callbackURL: CALLBACK },
        freshIp(),
      );
      expect(signUp.status).toBe(200);
      const cookie = sessionCookie(signUp);
      expect(cookie).not.toBeNull();
      return { cookie: cookie!, headers: { cookie: cookie! } };
    }
    const u = await createVerifiedUser(t, { email, emailVerified: false, password: ATTACKER_PASSWORD });
    return { cookie: u.cookie, headers: u.headers };
  }

  /** RCPT TO the forwarding address: 250 while it names the account, 550 once it names no one. */
  async function rcpt(address: string, from: string): Promise<number> {
    const s = await smtpSession(smtp.port);
    try {
      await s.say('EHLO client.example');
      await s.say(`MAIL FROM:<${from}>`);
      return (await s.say(`RCPT TO:<${address}>`)).code;
    } finally {
      s.end();
    }
  }

  /** The account page's forwarding address, shown whole when it is made. */
  async function forwardingAddress(headers: Record<string, string>): Promise<string> {
    const shown = okData(await call('getForwardingAddress', { headers }));
    if (!shown.address) throw new Error('no forwarding address shown');
    return shown.address;
  }

  /** A key that authenticates answers 404 for a scan that does not exist; a dead key answers 401. */
  const keyStatus = async (key: string) =>
    (await v1Client(t, { key })('getScan', { params: { id: randomUUID() } })).status;

  async function plantKeyAndAddress(email: string) {
    const attacker = await unprovenSession(email);
    const key = okData(await call('createApiKey', { body: { name: 'Planted' }, headers: attacker.headers }), 201).key;
    const address = await forwardingAddress(attacker.headers);
    expect(await keyStatus(key)).toBe(404);
    expect(await rcpt(address, email)).toBe(250);
    return { attacker, key, address };
  }

  it('the verification link revokes the API key and the forwarding address made before it', async () => {
    const email = `owner-${randomUUID().slice(0, 6)}@example.com`;
    const { key, address } = await plantKeyAndAddress(email);
    if (env.REQUIRE_EMAIL_VERIFICATION !== 'false') {
      // The default mode sends no link on its own for this account: the owner asks for one.
      expect(
        (await post(t, '/api/auth/send-verification-email', { email, callbackURL: CALLBACK }, freshIp())).status,
      ).toBe(200);
    }
    const link = (await latestMailTo(t, email))!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const opened = await openLink(t, link);
    expect(opened.status).toBe(302);
    const owner = sessionCookie(opened)!;

    expect(await keyStatus(key)).toBe(401);
    expect(await rcpt(address, email)).toBe(550);
    // The owner's account page: the planted key is listed as revoked, and a new forwarding address is made.
    const keys = okData(await call('listApiKeys', { headers: { cookie: owner } }));
    expect(keys.map((k) => ({ name: k.name, revoked: k.revokedAt !== null }))).toEqual([
      { name: 'Planted', revoked: true },
    ]);
    const fresh = await forwardingAddress({ cookie: owner });
    expect(fresh).not.toBe(address);
    expect(await rcpt(fresh, email)).toBe(250);
  });

  it('a magic link to the address revokes them too', async () => {
    const email = `owner-${randomUUID().slice(0, 6)}@example.com`;
    const { key, address } = await plantKeyAndAddress(email);
    const sent = await post(
      t,
      '/api/auth/sign-in/magic-link',
      { email, callbackURL: '/dashboard?recovered=true' },
      freshIp(),
    );
    expect(sent.status).toBe(200);
    const mail = await latestMailTo(t, email);
    expect(mail?.kind).toBe('magic_link');
    const opened = await openLink(
      t,
      mail!.links.find((l) => l.includes('/api/auth/magic-link/verify'))!,
    );
    expect(opened.status).toBe(302);
    expect(sessionCookie(opened)).not.toBeNull();

    expect(await keyStatus(key)).toBe(401);
    expect(await rcpt(address, email)).toBe(550);
  });

  it('a key made after the address was proven keeps working when the link is opened again', async () => {
    const email = `owner-${randomUUID().slice(0, 6)}@example.com`;
    await unprovenSession(email);
    if (env.REQUIRE_EMAIL_VERIFICATION !== 'false')
      await post(t, '/api/auth/send-verification-email', { email, callbackURL: CALLBACK }, freshIp());
    const link = (await latestMailTo(t, email))!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const owner = sessionCookie(await openLink(t, link))!;
    const key = okData(await call('createApiKey', { body: { name: 'Mine' }, headers: { cookie: owner } }), 201).key;
    const address = await forwardingAddress({ cookie: owner });

    expect((await openLink(t, link)).status).toBe(302);
    expect(await keyStatus(key)).toBe(404);
    expect(await rcpt(address, email)).toBe(250);
  });
});
