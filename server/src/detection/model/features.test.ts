import { describe, expect, it } from 'vitest';
import { featurize, featurizeFolded, modelTokens, textDomain } from './features.ts';
import { foldText } from '../text/normalize.ts';

describe('text domains', () => {
  it('tells e-mail-like text from SMS-like text by length alone, not by a corpus-specific "Subject:" header', () => {
    expect(textDomain('Subject: meeting moved to 3pm\n\nsee you there')).toBe('short');
    expect(textDomain('x '.repeat(400))).toBe('long');
    expect(textDomain('Your parcel is on hold, pay the fee at the link')).toBe('short');
  });

  it('domain features add a per-domain copy of every feature and stay deterministic', () => {
    const text = 'URGENT: your account is locked, verify at http://bad.example';
    const plain = featurize(text);
    const withDomain = featurize(text, { domainFeatures: true });
    expect(withDomain.idx.length).toBe(plain.idx.length * 2);
    expect(Array.from(withDomain.idx.slice(0, plain.idx.length))).toEqual(Array.from(plain.idx));
    expect(Array.from(featurizeFolded(foldText(text), { domainFeatures: true }).idx)).toEqual(
      Array.from(withDomain.idx),
    );
    // The same words in an e-mail land on different domain-specific features.
    const asMail = featurize(`${text}\n${'Thanks for your patience with this. '.repeat(20)}`, { domainFeatures: true });
    const shortCopies = new Set(Array.from(withDomain.idx.slice(plain.idx.length)));
    const longCopies = Array.from(asMail.idx.slice(asMail.idx.length / 2));
    expect(longCopies.filter((i) => shortCopies.has(i)).length).toBeLessThan(longCopies.length / 4);
  });
});

describe('source-blind tokens', () => {
  it('drop e-mail header names and quoted replies, keep the subject words, and read any script', () => {
    const tokens = modelTokens('Subject: Lunch on Friday\nFrom: Ann\n> old quoted line\nSee you at noon');
    expect(tokens).toEqual(expect.arrayContaining(['lunch', 'friday', 'see', 'noon']));
    expect(tokens).not.toContain('subject');
    expect(tokens).not.toContain('quoted');
    expect(modelTokens('รหัส OTP ของคุณ').length).toBeGreaterThanOrEqual(3);
  });

  it('read masked digits as numbers, and the end of a long message as well as its start', () => {
    expect(modelTokens('card ending xxxx1234')).not.toContain('xxxx');
    const long = `${'hello there friend '.repeat(300)} please buy gift cards`;
    expect(modelTokens(long)).toContain('gift');
  });
});
