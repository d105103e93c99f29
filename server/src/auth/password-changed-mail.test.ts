import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { mailbox, post } from '../test/auth-helpers.ts';

/**
 * A changed password is told to the account's owner by e-mail (through the app's mailer:
 * the dev outbox here), so that someone who did not change it hears of it and knows what to do.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'harbour-signal-copper-9';

async function passwordMailsTo(email: string) {
  return (await mailbox(t)).filter((m) => m.to === email.toLowerCase() && m.kind === 'password_changed');
}

describe('the "your password was changed" mail', () => {
  it('goes to the owner after a change, saying what to do if it was not them, with no password in it', async () => {
    const u = await createVerifiedUser(t, { firstName: 'Noor' });
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: NEW_PASSWORD },
      u.headers,
    );
    expect(res.status).toBe(200);
    await t.ctx.mailer.idle();

    const mails = await passwordMailsTo(u.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your RedFlag password was changed');
    expect(mail?.text).toContain('Hi Noor,');
    expect(mail?.text).toContain('was changed');
    expect(mail?.text).toMatch(/If you did not change it/);
    expect(mail?.text).toContain(t.config.mail.supportEmail);
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).not.toContain(NEW_PASSWORD);
      expect(body).not.toContain(u.password);
    }
    // A way back in that does not need the password: the sign-in page's e-mailed link.
    expect(mail?.links.some((l) => l.startsWith(t.config.publicUrl))).toBe(true);
  });

  it('is not sent when the change is refused (wrong current password, weak new one)', async () => {
    const u = await createVerifiedUser(t);
    expect(
      (
        await post(
          t,
          '/api/auth/change-password',
          { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD },
          u.headers,
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await post(
          t,
          '/api/auth/change-password',
          { currentPassword: u.password, newPassword: 'password123' },
          u.headers,
        )
      ).status,
    ).toBe(422);
    await t.ctx.mailer.idle();
    expect(await passwordMailsTo(u.user.email)).toEqual([]);
  });
});
