import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { freshIp, post, readJson } from '../test/auth-helpers.ts';
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from './mail.service.ts';
import { extractLinks, magicLinkMail, verificationMail } from './templates.ts';

describe('dev outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /dev/mailbox.json lists mails newest first with to, subject, text, html, links, createdAt', async () => {
    await post(
      t,
      '/api/auth/sign-up/email',
      { email: 'first@example.com', password: 'first-in-line-1', callbackURL: '/dashboard?verified=true' },
      freshIp(),
    );
    t.ctx.clock.advance(1000);
    await post(
      t,
      '/api/auth/sign-up/email',
      { email: 'second@example.com', password: 'second-in-line-2', callbackURL: '/dashboard?verified=true' },
      freshIp(),
    );
    const res = await t.request('/dev/mailbox.json');
    expect(res.status).toBe(200);
    const mails = await readJson<Array<Record<string, unknown>>>(res);
    expect(mails.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(Object.keys(mails[0]!)).toEqual(
      expect.arrayContaining(['to', 'subject', 'text', 'html', 'links', 'createdAt']),
    );
  });

  it('GET /dev/mailbox is an HTML page with clickable links and no script', async () => {
    const res = await t.request('/dev/mailbox');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Dev mailbox');
    expect(html).toMatch(/<a href="http:\/\/localhost:5000\/api\/auth\/verify-email\?token=/);
    expect(html).not.toContain('<script');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('GET /dev/mailbox/:id shows one mail as sent', async () => {
    const [mail] = await readJson<Array<{ id: string }>>(await t.request('/dev/mailbox.json'));
    const res = await t.request(`/dev/mailbox/${mail!.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Confirm your e-mail');
  });
});

describe('dev outbox in production', () => {
  it('is not mounted: 404', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'a'.repeat(40),
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
      TEST_CLOCK: 'false',
    });
    try {
      expect((await t.request('/dev/mailbox.json')).status).toBe(404);
      expect((await t.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('SMTP with retries from the stored outbox', () => {
  let server: SMTPServer;
  let port = 0;
  let failNext = 0;
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
          if (failNext > 0) {
            failNext--;
            const err = Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 });
            callback(err);
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

  it('a verification mail whose first send fails is retried and delivered', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY_HEADER: 'x-forwarded-for' });
    try {
      failNext = 1;
      const res = await post(
        t,
        '/api/auth/sign-up/email',
        { email: 'smtp-user@example.com', password: 'through-the-wire-9', callbackURL: '/dashboard?verified=true' },
        freshIp(),
      );
      expect(res.status).toBe(200);
      const mailer = t.ctx.mailer;
      await mailer.idle();
      let [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp-user@example.com'));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toContain('Temporary failure');
      expect(received).toHaveLength(0);

      // Not due yet: nothing is sent.
      expect(await mailer.processDue()).toBe(0);
      // After the back-off the worker sends it.
      t.ctx.clock.advance(retryDelayMs(1) + 1000);
      expect(await mailer.processDue()).toBe(1);
      [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp-user@example.com'));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['smtp-user@example.com']);
      expect(received[0]!.raw).toContain('Subject: Confirm your RedFlag account');
      // The dev mailbox is not mounted with SMTP.
      expect((await t.request('/dev/mailbox.json')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      failNext = MAIL_MAX_ATTEMPTS;
      const mailer = t.ctx.mailer;
      await mailer.enqueue({ to: 'doomed@example.com', kind: 'test', subject: 's', text: 't', html: '<p>t</p>' });
      await mailer.idle();
      for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
        t.ctx.clock.advance(retryDelayMs(i) + 1000);
        await mailer.processDue();
      }
      const [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'doomed@example.com'));
      expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    } finally {
      failNext = 0;
      await t.close();
    }
  });
});

describe('templates', () => {
  it('verification and magic-link mails carry their link in HTML and text, escaped', () => {
    const url = 'https://redflag.example/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard';
    const v = verificationMail({ url, firstName: '<Eve>', supportEmail: 'support@redflag.example' });
    expect(v.text).toContain(url);
    expect(v.html).toContain('&lt;Eve&gt;');
    expect(extractLinks(v.html)).toContain(url);
    const m = magicLinkMail({ url, firstName: null, minutes: 60, supportEmail: 'support@redflag.example' });
    expect(m.text).toContain('expires in 60 minutes');
    expect(extractLinks(m.html)[0]).toBe(url);
  });
});
