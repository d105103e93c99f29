import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_QUESTIONS } from '@redflag/contracts/scan-context';
import { billingAccount } from '../db/schema/billing.ts';
import { inboundAddress } from '../db/schema/inbound.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { scans } from '../db/schema/scans.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser, createVerifiedUser, type TestUser } from '../test/users.ts';
import {
  APPLE_TEXT,
  ATTACHED_ORIGINAL,
  GMAIL_HTML,
  GMAIL_TEXT,
  OUTLOOK_TEXT,
  forwardingAddressOf,
  rawMail,
  rawMailWithAttachedMessage,
  smtpSession,
} from './fixtures.ts';
import { INBOUND_RATE } from './inbound.service.ts';
import { startInboundSmtp, type InboundSmtp } from './smtp.ts';

/**
 * Forwarded mail end to end: a real SMTP conversation (nodemailer's client) with the listener on 127.0.0.1,
 * the scan it stores and the answer in the outbox.
 */

const DOMAIN = 'redflag.test';
const MAX_BYTES = 16 * 1024;
let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
let smtp: InboundSmtp;
let logs = '';

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await createTestApp(
    { INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAX_BYTES: String(MAX_BYTES), LOG_LEVEL: 'info' },
    { logDestination },
  );
  smtp = await startInboundSmtp(t.ctx, { port: 0 });
  call = apiClient(t);
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

const addressOf = (u: TestUser): Promise<string> => forwardingAddressOf(call, u);

/** Sends `raw` to `to` with `from` as the envelope sender (MAIL FROM). */
function send(to: string, raw: string, from: string) {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  return client.sendMail({ envelope: { from, to }, raw });
}

const STRANGER = 'forwarder@example.com';

const scansOf = (u: TestUser) => t.ctx.database.db.select().from(scans).where(eq(scans.userId, u.user.id));
const mailsTo = (u: TestUser, kind: string) =>
  t.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, kind)));

