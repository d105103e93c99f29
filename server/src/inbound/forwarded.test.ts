import { describe, expect, it } from 'vitest';
import { APPLE_TEXT, GMAIL_HTML, GMAIL_TEXT, OUTLOOK_TEXT } from './fixtures.ts';
import { addressIn, extractForwarded } from './forwarded.ts';

describe('extractForwarded', () => {
  it('reads a Gmail forward: the original body without the note, its sender, subject and the HTML link targets', () => {
    const m = extractForwarded({ text: GMAIL_TEXT, html: GMAIL_HTML });
    expect(m.forwarded).toBe(true);
    expect(m.sender).toBe('service@paypal-account-limited.top');
    expect(m.subject).toBe('Your account has been limited');
    expect(m.text.startsWith('Dear customer,')).toBe(true);
    expect(m.text).not.toContain('Is this real');
    expect(m.text).not.toContain('me@example.com');
    expect(m.links).toEqual(['https://paypal-account-limited.top/verify?id=88412', 'http://bit.ly/3xPpL']);
  });

  it('reads an Outlook "Original Message" block with a [mailto:] sender and a Sent: line', () => {
    const m = extractForwarded({ text: OUTLOOK_TEXT });
    expect(m.sender).toBe('helpdesk@m1crosoft-support.net');
    expect(m.subject).toBe('Password expires today');
    expect(m.text.startsWith('Your Office 365 password expires today.')).toBe(true);
    expect(m.links).toEqual(['http://m1crosoft-support.net/o365/keep']);
  });

  it("reads Outlook's rule and header block, and the block alone without any rule", () => {
    const block =
      'From: Amazon <orders@amaz0n-billing.co>\nSent: Monday, March 3, 2025 10:12 AM\nTo: Me <me@outlook.com>\nSubject: Order canceled\n\nYour order was canceled. Call 1-888-555-0100 to get a refund.';
    for (const text of [`FYI\n\n________________________________\n${block}`, `FYI\n\n${block}`]) {
      const m = extractForwarded({ text });
      expect(m).toMatchObject({ forwarded: true, sender: 'orders@amaz0n-billing.co', subject: 'Order canceled' });
      expect(m.text).toBe('Your order was canceled. Call 1-888-555-0100 to get a refund.');
    }
  });

  it('reads an Apple Mail forward whose lines are quoted', () => {
    const m = extractForwarded({ text: APPLE_TEXT });
    expect(m.sender).toBe('tracking@usps-redelivery-notice.info');
    expect(m.subject).toBe('Your package is on hold');
    expect(m.text).toBe(
      'USPS: Your package could not be delivered due to an incomplete address.\nPay the $1.99 redelivery fee today to avoid return to sender:\nhttps://usps-redelivery-notice.info/pay',
    );
    expect(m.text).not.toContain('iPhone');
  });

  it('takes a mail without a forward whole', () => {
    const m = extractForwarded({ text: '  Your parcel is waiting, pay here: https://parcel.example/pay.  ' });
    expect(m).toEqual({
      forwarded: false,
      text: 'Your parcel is waiting, pay here: https://parcel.example/pay.',
      sender: null,
      subject: null,
      links: ['https://parcel.example/pay'],
      linksOmitted: 0,
    });
  });
});

describe('addressIn', () => {
  it.each([
    ['Name <A@B.example>', 'a@b.example'],
    ['Desk [mailto:desk@corp.example]', 'desk@corp.example'],
    ['plain@x.example', 'plain@x.example'],
    ['"Some, Name" <x@y.example> (via list)', 'x@y.example'],
    ['no address here', null],
  ])('%s', (value, expected) => expect(addressIn(value)).toBe(expected));
});
