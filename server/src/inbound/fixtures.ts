import net from 'node:net';
import { expect } from 'vitest';
import type { apiClient } from '../test/api-client.ts';
import type { TestUser } from '../test/users.ts';

/**
 * Forwarded mails written for the tests, one per mail program, in the shapes they send: Gmail (text and
 * HTML, "Forwarded message" rule), Outlook ("Original Message" with its Sent: block and a mailto: sender),
 * Apple Mail ("Begin forwarded message:"). The scams in them are invented; the addresses are on reserved
 * or look-alike domains.
 */

export const GMAIL_TEXT = `Is this real? Got it this morning.

---------- Forwarded message ---------
From: PayPal Service <service@paypal-account-limited.top>
Date: Mon, 3 Mar 2025 at 09:14
Subject: Your account has been limited
To: <me@example.com>


Dear customer,

We noticed unusual activity on your PayPal account and it has been limited.
Confirm your identity within 24 hours or your account will be permanently suspended:
https://paypal-account-limited.top/verify?id=88412

PayPal Security Team
`;

export const GMAIL_HTML = `<div dir="ltr">Is this real? Got it this morning.<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: <strong class="gmail_sendername">PayPal Service</strong> <span>&lt;service@paypal-account-limited.top&gt;</span><br>Date: Mon, 3 Mar 2025 at 09:14<br>Subject: Your account has been limited<br>To: &lt;me@example.com&gt;<br></div><br><p>Dear customer,</p><p>We noticed unusual activity on your PayPal account and it has been limited. Confirm your identity within 24 hours or your account will be permanently suspended: <a href="https://paypal-account-limited.top/verify?id=88412">Restore access</a></p><p><a href="http://bit.ly/3xPpL">Unsubscribe</a></p></div></div>`;

export const OUTLOOK_TEXT = `Please check this one for me.

-----Original Message-----
From: IT Help Desk [mailto:helpdesk@m1crosoft-support.net]
Sent: Tuesday, March 4, 2025 2:41 PM
To: Jordan Lee <jordan@example.org>
Subject: Password expires today

Your Office 365 password expires today. To keep the same password, sign in
at http://m1crosoft-support.net/o365/keep and enter your current password.
Failure to do so will lock your mailbox within 2 hours.

IT Help Desk
`;

export const APPLE_TEXT = `Sent from my iPhone

Begin forwarded message:

> From: "USPS" <tracking@usps-redelivery-notice.info>
> Subject: Your package is on hold
> Date: 5 March 2025 at 08:02:11 GMT
> To: me@example.net
>
> USPS: Your package could not be delivered due to an incomplete address.
> Pay the $1.99 redelivery fee today to avoid return to sender:
> https://usps-redelivery-notice.info/pay
`;

/** An RFC 5322 message as a mail program would send it to `to`, text only or text and HTML. */
export function rawMail(opts: {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachment?: boolean;
  pad?: number;
}): string {
  const head = [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    'MIME-Version: 1.0',
    'Date: Wed, 05 Mar 2025 10:00:00 +0000',
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`,
  ];
  const textPart = opts.text + (opts.pad ? `\n${'x'.repeat(76)}\n`.repeat(Math.ceil(opts.pad / 77)) : '');
  if (!opts.html && !opts.attachment)
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', textPart].join('\r\n');
  // As mail programs nest it: multipart/mixed (the body, then attachments) around multipart/alternative.
  const alt = 'b2_redflag_alt';
  const body = opts.html
    ? [
        `Content-Type: multipart/alternative; boundary="${alt}"`,
        '',
        `--${alt}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        textPart,
        `--${alt}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        opts.html,
        `--${alt}--`,
        '',
      ]
    : ['Content-Type: text/plain; charset=utf-8', '', textPart];
  if (!opts.attachment) return [...head, ...body].join('\r\n');
  const mixed = 'b1_redflag_mixed';
  const pdf = [
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 not a real invoice').toString('base64'),
  ];
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    ...body,
    `--${mixed}`,
    ...pdf,
    `--${mixed}--`,
    '',
  ].join('\r\n');
}

/** A message forwarded as an attachment (message/rfc822), as Outlook's and Gmail's "forward as attachment" send it. */
export function rawMailWithAttachedMessage(opts: { from: string; to: string; note: string; attached: string }): string {
  const b = 'b3_redflag_eml';
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    'Subject: FW: suspicious',
    'MIME-Version: 1.0',
    'Date: Wed, 05 Mar 2025 10:00:00 +0000',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.note,
    `--${b}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: attachment; filename="suspicious.eml"',
    '',
    opts.attached,
    `--${b}--`,
    '',
  ].join('\r\n');
}

export const ATTACHED_ORIGINAL = [
  'From: "Netflix" <billing@netf1ix-account-update.com>',
  'To: me@example.com',
  'Subject: Your membership is on hold',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'We could not process your last payment. Update your billing details within 48 hours to avoid cancellation:',
  'https://netf1ix-account-update.com/billing',
].join('\r\n');

/**
 * A bare SMTP client for what nodemailer does not do (RSET, NOOP): `say` sends one command and resolves
 * with the reply; once the server hangs up, every reply is its last line (421 when it closed the session).
 */
export async function smtpSession(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const replies: { code: number; text: string }[] = [];
  const waiting: ((reply: { code: number; text: string }) => void)[] = [];
  let ended = false;
  let lastReply = { code: 0, text: '' };
  const deliver = (reply: { code: number; text: string }) => {
    lastReply = reply;
    const next = waiting.shift();
    if (next) next(reply);
    else replies.push(reply);
  };
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      // A multi-line reply ("250-...") ends at its line with a space after the code.
      if (line.charAt(3) !== '-') deliver({ code: Number(line.slice(0, 3)), text: line.slice(4) });
    }
  });
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => {
      ended = true;
      for (const w of waiting.splice(0)) w(lastReply.code === 421 ? lastReply : { code: 0, text: 'closed' });
      resolve();
    });
  });
  socket.on('error', () => {});
  const next = () =>
    new Promise<{ code: number; text: string }>((resolve) => {
      const ready = replies.shift();
      if (ready) resolve(ready);
      else if (ended) resolve(lastReply.code === 421 ? lastReply : { code: 0, text: 'closed' });
      else waiting.push(resolve);
    });
  const greeting = await next();
  if (greeting.code !== 220) throw new Error(`the SMTP greeting was ${greeting.code}`);
  return {
    closed,
    end: () => socket.destroy(),
    say(command: string) {
      if (!ended) socket.write(`${command}\r\n`);
      return next();
    },
  };
}

/**
 * The account's forwarding address, asked for through the API as the settings page does. Fails the test when
 * the answer is not a 200 with forwarding enabled and an address.
 */
export async function forwardingAddressOf(call: ReturnType<typeof apiClient>, u: TestUser): Promise<string> {
  const res = await call('getForwardingAddress', { headers: u.headers });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`address refused: ${res.error.code}`);
  expect(res.data.enabled).toBe(true);
  if (!res.data.address) throw new Error('no forwarding address');
  return res.data.address;
}