describe('the forwarding address', () => {
  it('is check+<token>@ the mail domain, shown whole once, then only by its start; renewing refuses the old one', async () => {
    const u = await createPremiumUser(t);
    const first = await addressOf(u);
    expect(first).toMatch(new RegExp(`^check\\+[a-z2-7]{24}@${DOMAIN.replace('.', '\\.')}$`));
    // Like an API key: later reads name it by its first characters only, and it keeps working.
    const again = await call('getForwardingAddress', { headers: u.headers });
    expect(again.ok && again.data).toEqual({
      enabled: true,
      address: null,
      hint: `${first.slice(0, 'check+'.length + 4)}…@${DOMAIN}`,
    });
    await send(
      first,
      rawMail({ from: u.user.email, to: first, subject: 'Fwd: test', text: OUTLOOK_TEXT }),
      u.user.email,
    );
    expect(await scansOf(u)).toHaveLength(1);

    const renewed = await call('renewForwardingAddress', {
      headers: { ...u.headers, origin: t.config.publicUrl },
      body: {},
    });
    expect(renewed.status).toBe(200);
    const next = (renewed.ok && renewed.data.address) || '';
    expect(next).toMatch(/^check\+/);
    expect(next).not.toBe(first);

    await expect(
      send(first, rawMail({ from: u.user.email, to: first, subject: 'Fwd: test', text: OUTLOOK_TEXT }), u.user.email),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await scansOf(u)).toHaveLength(1);
  });

  it('is stored only as a hash: the database row does not hold the token', async () => {
    const u = await createPremiumUser(t);
    const address = await addressOf(u);
    const token = address.slice('check+'.length, address.indexOf('@'));
    const rows = await t.ctx.database.db.select().from(inboundAddress).where(eq(inboundAddress.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 401 signed out, and { enabled: false } when the server takes no mail', async () => {
    expect(await call('getForwardingAddress')).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    const off = await createTestApp();
    try {
      const u = await createVerifiedUser(off);
      const res = await apiClient(off)('getForwardingAddress', { headers: u.headers });
      expect(res.ok && res.data).toEqual({ enabled: false, address: null, hint: null });
    } finally {
      await off.close();
    }
  });
});

describe('a forwarded mail over SMTP', () => {
  it('Gmail (text, HTML and a PDF): the original message is scanned as source email and the verdict mailed to the account', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    const info = await send(
      to,
      rawMail({
        from: 'Me <me@example.com>',
        to,
        subject: 'Fwd: Your account has been limited',
        text: GMAIL_TEXT,
        html: GMAIL_HTML,
        attachment: true,
      }),
      u.user.email,
    );
    expect(info.accepted).toEqual([to]);

    const [scan, ...more] = await scansOf(u);
    expect(more).toHaveLength(0);
    expect(scan).toMatchObject({ source: 'email', platform: 'email', email: 'service@paypal-account-limited.top' });
    expect(scan?.message.startsWith('Dear customer,')).toBe(true);
    expect(scan?.message).not.toContain('Is this real');
    // The HTML's hidden link target is added for the link analysis; the PDF is nowhere.
    expect(scan?.message).toContain('http://bit.ly/3xPpL');
    expect(scan?.message).not.toContain('PDF');
    expect(scan?.riskScore).toBeGreaterThanOrEqual(70);

    const [reply, ...others] = await mailsTo(u, 'forwarded_verdict');
    expect(others).toHaveLength(0);
    expect(reply?.to).toBe(u.user.email);
    expect(reply?.subject).toMatch(/^RedFlag: SCAM DETECTED \(\d+\/100\)/);
    expect(reply?.text).toContain(`${t.config.publicUrl}/scans/${scan?.id}`);
    for (const reason of scan?.reasons.slice(0, 3) ?? []) expect(reply?.text).toContain(reason);
    // Nothing went to the forwarder or to the original sender.
    const all = await t.ctx.database.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(all.map((m) => m.to)).not.toContain('forwarder@example.com');
    expect(all.map((m) => m.to)).not.toContain('service@paypal-account-limited.top');
  });

  it('a verdict that turns on what only the user knows: the reply lists the questions and links to the scan where they are answered', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    const original = [
      'Is this real? A stranger wrote to me.',
      '',
      '---------- Forwarded message ---------',
      'From: Lena Zhou <lena.zhou.design@example.net>',
      'Date: Sun, 16 Feb 2025 at 20:01',
      'Subject: Hello from Seattle',
      'To: <me@example.com>',
      '',
      'Dear friend, my uncle is an analyst at a crypto trading platform and I made 30% profit this week. I can teach you how to invest, it is easy.',
    ].join('\n');
    await send(
      to,
      rawMail({ from: u.user.email, to, subject: 'Fwd: Hello from Seattle', text: original }),
      u.user.email,
    );
    const [scan] = await scansOf(u);
    const questions = scan?.result.questions ?? [];
    expect(questions.length).toBeGreaterThan(0);
    const [reply] = await mailsTo(u, 'forwarded_verdict');
    const link = `${t.config.publicUrl}/scans/${scan?.id}`;
    expect(reply?.text).toContain(
      `Only you can answer ${questions.length === 1 ? 'this question' : `these ${questions.length} questions`}, and your answers can change the verdict:`,
    );
    for (const key of questions) {
      expect(reply?.text).toContain(`- ${CONTEXT_QUESTIONS[key]}`);
      expect(reply?.html).toContain(CONTEXT_QUESTIONS[key]);
    }
    expect(reply?.text).toContain(`Answer them on the scan's page (no scan is spent): ${link}`);
    expect(reply?.html).toContain('ANSWER THE QUESTIONS');
    expect(reply?.html).toContain(`href="${link}"`);

    // A verdict the evidence settles asks nothing, and the reply says nothing of questions.
    await send(
      to,
      rawMail({ from: u.user.email, to, subject: 'FW: Password expires today', text: OUTLOOK_TEXT }),
      u.user.email,
    );
    const settled = (await scansOf(u)).find((s) => s.id !== scan?.id);
    expect(settled?.result.questions).toBeUndefined();
    const replies = await mailsTo(u, 'forwarded_verdict');
    const other = replies.find((r) => r.subject.includes('Password expires'));
    expect(other?.text).not.toContain('Only you can answer');
    expect(other?.html).not.toContain('ANSWER THE QUESTIONS');
  });

  it('Outlook and Apple Mail forwards are read too', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    // A relay that rewrites the envelope sender (SRS) still shows the account's address in From.
    const from = `Me <${u.user.email}>`;
    await send(to, rawMail({ from, to, subject: 'FW: Password expires today', text: OUTLOOK_TEXT }), STRANGER);
    await send(to, rawMail({ from, to, subject: 'Fwd: Your package is on hold', text: APPLE_TEXT }), STRANGER);
    const stored = await scansOf(u);
    expect(stored.map((s) => s.email).sort()).toEqual([
      'helpdesk@m1crosoft-support.net',
      'tracking@usps-redelivery-notice.info',
    ]);
    expect(
      stored
        .find((s) => s.email?.startsWith('helpdesk'))
        ?.message.startsWith('Your Office 365 password expires today.'),
    ).toBe(true);
    expect(
      stored
        .find((s) => s.email?.startsWith('tracking'))
        ?.message.startsWith('USPS: Your package could not be delivered'),
    ).toBe(true);
    expect(await mailsTo(u, 'forwarded_verdict')).toHaveLength(2);
  });

  it('a message forwarded as an attachment (.eml) is the one checked, with its own sender', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    await send(
      to,
      rawMailWithAttachedMessage({
        from: 'me@example.com',
        to,
        note: 'see attached, is this real?',
        attached: ATTACHED_ORIGINAL,
      }),
      u.user.email,
    );
    const [scan] = await scansOf(u);
    expect(scan?.email).toBe('billing@netf1ix-account-update.com');
    expect(scan?.message.startsWith('We could not process your last payment.')).toBe(true);
    expect(scan?.message).not.toContain('see attached');
    const [reply] = await mailsTo(u, 'forwarded_verdict');
    expect(reply?.subject).toContain('Your membership is on hold');
  });

  it('refuses an unknown token at RCPT with 550, and a second recipient', async () => {
    const unknown = `check+${'a'.repeat(24)}@${DOMAIN}`;
    await expect(
      send(unknown, rawMail({ from: 'x@example.com', to: unknown, subject: 'hi', text: 'hello' }), STRANGER),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      send(`someone@${DOMAIN}`, rawMail({ from: 'x@example.com', to: 'x', subject: 'hi', text: 'hello' }), STRANGER),
    ).rejects.toMatchObject({ responseCode: 550 });

    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    const v = await createPremiumUser(t);
    const other = await addressOf(v);
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true })
      .sendMail({
        envelope: { from: u.user.email, to: [to, other] },
        raw: rawMail({ from: 'x@example.com', to, subject: 'Fwd', text: OUTLOOK_TEXT }),
      });
    expect(info.accepted).toEqual([to]);
    expect(info.rejected).toEqual([other]);
    expect(await scansOf(v)).toHaveLength(0);
  });

  it('refuses a 21st mail in an hour to one account with 450 (try later), before reading it', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    for (let i = 0; i < INBOUND_RATE.perAccount.limit; i++)
      await t.ctx.rateLimiter.hit(INBOUND_RATE.perAccount, u.user.id);
    await expect(
      send(to, rawMail({ from: 'me@example.com', to, subject: 'Fwd', text: OUTLOOK_TEXT }), u.user.email),
    ).rejects.toMatchObject({ responseCode: 450 });
    expect(await scansOf(u)).toHaveLength(0);
  });

  it('refuses a mail over the size limit with 552 and scans nothing', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    await expect(
      send(
        to,
        rawMail({ from: 'me@example.com', to, subject: 'Fwd: big', text: OUTLOOK_TEXT, pad: MAX_BYTES + 1024 }),
        u.user.email,
      ),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await scansOf(u)).toHaveLength(0);
    expect(await mailsTo(u, 'forwarded_verdict')).toHaveLength(0);
  });

  it('a trial at its 5-scan limit: nothing scanned or counted, and the answer says why', async () => {
    const u = await createTrialUser(t, { scansUsed: 5 });
    const to = await addressOf(u);
    const info = await send(
      to,
      rawMail({ from: 'me@example.com', to, subject: 'Fwd: Password expires today', text: OUTLOOK_TEXT }),
      u.user.email,
    );
    expect(info.accepted).toEqual([to]);
    expect(await scansOf(u)).toHaveLength(0);
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(account?.trialScansUsed).toBe(5);
    const [reply] = await mailsTo(u, 'forwarded_not_checked');
    expect(reply?.text).toContain('5 scans of your free trial');
    expect(await mailsTo(u, 'forwarded_verdict')).toHaveLength(0);
  });

  it('a trial under its limit: the scan is counted like a pasted one', async () => {
    const u = await createTrialUser(t, { scansUsed: 4 });
    const to = await addressOf(u);
    await send(to, rawMail({ from: 'me@example.com', to, subject: 'Fwd', text: APPLE_TEXT }), u.user.email);
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(account?.trialScansUsed).toBe(5);
    expect(await scansOf(u)).toHaveLength(1);
  });

  it('refuses with 550 and the reason a mail from neither the account address nor its From: a leaked address spends nothing', async () => {
    const u = await createTrialUser(t, { scansUsed: 2 });
    const to = await addressOf(u);
    const refused = send(
      to,
      rawMail({ from: 'Someone <x@example.com>', to, subject: 'Fwd', text: OUTLOOK_TEXT }),
      STRANGER,
    );
    await expect(refused).rejects.toMatchObject({ responseCode: 550 });
    await expect(refused).rejects.toThrow(/only from the e-mail address of its RedFlag account/);
    expect(await scansOf(u)).toHaveLength(0);
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(account?.trialScansUsed).toBe(2);
    // Nobody is mailed: not the stranger, and not the account (a leaked address must not flood its inbox).
    const all = await t.ctx.database.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(all.map((m) => m.to)).not.toContain(STRANGER);
    expect(await mailsTo(u, 'forwarded_not_checked')).toHaveLength(0);
  });

  it('an account whose address is not verified has its mail refused with the reason', async () => {
    const u = await createVerifiedUser(t, { emailVerified: false });
    const to = await addressOf(u);
    const refused = send(to, rawMail({ from: u.user.email, to, subject: 'Fwd', text: OUTLOOK_TEXT }), u.user.email);
    await expect(refused).rejects.toMatchObject({ responseCode: 550 });
    await expect(refused).rejects.toThrow(/verif/i);
    expect(await scansOf(u)).toHaveLength(0);
  });

  it('refuses a mail of more than 1,000 parts with a permanent 554 that says why', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    const b = 'p';
    const raw = [
      `From: ${u.user.email}`,
      `To: ${to}`,
      'Subject: many parts',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${b}"`,
      '',
      ...Array.from({ length: 1_100 }, () => `--${b}\r\n\r\nx`),
      `--${b}--`,
      '',
    ].join('\r\n');
    expect(raw.length).toBeLessThan(MAX_BYTES);
    const refused = send(to, raw, u.user.email);
    await expect(refused).rejects.toMatchObject({ responseCode: 554 });
    await expect(refused).rejects.toThrow(/too many parts/i);
    expect(await scansOf(u)).toHaveLength(0);
  });

  it('counts only delivered mail against the hourly limit: RCPT then RSET, 25 times, spends nothing', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    const session = await smtpSession(smtp.port);
    expect((await session.say('EHLO client.example')).code).toBe(250);
    for (let i = 0; i < INBOUND_RATE.perAccount.limit + 5; i++) {
      expect((await session.say(`MAIL FROM:<${u.user.email}>`)).code).toBe(250);
      expect((await session.say(`RCPT TO:<${to}>`)).code).toBe(250);
      expect((await session.say('RSET')).code).toBe(250);
    }
    await session.say('QUIT');
    session.end();
    const info = await send(to, rawMail({ from: u.user.email, to, subject: 'Fwd', text: OUTLOOK_TEXT }), u.user.email);
    expect(info.accepted).toEqual([to]);
    expect(await scansOf(u)).toHaveLength(1);
    const hit = await t.ctx.rateLimiter.peek(INBOUND_RATE.perAccount, u.user.id);
    expect(hit.remaining).toBe(INBOUND_RATE.perAccount.limit - 1);
  });

  it('logs nothing of the mails: no text, subject, sender or link', () => {
    expect(logs).toContain('forwarded mail taken');
    for (const secret of [
      'Dear customer',
      'Your account has been limited',
      'paypal-account-limited',
      'm1crosoft',
      'usps-redelivery',
      'Office 365',
      'forwarder@example.com',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('the length of an SMTP session', () => {
  it('ends a session at its hard limit with 421, however often the client sends NOOP', async () => {
    const short = await startInboundSmtp(t.ctx, { port: 0, maxSessionMs: 1_500 });
    let session: Awaited<ReturnType<typeof smtpSession>> | undefined;
    try {
      session = await smtpSession(short.port);
      expect((await session.say('EHLO client.example')).code).toBe(250);
      // A NOOP well inside the idle timeout keeps a session alive; the hard limit ends it anyway.
      let last = 250;
      for (let i = 0; i < 40 && last === 250; i++) {
        await new Promise((r) => setTimeout(r, 100));
        last = (await session.say('NOOP')).code;
      }
      expect(last).toBe(421);
      await session.closed;
    } finally {
      session?.end();
      await short.close();
    }
  });
});
