import { describe, expect, it } from 'vitest';
import { analyzeLinks, extractLinks, impersonatedBrands } from './links.ts';
import { BRANDS } from './brands.ts';

const flagsOf = (text: string): string[] => analyzeLinks(text).flatMap((l) => l.flags);

describe('links', () => {
  it("reads a look-alike of every brand it knows as that brand, and the brand's own domains as genuine", () => {
    // Every brand of the list, not a count: a brand whose keys or domains are mistyped fails here by name.
    const missed: string[] = [];
    const wronglyFlagged: string[] = [];
    for (const brand of BRANDS) {
      // A platform known by its hosts only (Discord, Telegraph) has no name to imitate.
      if (!brand.keys.length) continue;
      const key = brand.keys[0] ?? '';
      if (!impersonatedBrands(`${key}-account-verify.top`).some((i) => i.brand.name === brand.name))
        missed.push(brand.name);
      for (const domain of brand.domains)
        if (impersonatedBrands(domain).some((i) => i.brand.name === brand.name)) wronglyFlagged.push(domain);
    }
    expect(missed).toEqual([]);
    expect(wronglyFlagged).toEqual([]);
  });

  it('finds URLs and bare domains with their offsets, trimming punctuation', () => {
    const text = 'Track it at https://usps.com/track?id=1. Or see bit.ly/3xYz, (www.example.org).';
    const links = extractLinks(text);
    expect(links.map((l) => l.url)).toEqual(['https://usps.com/track?id=1', 'bit.ly/3xYz', 'www.example.org']);
    for (const l of links) expect(text.slice(l.start, l.end)).toBe(l.url);
  });

  it('does not read ordinary sentences or e-mail addresses as links', () => {
    expect(extractLinks('ok.So see you at 3 p.m. e.g. tomorrow, mail ann@gmail.com')).toEqual([]);
  });

  it('flags shorteners, raw IP hosts, risky TLDs and free hosting', () => {
    expect(flagsOf('https://bit.ly/abc')).toContain('shortener');
    expect(flagsOf('http://192.168.4.20/login')).toContain('ip_address');
    expect(flagsOf('https://pay-now.top/x')).toContain('risky_tld');
    expect(flagsOf('https://secure-login.web.app/')).toContain('free_hosting');
  });

  it('flags look-alikes: homoglyphs, punycode, leetspeak, typos and brand names in a foreign domain', () => {
    expect(flagsOf('https://pаypal.com/signin')).toEqual(expect.arrayContaining(['punycode', 'homoglyph']));
    expect(flagsOf('http://paypa1.com')).toContain('homoglyph');
    expect(flagsOf('https://arnazon.com/orders')).toContain('homoglyph');
    expect(flagsOf('https://wellsfargp.com')).toContain('typosquat');
    expect(flagsOf('https://usps-redelivery.top/track')).toContain('brand_in_domain');
    expect(flagsOf('https://appleid.apple.com.verify-session.xyz/')).toContain('brand_in_domain');
  });

  it('treats the brands own domains as official', () => {
    for (const url of [
      'https://www.paypal.com/signin',
      'https://tools.usps.com/go/TrackConfirmAction',
      'https://www.irs.gov/refunds',
      'https://amzn.to/3abc',
    ]) {
      const [link] = analyzeLinks(url);
      expect(link?.flags).toContain('official');
      expect(link?.impersonates).toEqual([]);
    }
  });

  it('does not flag unrelated domains that merely contain short brand letters', () => {
    expect(impersonatedBrands('groups.google.com')).toEqual([]);
    expect(impersonatedBrands('startups.com')).toEqual([]);
  });
});

describe('short brand names inside longer words', () => {
  it('does not read "redelivery" as Microsoft ("live") but still sees USPS at the start of a part', () => {
    const brands = impersonatedBrands('usps-redelivery-fee.top').map((b) => b.brand.name);
    expect(brands).toContain('USPS');
    expect(brands).not.toContain('Microsoft');
    expect(impersonatedBrands('uspsdelivery.com').map((b) => b.brand.name)).toContain('USPS');
  });
});

describe('a merchant named in a card alert is not a link', () => {
  it('reads an all-caps brand domain without a path ("BESTBUY.COM") as the merchant, not as a link', () => {
    const alert =
      'Chase: A charge of $249.99 at BESTBUY.COM was approved on your card ending 4421. Not you? Call the number on the back of your card.';
    expect(analyzeLinks(alert)).toEqual([]);
  });

  it('still reads an all-caps look-alike, a risky ending, a path or a lower-case domain as a link', () => {
    expect(analyzeLinks('VISIT BESTBUY-REFUND.COM NOW').map((l) => l.host)).toEqual(['bestbuy-refund.com']);
    expect(analyzeLinks('PAY AT USPS-FEE.TOP').map((l) => l.host)).toEqual(['usps-fee.top']);
    expect(analyzeLinks('See BESTBUY.COM/ORDERS for details').map((l) => l.host)).toEqual(['bestbuy.com']);
    expect(analyzeLinks('Order details at bestbuy.com').map((l) => l.host)).toEqual(['bestbuy.com']);
  });
});
