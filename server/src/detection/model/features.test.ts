import { describe, expect, it } from 'vitest';
import { featurize, featurizeFolded, textDomain } from './features.ts';
import { foldText } from '../text/normalize.ts';

describe('text domains', () => {
  it('tells e-mail-like text from SMS-like text by the text alone', () => {
    expect(textDomain('Subject: meeting moved to 3pm\n\nsee you there')).toBe('long');
    expect(textDomain('subject : re : gas nominations')).toBe('long');
    expect(textDomain('x '.repeat(400))).toBe('long');
    expect(textDomain('Your parcel is on hold, pay the fee at the link')).toBe('short');
  });

  it('domain features add a per-domain copy of every feature and stay deterministic', () => {
    const text = 'URGENT: your account is locked, verify at http://bad.example';
    const plain = featurize(text);
    const withDomain = featurize(text, { domainFeatures: true });
    expect(withDomain.idx.length).toBe(plain.idx.length * 2);
    expect(Array.from(withDomain.idx.slice(0, plain.idx.length))).toEqual(Array.from(plain.idx));
    expect(Array.from(featurizeFolded(foldText(text), { domainFeatures: true }).idx)).toEqual(Array.from(withDomain.idx));
    // The same words in an e-mail land on different domain-specific features.
    const asMail = featurize(`Subject: notice\n\n${text}`, { domainFeatures: true });
    const shortCopies = new Set(Array.from(withDomain.idx.slice(plain.idx.length)));
    const longCopies = Array.from(asMail.idx.slice(asMail.idx.length / 2));
    expect(longCopies.filter((i) => shortCopies.has(i)).length).toBeLessThan(longCopies.length / 4);
  });
});
