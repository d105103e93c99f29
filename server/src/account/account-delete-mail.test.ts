import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from '../mail/mail.service.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';

/**
 * Cancel, then delete, in one flow (the delete dialog): the cancellation's confirmation was queued a moment
 * before the deletion, which used to erase it with every other mail to the address, so with SMTP it was
 * never sent (docs/decisions/093). Then it was kept and sent, and told a deleted account that it kept access
 * and could resume on its account page, seconds before "account deleted": now the one
 * mail about the deletion says the subscription was cancelled with it, and a cancellation notice not yet on
 * its way is dropped. Here a real SMTP server (smtp-server on a free port) receives what the app sends;
 * afterwards no row of the outbox may hold the address.
 */

let server: SMTPServer;
let port = 0;
let failing = false;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing) {
          callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const cancel = (t: TestApp, u: TestUser) => apiClient(t)('cancelSubscription', { headers: u.headers });
const deleteAccount = (t: TestApp, u: TestUser, confirmEmail: string) =>
  apiClient(t)('deleteAccount', { headers: u.headers, body: { confirmEmail } });

async function trialUser(t: TestApp): Promise<TestUser> {
  const u = await createVerifiedUser(t, { firstName: 'Ada' });
  const checkout = await apiClient(t)('createCheckoutSession', { headers: u.headers });
  if (!checkout.ok) throw new Error(`checkout refused: ${checkout.error.code}`);
  const { checkout_url } = checkout.data;
  const res = await t.request(new URL(checkout_url).pathname, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(res.status).toBe(303);
  return u;
}

/** Rows of the outbox holding the address anywhere (to, text, html...). */
async function rowsWith(t: TestApp, email: string) {
  const res = (await t.ctx.database.db.execute(
    sql`select x.kind, x.status from ${mailOutbox} x where strpos(lower(x::text), ${email}) > 0`,
  )) as unknown as {
    rows: Array<{ kind: string; status: string }>;
  };
  return res.rows;
}

const subjectsTo = (email: string) =>
  received.filter((m) => m.to.includes(email)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '');

describe('cancel, then delete the account, with SMTP', () => {
  it('one mail: the deletion, saying the trial was cancelled with it (no "resume" for a deleted account); then no row holds the address', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, TEST_CLOCK: 'true' });
    try {
      const u = await trialUser(t);
      const email = u.user.email.toLowerCase();
      await t.ctx.mailer.idle();
      await t.ctx.mailer.processDue();
      received.length = 0;

      expect((await cancel(t, u)).status).toBe(200);
      // Queued in the cancel's transaction; the worker has not had its round yet.
      expect(
        await t.ctx.database.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, 'cancellation')),
      ).toEqual([{ status: 'pending' }]);

      expect((await deleteAccount(t, u, email)).status).toBe(200);
      await t.ctx.mailer.idle();
      await t.ctx.mailer.processDue();

      expect(subjectsTo(email)).toEqual(['Your RedFlag account was deleted']);
      const deleted = received.find((m) => m.raw.includes('Subject: Your RedFlag account was deleted'));
      // The raw message is quoted-printable: long lines are cut with soft breaks ("=" at a line's end).
      const body = (deleted?.raw ?? '').replace(/=\r?\n/g, '');
      expect(body).toContain('Your free trial was cancelled with your account: you will not be charged.');
      expect(body).not.toMatch(/resume|keep access|account page/i);
      expect(await rowsWith(t, email)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a cancellation already being sent when the account is deleted is sent, then erased', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, TEST_CLOCK: 'true' });
    try {
      const u = await trialUser(t);
      const email = u.user.email.toLowerCase();
      await t.ctx.mailer.idle();
      await t.ctx.mailer.processDue();
      received.length = 0;

      expect((await cancel(t, u)).status).toBe(200);
      // A worker has claimed it: it is on the wire and cannot be called back.
      await t.ctx.database.db
        .update(mailOutbox)
        .set({ status: 'sending', lockedUntil: new Date(t.ctx.clock.now().getTime() - 1000) })
        .where(eq(mailOutbox.kind, 'cancellation'));
      expect((await deleteAccount(t, u, email)).status).toBe(200);
      await t.ctx.mailer.idle();
      await t.ctx.mailer.processDue();
      expect(subjectsTo(email).sort()).toEqual([
        'Your RedFlag account was deleted',
        'Your RedFlag trial is cancelled: you will not be charged',
      ]);
      expect(await rowsWith(t, email)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a kept mail that never goes through is retried, then erased when it fails for good', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, TEST_CLOCK: 'true' });
    try {
      const u = await trialUser(t);
      const email = u.user.email.toLowerCase();
      await t.ctx.mailer.idle();
      await t.ctx.mailer.processDue();
      received.length = 0;
      failing = true;

      expect((await cancel(t, u)).status).toBe(200);
      expect((await deleteAccount(t, u, email)).status).toBe(200);
      await t.ctx.mailer.idle();
      // Still on its way: retried after its back-off like any other mail.
      expect((await rowsWith(t, email)).map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
        'account_deleted:pending',
      ]);
      for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
        t.ctx.clock.advance(retryDelayMs(i) + 1000);
        await t.ctx.mailer.processDue();
      }
      expect(received).toEqual([]);
      expect(await rowsWith(t, email)).toEqual([]);
    } finally {
      failing = false;
      await t.close();
    }
  });
});

describe('cancel, then delete the account, with the dev outbox', () => {
  it('/dev/mailbox shows the one deletion mail, which says the trial was cancelled, and no cancellation telling them to resume', async () => {
    const t = await createTestApp({ TEST_CLOCK: 'true' });
    try {
      const u = await trialUser(t);
      const email = u.user.email.toLowerCase();
      expect((await cancel(t, u)).status).toBe(200);
      expect((await deleteAccount(t, u, email)).status).toBe(200);
      await t.ctx.mailer.idle();

      const shown = (
        (await (await t.request('/dev/mailbox.json')).json()) as Array<{ to: string; subject: string; text: string }>
      ).filter((m) => m.to === email);
      expect(shown.map((m) => m.subject)).toEqual(['Your RedFlag account was deleted']);
      expect(shown[0]?.text).toContain('Your free trial was cancelled with your account: you will not be charged.');
      for (const m of shown) expect(m.text).not.toMatch(/resume|keep access/i);
    } finally {
      await t.close();
    }
  });
});
