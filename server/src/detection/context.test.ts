import { describe, expect, it } from 'vitest';
import type { ScanContext } from '@redflag/contracts/scan-context';
import { analyzeLocal } from './analyze.ts';

/**
 * What the user knows, as evidence (context.ts): the answers move the verdict the way the person holding the
 * phone would expect, each shown as a reason in their words. Messages written for these tests.
 */
const OPENER =
  'Hello, is this Mr. Parker? My aunt gave me your number, she said you might help me with the house viewing.';
const scan = (message: string, context?: ScanContext) => analyzeLocal({ message, ...(context ? { context } : {}) });

describe('answers about the sender', () => {
  it('an opener from someone the user does not know is at least Suspicious, and says so in their words', () => {
    const r = scan(OPENER, { knowsSender: false });
    expect(r.riskScore).toBeGreaterThanOrEqual(40);
    expect(r.reasons).toContain("You said you don't know the sender");
  });

  it('the same opener from someone the user knows, and nothing else, is below 40', () => {
    const r = scan(OPENER, { knowsSender: true });
    expect(r.riskScore).toBeLessThan(40);
    expect(r.reasons).toContain('You said you know the sender outside this chat');
    expect(r.policy?.map((p) => p.id)).toContain('known_sender_cap');
  });

  it('knowing the sender does not excuse an ask: a "friend" who wants gift cards stays flagged', () => {
    const r = scan('Hi, is this Mr. Parker? Please buy 3 Apple gift cards of $100 and send me the codes now.', {
      knowsSender: true,
    });
    expect(r.riskScore).toBeGreaterThanOrEqual(40);
    expect(r.policy?.map((p) => p.id) ?? []).not.toContain('known_sender_cap');
  });

  it('a friendly message that later moved to an investment and another app is flagged as an investment scam', () => {
    const message = 'Nice to meet you too! I live in Seattle and work in fashion. What do you do for a living?';
    const before = scan(message);
    const after = scan(message, { knowsSender: false, movedApps: true, mentionedInvestment: true });
    expect(after.riskScore).toBeGreaterThan(before.riskScore);
    expect(after.riskScore).toBeGreaterThanOrEqual(70);
    expect(after.scamType).toBe('crypto_investment');
    expect(after.reasons).toContain('You said they mentioned an investment, a trading platform or crypto');
  });

  it('a "no" is shown and moves nothing', () => {
    const without = scan(OPENER);
    const withNo = scan(OPENER, { askedForMoney: false });
    expect(withNo.riskScore).toBe(without.riskScore);
    expect(withNo.reasons).toContain('You said they have not asked you for money, gift cards, a code or remote access');
  });

  it('a scan without answers is exactly the scan it was before answers existed', () => {
    expect(scan(OPENER, {})).toEqual(scan(OPENER));
    expect(scan('Your parcel is held, pay the fee at http://dhl-fees.top/pay')).toEqual(
      analyzeLocal({ message: 'Your parcel is held, pay the fee at http://dhl-fees.top/pay' }),
    );
  });
});

describe('which questions a result asks', () => {
  it('an opener asks whether the user knows the sender, at most three questions', () => {
    const r = scan(OPENER);
    expect(r.questions?.[0]).toBe('knowsSender');
    expect(r.questions?.length).toBeLessThanOrEqual(3);
  });

  it('a relative on a new number asks whether they know the sender and whether money came up', () => {
    const r = scan('Hi mum, this is my new number, my phone broke. Save this one and delete the old one x');
    expect(r.questions).toEqual(expect.arrayContaining(['knowsSender', 'askedForMoney']));
  });

  it('a routine bank alert with its helpline asks nothing', () => {
    const r = analyzeLocal({
      message:
        "Your Chase debit card ending in 4417 was used for $62.18 at SHELL OIL on Nov 22. If you don't recognize this, call us at 1-800-935-9935.",
      platform: 'sms',
    });
    expect(r.questions).toBeUndefined();
  });
});
