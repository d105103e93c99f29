import { describe, expect, it } from 'vitest';
import { messageOpening, scanTitle } from './scan-title.ts';

const BIRTHDAY = 'Happy birthday Sam!! Hope you have the best day, see you at dinner tonight';
const WRONG_NUMBER = 'Sorry, wrong number! I was trying to reach my plumber about the leak.';

describe('scanTitle', () => {
  it('does not call a legitimate text a "Legitimate Buyer" unless it came through a marketplace', () => {
    // A birthday text and a wrong-number text were both titled "Legitimate Buyer".
    const birthday = scanTitle({ riskScore: 4, scamType: null, platform: 'sms', message: BIRTHDAY });
    const wrong = scanTitle({ riskScore: 12, scamType: null, platform: null, message: WRONG_NUMBER });
    expect(birthday).toEqual({ title: 'Happy birthday Sam!! Hope you have the best day...', source: 'message' });
    expect(wrong).toEqual({ title: 'Sorry, wrong number! I was trying to reach my...', source: 'message' });
    expect(scanTitle({ riskScore: 4, scamType: null, platform: 'other', message: BIRTHDAY }).title).not.toMatch(
      /buyer/i,
    );
    expect(
      scanTitle({ riskScore: 20, scamType: null, platform: 'craigslist', message: 'Is the bike still available?' }),
    ).toEqual({ title: 'Legitimate Buyer', source: 'verdict' });
  });

  it('never titles a green scan with the closest scam type', () => {
    expect(
      scanTitle({ riskScore: 30, scamType: 'phishing', platform: 'email', message: 'Your invoice is attached.' }).title,
    ).toBe('Your invoice is attached.');
    expect(scanTitle({ riskScore: 30, scamType: 'phishing', platform: 'ebay', message: 'x' }).title).toBe(
      'Legitimate Buyer',
    );
  });

  it('names the type on a scam, hedges it on a suspicious message, and falls back to the verdict', () => {
    expect(scanTitle({ riskScore: 95, scamType: 'delivery_smishing', message: 'm' }).title).toBe('Delivery Scam');
    expect(scanTitle({ riskScore: 70, scamType: null, message: 'm' }).title).toBe('Scam Detected');
    expect(scanTitle({ riskScore: 88, scamType: 'other', message: 'm' }).title).toBe('Scam Detected');
    expect(scanTitle({ riskScore: 55, scamType: 'romance', message: 'm' }).title).toBe('Possible Romance Scam');
    expect(scanTitle({ riskScore: 40, scamType: undefined, message: 'm' }).title).toBe('Suspicious Message');
  });

  it('falls back to "Legitimate Message" when the message has no words to show', () => {
    expect(scanTitle({ riskScore: 0, scamType: null, platform: null, message: '  \n ' })).toEqual({
      title: 'Legitimate Message',
      source: 'verdict',
    });
  });
});

describe('messageOpening', () => {
  it('keeps a short message whole on one line', () => {
    expect(messageOpening('a\n\n b')).toBe('a b');
    expect(messageOpening('y'.repeat(50))).toBe('y'.repeat(50));
  });
  it('cuts on a word near the limit, or mid-word when there is none, never inside an emoji', () => {
    expect(messageOpening('x'.repeat(60))).toBe(`${'x'.repeat(50)}...`);
    expect(messageOpening(`${'z'.repeat(49)}😀😀`)).toBe(`${'z'.repeat(49)}😀...`);
    // The 50th character ends a word: that word stays (its comma does not).
    expect(messageOpening('Happy birthday Sam! Hope you have a wonderful day, see you at dinner tonight')).toBe(
      'Happy birthday Sam! Hope you have a wonderful day...',
    );
  });
});
