import nodemailer from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser } from '../test/users.ts';
import { rawMail } from './fixtures.ts';
import { extractForwarded, linksNotShown, MAX_FORWARDED_LINKS } from './forwarded.ts';
import { startInboundSmtp, type InboundSmtp } from './smtp.ts';

/**
 * A forwarded mail of about 1 MB holding tens of thousands of links must not hold the
 * event loop. Every pass over the mail is linear and the links a mail contributes are capped.
 */

/** ~1 MB: 25,000 links in the text part and 16,500 in the HTML part, none shared. */
function linkFlood() {
  const text = Array.from({ length: 25_000 }, (_, i) => `https://t${i}.example.net/p`).join(' ');
  const html = Array.from({ length: 16_500 }, (_, i) => `<a href="https://h${i}.example.org/">x</a>`).join('');
  return { text, html };
}

describe('a forwarded mail full of links', () => {
  it('keeps the first MAX_FORWARDED_LINKS links and counts the rest', () => {
    const { text, html } = linkFlood();
    const m = extractForwarded({ text, html });
    expect(m.links).toHaveLength(MAX_FORWARDED_LINKS);
    expect(m.links[0]).toBe('https://t0.example.net/p');
    expect(m.linksOmitted).toBe(25_000 + 16_500 - MAX_FORWARDED_LINKS);
  });

  it('lists as hidden only the HTML targets the text does not show, in one linear pass', () => {
    const m = {
      text: 'See https://a.example/x and https://b.example/y.',
      links: ['https://a.example/x', 'https://c.example/z', 'https://b.example/y'],
    };
    expect(linksNotShown(m)).toEqual(['https://c.example/z']);
  });

  it('reads an anchor tag that never closes without scanning the rest of the mail again for each one', () => {
    const m = extractForwarded({ text: 'hello', html: '<a '.repeat(200_000) });
    expect(m.links).toEqual([]);
  });
});

describe('the HTTP server while a 1 MB mail of links is checked', () => {
  let t: TestApp;
  let smtp: InboundSmtp;
  beforeAll(async () => {
    t = await createTestApp({
      INBOUND_SMTP_PORT: '2525',
      INBOUND_MAIL_DOMAIN: 'redflag.test',
      INBOUND_MAX_BYTES: String(2 * 1024 * 1024),
    });
    smtp = await startInboundSmtp(t.ctx, { port: 0 });
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it('answers /healthz in under 300 ms throughout, and the mail is answered', async () => {
    const u = await createPremiumUser(t);
    const res = await apiClient(t)('getForwardingAddress', { headers: u.headers });
    const address = (res.ok && res.data.address) || '';
    const { text, html } = linkFlood();
    const raw = rawMail({ from: 'Someone <someone@example.com>', to: address, subject: 'links', text, html });
    expect(raw.length).toBeGreaterThan(900_000);

    const client = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    let done = false;
    const sent = client.sendMail({ envelope: { from: u.user.email, to: address }, raw }).finally(() => {
      done = true;
    });
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const health = await t.request('/healthz');
      waits.push(performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
    await sent;
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThan(300);
    const answers = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, 'forwarded_verdict')));
    expect(answers).toHaveLength(1);
  }, 60_000);
});
