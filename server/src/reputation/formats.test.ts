import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedFormatError, MAX_URL_CHARS, parseFeed } from './formats.ts';
import {
  domainEntryRefusal,
  hostCandidates,
  isSharedHost,
  normalizeEmail,
  normalizePhone,
  normalizeUrl,
} from './normalize.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('normalizeUrl', () => {
  it('drops the scheme, case of the host, www, default port, fragment, tracking parameters and trailing slashes', () => {
    expect(normalizeUrl('HTTPS://WWW.Example.COM:443/Path/?utm_source=sms&id=7&fbclid=x#top')).toEqual({
      url: 'example.com/Path?id=7',
      host: 'example.com',
    });
    expect(normalizeUrl('http://example.com/')?.url).toBe('example.com');
    expect(normalizeUrl('example.com')?.url).toBe('example.com');
    expect(normalizeUrl('hxxp://evil[.]example/x')?.url).toBe('evil.example/x');
    expect(normalizeUrl('http://203.0.113.7:8080/a')?.url).toBe('203.0.113.7:8080/a');
  });

  it("keeps a path's case: a shortener's code is case-sensitive", () => {
    expect(normalizeUrl('https://bit.ly/AbC')?.url).not.toBe(normalizeUrl('https://bit.ly/abc')?.url);
  });

  it('refuses what is not an http(s) link', () => {
    expect(normalizeUrl('mailto:a@b.example')).toBeNull();
    expect(normalizeUrl('not a link')).toBeNull();
  });
});

describe('shared hosts', () => {
  it('shorteners, free hosting, document sites and brands are shared; their hosts are never candidates', () => {
    for (const h of ['bit.ly', 'docs.google.com', 'github.io', 'paypal.com', 'www.dropbox.com']) {
      expect(isSharedHost(h), h).toBe(true);
      expect(hostCandidates(h), h).toEqual([]);
    }
    // One free-hosting customer is shared for a listed link, but a domain list may name that one site.
    expect(isSharedHost('someone.github.io')).toBe(true);
    expect(hostCandidates('someone.github.io')).toEqual(['someone.github.io']);
  });

  it('a "host" longer than the DNS allows names no one, and costs nothing to look at', () => {
    // 10,000 characters of "www.a." (server/src/test/pathological.ts "www-dots") held the event loop for 2 s.
    const host = 'www.a.'.repeat(1666).concat('example');
    expect(hostCandidates(host)).toEqual([]);
    expect(hostCandidates(`${'a'.repeat(60)}.${'b'.repeat(60)}.evil.example`)).toHaveLength(3);
  });

  it('an ordinary host is listed under itself and its parents down to the registrable domain', () => {
    expect(hostCandidates('a.b.evil.example')).toEqual(['a.b.evil.example', 'b.evil.example', 'evil.example']);
    expect(hostCandidates('login.evil.co.uk')).toEqual(['login.evil.co.uk', 'evil.co.uk']);
    expect(hostCandidates('203.0.113.7')).toEqual(['203.0.113.7']);
  });
});

describe('phone and e-mail', () => {
  it('a number is E.164 (US when written without a country code); an address is lower case', () => {
    expect(normalizePhone('(202) 555-0143')).toBe('+12025550143');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('12')).toBeNull();
    expect(normalizeEmail(' Alerts@Bank-Secure.EXAMPLE ')).toBe('alerts@bank-secure.example');
    expect(normalizeEmail('nope')).toBeNull();
  });
});

