import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TOKEN_PARAM } from '@redflag/contracts/routes';
import { account, user } from '../db/schema/auth.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { errorOf, freshIp, latestMailTo, openLink, post, readJson, sessionCookie } from '../test/auth-helpers.ts';

/**
 * The change-email takeover (decision 132): an attacker's own verified account asks to
 * change its address to the victim's; the victim opens "Verify your new RedFlag e-mail address". An address
 * becomes an account's only when the same person proves both: the mailbox (the link) and the account (its
 * password, or a code sent to the account's current address). The link alone changes nothing.
 */

const VICTIM_PASSWORD = 'victim-lighthouse-garnet-4';
const CALLBACK = '/account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string) => post(t, '/api/auth/sign-in/email', { email, password }, freshIp());
const whoIs = async (cookie: string) => {
  const res = await apiClient(t)('getAuthUser', { headers: { cookie } });
  return res.ok ? { id: res.data.id, email: res.data.email } : null;
};
const storedEmail = async (id: string) =>
  (await t.ctx.database.db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email;
/** The app's error code, and better-auth's own code the answer keeps in its details. */
const codesOf = async (res: Response) => {
  const error = await errorOf(res);
  return { code: error.code, authCode: (error.details as { authCode?: string } | undefined)?.authCode };
};
const finish = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(t, '/api/auth/change-email/finish', body, { ...freshIp(), ...headers });

/**
 * The account asks to move to `newEmail` and confirms from its current address (step 1, as before); the
 * link then mailed to `newEmail` is returned, opened by whoever reads that mailbox (no cookie).
 */
async function requestChange(owner: TestUser, newEmail: string) {
  const asked = await post(t, '/api/auth/change-email', { newEmail, callbackURL: CALLBACK }, owner.headers);
  expect(asked.status).toBe(200);
  const confirm = await latestMailTo(t, owner.user.email);
  expect(confirm?.kind).toBe('change_email_confirm');
  const step1 = await openLink(
    t,
    confirm!.links.find((l) => l.includes('/api/auth/verify-email'))!,
    owner.headers,
  );
  expect(step1.status).toBe(302);
  const verify = await latestMailTo(t, newEmail);
  expect(verify?.kind).toBe('change_email_verify');
  return verify!;
}

/** Opens the new address's link: it lands on the page that asks for the proof, with the token. */
async function openNewAddressLink(link: string, headers: Record<string, string> = {}) {
  const opened = await openLink(t, link, headers);
  expect(opened.status).toBe(302);
  const landing = new URL(opened.headers.get('location')!, 'http://localhost:5000');
  expect(landing.pathname).toBe(CALLBACK);
  const token = landing.searchParams.get(EMAIL_CHANGE_TOKEN_PARAM);
  expect(token).toBeTruthy();
  return { opened, token: token! };
}

describe('the change-email takeover, end to end', () => {
  it('the victim opening the link binds nothing: the attacker cannot sign in with the victim’s address, and the victim gets their own account', async () => {
    const attacker = await createVerifiedUser(t, { firstName: 'Mallory' });
    const victimEmail = 'victim-change@example.com';
    const mail = await requestChange(attacker, victimEmail);
    // The mail tells the mailbox's owner what the link does and that ignoring it is safe.
    expect(mail.text).toContain('password');
    expect(mail.text).toContain('ignore');

    const { opened, token } = await openNewAddressLink(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
    // Opening the link signs no one in and changes nothing.
    expect(sessionCookie(opened)).toBeNull();
    expect(await storedEmail(attacker.user.id)).toBe(attacker.user.email);

    // The victim does not know the attacker's password: a guess changes nothing.
    const guessed = await finish({ token, password: 'a-guess-of-the-victim-1' });
    expect(guessed.status).toBe(403);
    expect(await codesOf(guessed)).toEqual({ code: 'FORBIDDEN', authCode: 'invalid_password' });
    expect(await storedEmail(attacker.user.id)).toBe(attacker.user.email);

    // The attacker's password does not sign in with the victim's address.
    const refused = await signIn(victimEmail, attacker.password);
    expect(refused.status).toBe(401);
    // The attacker's old session still reaches only the attacker's own account.
    expect(await whoIs(attacker.cookie)).toEqual({ id: attacker.user.id, email: attacker.user.email });

    // The victim signs up with their address (no 409) and, once verified, signs in to their own account.
    const signUp = await post(
      t,
      '/api/auth/sign-up/email',
      { email: victimEmail, password: VICTIM_PASSWORD, callbackURL: '/dashboard?verified=true' },
      freshIp(),
    );
    expect(signUp.status).toBe(200);
    const verification = await latestMailTo(t, victimEmail);
    expect(verification?.kind).toBe('verification');
    const verified = await openLink(
      t,
      verification!.links.find((l) => l.includes('/api/auth/verify-email'))!,
    );
    const victim = await whoIs(sessionCookie(verified)!);
    expect(victim?.email).toBe(victimEmail);
    expect(victim?.id).not.toBe(attacker.user.id);

    // A magic link to the victim's address also lands in the victim's account, never the attacker's.
    await post(t, '/api/auth/sign-in/magic-link', { email: victimEmail, callbackURL: '/dashboard' }, freshIp());
    const magic = await latestMailTo(t, victimEmail);
    const viaMagic = await openLink(
      t,
      magic!.links.find((l) => l.includes('/api/auth/magic-link/verify'))!,
    );
    expect((await whoIs(sessionCookie(viaMagic)!))?.id).toBe(victim?.id);

    // The attacker, even with the token, can no longer take the address: it is the victim's account's now.
    const late = await finish({ token, password: attacker.password });
    expect(late.status).toBe(409);
    expect(await codesOf(late)).toEqual({ code: 'CONFLICT', authCode: 'EMAIL_TAKEN' });
    expect(await storedEmail(attacker.user.id)).toBe(attacker.user.email);
  });

  it('an unverified attacker account that moves to the victim’s address at once is the victim’s once they open the link (decision 107)', async () => {
    const attacker = await createVerifiedUser(t, { emailVerified: false });
    const victimEmail = 'victim-unverified-move@example.com';
    const moved = await post(t, '/api/auth/change-email', { newEmail: victimEmail }, attacker.headers);
    expect(moved.status).toBe(200);
    const mail = await latestMailTo(t, victimEmail);
    expect(mail?.kind).toBe('verification');
    const opened = await openLink(
      t,
      mail!.links.find((l) => l.includes('/api/auth/verify-email'))!,
    );
    expect(opened.status).toBe(302);
    expect((await signIn(victimEmail, attacker.password)).status).toBe(401);
    expect(await whoIs(attacker.cookie)).toBeNull();
  });
});

describe('the honest change of address', () => {
  it('the link from the new address and the account’s password: the address changes, and this browser is signed in', async () => {
    const owner = await createVerifiedUser(t, { firstName: 'Katherine' });
    const newEmail = 'katherine.new@example.com';
    const mail = await requestChange(owner, newEmail);
    const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const { token } = await openNewAddressLink(link);

    // raw HTTP: better-auth's own route (the change's last step), no row of the route tables
    const pending = await t.request(`/api/auth/change-email/pending?token=${encodeURIComponent(token)}`);
    expect(pending.status).toBe(200);
    expect(await readJson(pending)).toEqual({ newEmail, hasPassword: true });

    const done = await finish({ token, password: owner.password });
    expect(done.status).toBe(200);
    expect(await readJson(done)).toEqual({ status: true, email: newEmail });
    expect(await storedEmail(owner.user.id)).toBe(newEmail);
    expect((await whoIs(sessionCookie(done)!))?.id).toBe(owner.user.id);
    expect((await signIn(newEmail, owner.password)).status).toBe(200);
    expect((await signIn(owner.user.email, owner.password)).status).toBe(401);
    // The owner's other sessions and sign-ins are the owner's: they stay.
    expect((await whoIs(owner.cookie))?.email).toBe(newEmail);

    // The link and its token are spent.
    expect((await finish({ token, password: owner.password })).status).toBe(400);
    const reopened = await openLink(t, link);
    expect(reopened.status).toBe(302);
    expect(await storedEmail(owner.user.id)).toBe(newEmail);
  });

  it('signed in on the same browser, the link still asks for the proof before anything changes', async () => {
    const owner = await createVerifiedUser(t);
    const newEmail = 'same-browser@example.com';
    const mail = await requestChange(owner, newEmail);
    await openNewAddressLink(
      mail.links.find((l) => l.includes('/api/auth/verify-email'))!,
      owner.headers,
    );
    expect(await storedEmail(owner.user.id)).toBe(owner.user.email);
  });

  it('an account without a password proves itself with a code sent to its current address', async () => {
    const owner = await createVerifiedUser(t, { firstName: 'Grace' });
    await t.ctx.database.db.delete(account).where(eq(account.userId, owner.user.id));
    const newEmail = 'grace.new@example.com';
    const mail = await requestChange(owner, newEmail);
    const { token } = await openNewAddressLink(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
    // raw HTTP: better-auth's own route (the change's last step), no row of the route tables
    const pending = await t.request(`/api/auth/change-email/pending?token=${encodeURIComponent(token)}`);
    expect(await readJson(pending)).toEqual({ newEmail, hasPassword: false });

    const sent = await post(t, '/api/auth/change-email/send-code', { token }, freshIp());
    expect(sent.status).toBe(200);
    const codeMail = await latestMailTo(t, owner.user.email);
    expect(codeMail?.kind).toBe('change_email_code');
    expect(codeMail?.text).toContain(newEmail);
    const code = /\b(\d{6})\b/.exec(codeMail!.text)?.[1];
    expect(code).toBeTruthy();
    // Nothing of the code goes to the new address.
    expect((await latestMailTo(t, newEmail))?.kind).toBe('change_email_verify');

    const wrong = await finish({ token, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await codesOf(wrong)).toEqual({ code: 'BAD_REQUEST', authCode: 'invalid_code' });
    expect(await storedEmail(owner.user.id)).toBe(owner.user.email);

    const done = await finish({ token, code });
    expect(done.status).toBe(200);
    expect(await storedEmail(owner.user.id)).toBe(newEmail);
    // The code is spent with the change.
    expect((await finish({ token, code })).status).toBe(400);
  });

  it('a token that is not one of ours, or of another step, is refused', async () => {
    const res = await finish({ token: 'not-a-token', password: 'whatever-it-is-1' });
    expect(res.status).toBe(400);
    expect(await codesOf(res)).toEqual({ code: 'BAD_REQUEST', authCode: 'INVALID_TOKEN' });
  });
});
