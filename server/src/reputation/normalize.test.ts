import { describe, expect, it } from 'vitest';
import { analyzeLocal } from '../detection/analyze.ts';
import { hostCandidates, isSharedHost, normalizeHost, normalizeUrl } from './normalize.ts';
import { scanValues } from './reputation.service.ts';

/**
 * What is no host is never compared as one: a "host" longer than the DNS allows (253 characters) names no
 * site, so no list can hold it and no scan reports it. A pasted run of "www.a." made one such name of
 * thousands of labels, and walking them on the server's event loop held it for 650 ms (bench:worst).
 */
describe('a name longer than the DNS allows', () => {
  const long = `${'www.a.'.repeat(1_600)}example.com`;

  it('is no host: not normalized, no link, no candidates', () => {
    expect(normalizeHost(long)).toBeNull();
    expect(normalizeUrl(`https://${long}/pay`)).toBeNull();
    expect(hostCandidates(long)).toEqual([]);
    // 253 characters is still a name.
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest).toHaveLength(253);
    expect(normalizeHost(longest)).toBe(longest);
    expect(isSharedHost(longest)).toBe(false);
  });

  it('is not reported by the scan that holds it, while its other links are', () => {
    const result = analyzeLocal({
      message: `Pay now at https://parcel-fee.top/pay or https://${long}/x`.slice(0, 10_000),
    });
    expect(scanValues({ phoneNumber: undefined, email: undefined }, result.links)).toEqual([
      { kind: 'host', value: 'parcel-fee.top', shown: 'parcel-fee.top' },
    ]);
  });
});