describe('parseFeed', () => {
  it('urlhaus: reads the CSV dump by its commented header, with the date added (UTC)', () => {
    const { entries, skipped } = parseFeed('urlhaus', fixture('urlhaus.csv'));
    expect(skipped).toBe(1);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      kind: 'url',
      value: '203.0.113.7:8080/bins/mozi.m',
      host: '203.0.113.7',
      listedAt: new Date('2026-03-02T08:15:00Z'),
    });
    expect(entries[1]).toMatchObject({ value: 'parcel-fee-pay.example/track?id=77', host: 'parcel-fee-pay.example' });
    // On a shortener only the whole link may match: no host.
    expect(entries[2]).toMatchObject({ value: 'bit.ly/3xYzAbC', host: null });
  });

  it('urlhaus: an older dump without last_online is read by its own header', () => {
    const text =
      '# id,dateadded,url,url_status,threat,tags,urlhaus_link,reporter\n"1","2020-12-03 06:06:09","http://x.example/Mozi.m","online","malware_download","elf","https://urlhaus.abuse.ch/url/1/","r"\n';
    expect(parseFeed('urlhaus', text).entries[0]).toMatchObject({
      value: 'x.example/Mozi.m',
      listedAt: new Date('2020-12-03T06:06:09Z'),
    });
  });

  it('openphish: one link per line, no dates, duplicates once; a form on docs.google.com matches as a whole link only', () => {
    const { entries } = parseFeed('openphish', fixture('openphish.txt'));
    expect(entries.map((e) => [e.value, e.host, e.listedAt])).toEqual([
      ['secure-login.bank-verify.example/signin', 'secure-login.bank-verify.example', null],
      ['account-update.example/paypal/login.php', 'account-update.example', null],
      ['docs.google.com/forms/d/e/1FAIpQLSfPhishForm/viewform', null, null],
    ]);
  });

  it('phishtank: online-valid.json rows, dated by their verification time; an unverified row is skipped', () => {
    const { entries, skipped } = parseFeed('phishtank', fixture('phishtank.json'));
    expect(skipped).toBe(1);
    expect(entries.map((e) => [e.value, e.listedAt?.toISOString()])).toEqual([
      ['wallet-unlock.example/connect', '2026-02-10T12:30:00.000Z'],
      ['toll-pay-now.example/ez', '2026-02-11T10:00:00.000Z'],
    ]);
  });

  it('domains: one host per line (hosts-file lines too); a shared host itself is refused', () => {
    const { entries, skipped, refused } = parseFeed('domains', fixture('domains.txt'));
    expect(entries.map((e) => [e.kind, e.value, e.host])).toEqual([
      ['host', 'usps-redelivery-fee.example', 'usps-redelivery-fee.example'],
      ['host', 'crypto-double.example', 'crypto-double.example'],
    ]);
    expect(skipped).toBe(0);
    expect(refused).toEqual([{ host: 'bit.ly', reason: expect.stringMatching(/shared/) }]);
  });

  it('a file with nothing usable (an error page, the wrong format) is an error, not an empty list', () => {
    expect(() => parseFeed('phishtank', '<html>503</html>')).toThrow(FeedFormatError);
    expect(() => parseFeed('openphish', '<html>\n<body>Service unavailable</body>')).toThrow(FeedFormatError);
  });

  it('an HTML page is never a list, whatever a line of it looks like', () => {
    const page =
      '<!DOCTYPE html>\n<html><head><title>Error 500</title></head>\n<body>\n<p>Please write to</p>\nfeeds.list-provider.example\n</body></html>\n';
    for (const format of ['domains', 'openphish', 'urlhaus'] as const)
      expect(() => parseFeed(format, page), format).toThrow(/HTML/);
  });

  it('"Unauthorized" is not a link: a list entry names a host with a dot, or an IP address', () => {
    expect(() => parseFeed('openphish', 'Unauthorized')).toThrow(FeedFormatError);
    expect(() => parseFeed('openphish', 'http://intranet/login\n')).toThrow(FeedFormatError);
    expect(parseFeed('openphish', 'http://203.0.113.9/x\n').entries).toHaveLength(1);
  });
});

describe('big shared sites (a listed page there is not the site)', () => {
  it('a listed link on a file CDN, object storage, a page builder or a search engine keeps no host: only the whole link matches', () => {
    const text = [
      'https://cdn.discordapp.com/attachments/1/2/invoice.exe',
      'https://firebasestorage.googleapis.com/v0/b/kit/o/login.html',
      'https://telegra.ph/Account-Locked-05-01',
      'https://www.bing.com/ck/a?u=a1aHR0cHM6Ly9ldmls',
      'https://dl.boxcloud.com/d/1/b1!abc/download',
      'https://kit.duckdns.org/pay',
      'https://evil-kit.example/pay',
    ].join('\n');
    expect(parseFeed('openphish', text).entries.map((e) => e.host)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      'evil-kit.example',
    ]);
  });

  it('a domain list naming a big platform, a private suffix itself or a public resolver is refused, with the reason', () => {
    const text = [
      'discordapp.com',
      'cdn.discordapp.com',
      'yandex.ru',
      'mail.ru',
      'zoom.us',
      'doubleclick.net',
      'bing.com',
      'google.com',
      '1.1.1.1',
      'duckdns.org',
      'kit.duckdns.org',
      'evil-kit.example',
    ].join('\n');
    const { entries, refused } = parseFeed('domains', text);
    // One customer's site below a private suffix is that one site, named on purpose.
    expect(entries.map((e) => e.value)).toEqual(['kit.duckdns.org', 'evil-kit.example']);
    expect(refused.map((r) => r.host)).toEqual([
      'discordapp.com',
      'cdn.discordapp.com',
      'yandex.ru',
      'mail.ru',
      'zoom.us',
      'doubleclick.net',
      'bing.com',
      'google.com',
      '1.1.1.1',
      'duckdns.org',
    ]);
    expect(domainEntryRefusal('cdn.discordapp.com')).toMatch(/discordapp\.com/);
    expect(domainEntryRefusal('1.1.1.1')).toMatch(/resolver/);
    expect(domainEntryRefusal('evil-kit.example')).toBeNull();
  });

  it('a link on a big platform has no host to match; one on a private suffix matches its own site only', () => {
    for (const h of [
      'cdn.discordapp.com',
      'bing.com',
      'telegra.ph',
      'mail.ru',
      '1.1.1.1',
      'firebasestorage.googleapis.com',
    ]) {
      expect(isSharedHost(h), h).toBe(true);
      expect(hostCandidates(h), h).toEqual([]);
    }
    expect(isSharedHost('a.kit.duckdns.org')).toBe(true);
    expect(hostCandidates('a.kit.duckdns.org')).toEqual(['a.kit.duckdns.org', 'kit.duckdns.org']);
  });
});

describe('entries no index can hold', () => {
  it(`a link over ${MAX_URL_CHARS} characters is skipped and counted; the rest of the list is read`, () => {
    const text = [
      `https://long-one.example/${'a'.repeat(3000)}`,
      'https://kept.example/x',
      `https://long-two.example/?q=${'b'.repeat(100_000)}`,
    ].join('\n');
    const { entries, tooLong, skipped } = parseFeed('openphish', text);
    expect(entries.map((e) => e.value)).toEqual(['kept.example/x']);
    expect(tooLong).toBe(2);
    expect(skipped).toBe(0);
  });

  it('a host longer than the DNS allows is counted too long, in a list of links as in a list of domains', () => {
    const host = `${'www.a.'.repeat(60)}example.com`;
    const links = parseFeed('openphish', [`https://${host}/x`, 'https://kept.example/x'].join('\n'));
    expect(links.entries.map((e) => e.value)).toEqual(['kept.example/x']);
    expect([links.tooLong, links.skipped]).toEqual([1, 0]);
    const domains = parseFeed('domains', [host, 'kept.example'].join('\n'));
    expect(domains.entries.map((e) => e.value)).toEqual(['kept.example']);
    expect([domains.tooLong, domains.skipped]).toEqual([1, 0]);
  });
});

describe('lists never name a platform (decision 131)', () => {
  const MULTI_TENANT = [
    'https://cdn.shopify.com/s/files/1/0001/kit/invoice.exe',
    'https://jsfiddle.net/kit123/embedded/result/',
    'https://codepen.io/kit/full/AbCdEf',
    'https://replit.com/@kit/login-page',
    'https://gateway.pinata.cloud/ipfs/QmKit123/login.html',
    'https://static1.squarespace.com/static/kit/login.html',
    'https://kit.my.salesforce-sites.com/pay',
    'https://help.shopify.com/kit/login',
    'https://www.nytimes.com/kit/login',
  ];
  const ADDRESSES = [
    'http://192.168.1.1/cgi-bin/mozi.m',
    'http://127.0.0.1:8080/bins/x86',
    'http://10.0.0.1/i.sh',
    'http://169.254.169.254/latest/meta-data',
  ];

  it('a URL row on a multi-tenant host, a popular site or a private address keeps no host: the whole link only', () => {
    const parsed = parseFeed('openphish', [...MULTI_TENANT, ...ADDRESSES, 'https://evil-kit.example/pay'].join('\n'));
    expect(parsed.entries.map((e) => [e.value, e.host])).toEqual([
      ...[...MULTI_TENANT, ...ADDRESSES].map((u) => [normalizeUrl(u)?.url, null]),
      ['evil-kit.example/pay', 'evil-kit.example'],
    ]);
    // The import says how many were narrowed to their whole link, and why.
    expect(parsed.narrowed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'platform', count: 8 }),
        expect.objectContaining({ kind: 'popular', count: 1 }),
        expect.objectContaining({ kind: 'private_address', count: 4 }),
      ]),
    );
  });

  it("a URL row that is only such a host (the router's page, a platform's front page) is refused", () => {
    const parsed = parseFeed(
      'urlhaus',
      ['http://192.168.1.1/', 'https://cdn.shopify.com/', 'https://evil-kit.example/'].map(urlhausRow).join('\n'),
    );
    expect(parsed.entries.map((e) => e.value)).toEqual(['evil-kit.example']);
    expect(parsed.refused).toEqual([
      { host: '192.168.1.1', reason: expect.stringMatching(/private/) },
      { host: 'cdn.shopify.com', reason: expect.stringMatching(/shopify\.com/) },
    ]);
  });

  it('a domains list naming a store, site builder, CRM or mail platform, a popular site or a private address is refused', () => {
    const named = [
      'shopify.com',
      'cdn.shopify.com',
      'squarespace.com',
      'salesforce.com',
      'force.com',
      'tutanota.com',
      'jsfiddle.net',
      'codepen.io',
      'replit.com',
      'gateway.pinata.cloud',
      'nytimes.com',
      'bbc.co.uk',
      '192.168.1.1',
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
    ];
    const { entries, refused } = parseFeed(
      'domains',
      [...named, 'someone.blogspot.com', 'evil-kit.example'].join('\n'),
    );
    expect(refused.map((r) => r.host)).toEqual(named);
    expect(domainEntryRefusal('nytimes.com')).toMatch(/most-visited/);
    expect(domainEntryRefusal('salesforce.com')).toMatch(/platform/);
    // One customer's site below a hosting suffix is still that one site.
    expect(entries.map((e) => e.value)).toEqual(['someone.blogspot.com', 'evil-kit.example']);
  });

  it("a message's link on such a host has no host to match, and neither has a private address", () => {
    for (const h of [
      'help.shopify.com',
      'cdn.shopify.com',
      'jsfiddle.net',
      'www.nytimes.com',
      '192.168.1.1',
      '10.0.0.1',
    ]) {
      expect(isSharedHost(h), h).toBe(true);
      expect(hostCandidates(h), h).toEqual([]);
    }
    expect(hostCandidates('203.0.113.7')).toEqual(['203.0.113.7']);
    expect(hostCandidates('shop.evil-kit.example')).toEqual(['shop.evil-kit.example', 'evil-kit.example']);
  });
});

function urlhausRow(url: string, i: number): string {
  return `"${5000000 + i}","2026-03-06 09:00:00","${url}","online","","malware_download","","https://urlhaus.abuse.ch/url/${5000000 + i}/","tester"`;
}
