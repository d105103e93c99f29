import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FeedFormat } from '@redflag/contracts/reputation';
import type { StoredScan } from '@redflag/contracts/scan';
import { reputationFeed, reputationFeedEntry } from '../db/schema/reputation.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, createTestAppPair, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';
import { importFeed, refreshFeeds } from './feeds.service.ts';
import { importReport, parseImportArgs } from './import.ts';
import { deleteFeed } from './reputation.repo.ts';

// Known-bad lists (decision 103): each format imported from the fixtures, a scan whose link is listed says so
// and is Scam, shared hosts match only whole links, and the scheduled refresh against a local HTTP server.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const BLAND = 'Hi, here are the notes from today, see you on Thursday: ';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
  const load = (name: string, format: FeedFormat, file: string) =>
    importFeed(t.ctx, { name, format, sourceUrl: null }, fixture(file));
  await load('urlhaus', 'urlhaus', 'urlhaus.csv');
  await load('openphish', 'openphish', 'openphish.txt');
  await load('phishtank', 'phishtank', 'phishtank.json');
  await load('blocklist', 'domains', 'domains.txt');
});
afterAll(async () => {
  await t.close();
});

async function scan(message: string): Promise<StoredScan> {
  return okData(await apiClient(t)('createScan', { body: { message }, headers: u.headers }), 200);
}

describe('a scan whose link is on an imported list', () => {
  it('is Scam, with a first reason naming the list and when the link was listed, and the policy step recorded', async () => {
    const plain = await scan(`${BLAND}https://example.org/notes`);
    expect(plain.riskScore).toBeLessThan(40);

    const s = await scan(`${BLAND}https://wallet-unlock.example/connect`);
    expect(s.riskScore).toBeGreaterThanOrEqual(90);
    expect(s.scamType).not.toBeNull();
    expect(s.reasonDetails[0]).toMatchObject({
      id: 'known_bad_list',
      severity: 'high',
      text: 'This link is on the known-bad list "phishtank" (listed 2026-02-10)',
    });
    expect(s.reasons[0]).toBe(s.reasonDetails[0]?.text);
    expect(s.policy?.at(-1)).toMatchObject({ id: 'known_bad_link', to: s.riskScore });
    expect(s.reputation?.listings).toEqual([
      {
        list: 'phishtank',
        listedAt: '2026-02-10T12:30:00Z',
        match: 'url',
        url: 'https://wallet-unlock.example/connect',
      },
    ]);
    // What was stored is what was answered.
    const again = okData(await apiClient(t)('getScan', { params: { id: s.id }, headers: u.headers }));
    expect(again.reputation).toEqual(s.reputation);
    expect(again.riskScore).toBe(s.riskScore);
  });

  it('the /v1 answer carries the same: verdict scam, the listing first and in `reputation`', async () => {
    const { key } = okData(await apiClient(t)('createApiKey', { body: { name: 'lists' }, headers: u.headers }));
    const res = await v1Client(t, { key })('createScan', {
      body: { message: `${BLAND}http://toll-pay-now.example/ez` },
    });
    const scan = okData(res, 201);
    expect(scan.verdict).toBe('scam');
    expect(scan.reasonDetails[0]?.id).toBe('known_bad_list');
    expect(scan.reputation?.listings).toEqual([
      { list: 'phishtank', listedAt: '2026-02-11T10:00:00Z', match: 'url', url: 'http://toll-pay-now.example/ez' },
    ]);
  });

  it('matches through scheme, case, www, tracking parameters and a trailing slash (OpenPhish, URLhaus)', async () => {
    const s = await scan(`${BLAND}HTTP://WWW.Secure-Login.Bank-Verify.example/signin?utm_campaign=x`);
    expect(s.reputation?.listings[0]).toMatchObject({ list: 'openphish', match: 'url' });
    const ip = await scan(`${BLAND}http://203.0.113.7:8080/bins/mozi.m`);
    expect(ip.reputation?.listings[0]).toMatchObject({
      list: 'urlhaus',
      match: 'url',
      listedAt: '2026-03-02T08:15:00Z',
    });
  });

  it("a listed link's site matches other pages and subdomains of it; a plain domain list matches by host", async () => {
    const s = await scan(`${BLAND}https://pay.parcel-fee-pay.example/other-page`);
    expect(s.reasonDetails[0]?.text).toBe('This link\'s site is on the known-bad list "urlhaus" (listed 2026-03-03)');
    const d = await scan(`${BLAND}http://track.usps-redelivery-fee.example/x`);
    expect(d.reputation?.listings[0]).toMatchObject({ list: 'blocklist', match: 'host' });
    expect(d.riskScore).toBeGreaterThanOrEqual(90);
  });

  it('on a shortener or a document site only the whole listed link matches, never the host', async () => {
    const listed = await scan(`${BLAND}https://bit.ly/3xYzAbC`);
    expect(listed.reputation?.listings).toEqual([expect.objectContaining({ list: 'urlhaus', match: 'url' })]);
    const other = await scan(`${BLAND}https://bit.ly/3xYzAbc`);
    expect(other.reputation?.listings ?? []).toEqual([]);
    const form = await scan(`${BLAND}https://docs.google.com/forms/d/e/AnotherForm/viewform`);
    expect(form.reputation?.listings ?? []).toEqual([]);
    expect(form.reasonDetails.some((r) => r.id === 'known_bad_list')).toBe(false);
  });
});

describe('lists naming big shared sites', () => {
  const BIG = [
    'https://cdn.discordapp.com/attachments/1/2/invoice.exe',
    'https://firebasestorage.googleapis.com/v0/b/kit/o/login.html',
    'https://telegra.ph/Account-Locked-05-01',
    'https://www.bing.com/ck/a?u=a1aHR0cHM6Ly9ldmls',
    'https://dl.boxcloud.com/d/1/b1!abc/download',
  ];
  const urlhausRow = (url: string, i: number) =>
    `"${4000000 + i}","2026-03-06 09:00:00","${url}","online","","malware_download","","https://urlhaus.abuse.ch/url/${4000000 + i}/","tester"`;
  let platforms: Awaited<ReturnType<typeof importFeed>>;
  beforeAll(async () => {
    await importFeed(
      t.ctx,
      { name: 'urlhaus-big', format: 'urlhaus', sourceUrl: null },
      BIG.map(urlhausRow).join('\n'),
    );
    platforms = await importFeed(
      t.ctx,
      { name: 'platforms', format: 'domains', sourceUrl: null },
      'discordapp.com\nyandex.ru\nmail.ru\nzoom.us\ndoubleclick.net\n1.1.1.1\nreal-bad-site.example\n',
    );
  });

  it('a harmless message with Bing and Discord CDN links matches nothing; the listed pages still match as whole links', async () => {
    const s = await scan(
      `${BLAND}https://www.bing.com/search?q=thursday+notes and the slides https://cdn.discordapp.com/attachments/9/8/slides.pdf`,
    );
    expect(s.reputation?.listings ?? []).toEqual([]);
    expect(s.riskScore).toBeLessThan(40);
    const other = await scan(
      `${BLAND}https://zoom.us/j/123456789 or https://mail.ru/inbox and https://telegra.ph/Team-Notes-05-02`,
    );
    expect(other.reputation?.listings ?? []).toEqual([]);
    const listed = await scan(`${BLAND}https://cdn.discordapp.com/attachments/1/2/invoice.exe`);
    expect(listed.reputation?.listings).toEqual([expect.objectContaining({ list: 'urlhaus-big', match: 'url' })]);
  });

  it('a domain list naming a big platform or a public resolver loads the rest, and the import says what it refused and why', async () => {
    expect(platforms).toMatchObject({ entries: 1, skipped: 0, tooLong: 0 });
    expect(platforms.refused.map((r) => r.host)).toEqual([
      'discordapp.com',
      'yandex.ru',
      'mail.ru',
      'zoom.us',
      'doubleclick.net',
      '1.1.1.1',
    ]);
    const lines = importReport(platforms);
    expect(lines[0]).toBe('platforms: 1 entries loaded, 6 refused');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}refused discordapp\.com: .*shared/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}refused 1\.1\.1\.1: .*resolver/));
    const d = await scan(`${BLAND}https://real-bad-site.example/x`);
    expect(d.reputation?.listings[0]).toMatchObject({ list: 'platforms', match: 'host' });
  });
});

describe('lists never name a platform (decision 131)', () => {
  const urlhausRow = (url: string, i: number) =>
    `"${6000000 + i}","2026-03-07 09:00:00","${url}","online","","malware_download","","https://urlhaus.abuse.ch/url/${6000000 + i}/","tester"`;
  let urls: Awaited<ReturnType<typeof importFeed>>;
  let domains: Awaited<ReturnType<typeof importFeed>>;
  beforeAll(async () => {
    urls = await importFeed(
      t.ctx,
      { name: 'urlhaus-tenants', format: 'urlhaus', sourceUrl: null },
      [
        'https://cdn.shopify.com/s/files/1/0001/kit/invoice.exe',
        'https://jsfiddle.net/kit123/embedded/result/',
        'https://gateway.pinata.cloud/ipfs/QmKit123/login.html',
        'http://192.168.1.1/cgi-bin/mozi.m',
        'http://192.168.1.1/',
        'https://tenant-kit.example/pay',
      ]
        .map(urlhausRow)
        .join('\n'),
    );
    domains = await importFeed(
      t.ctx,
      { name: 'tenant-domains', format: 'domains', sourceUrl: null },
      'shopify.com\nsquarespace.com\nsalesforce.com\nforce.com\ntutanota.com\nnytimes.com\ntenant-bad.example\n',
    );
  });

  it('a URLhaus row on cdn.shopify.com does not make a product photo Scam; the listed link itself still is', async () => {
    const photo = await scan('Our product photo https://cdn.shopify.com/s/files/1/0001/shirt.jpg');
    expect(photo.reputation?.listings ?? []).toEqual([]);
    expect(photo.riskScore).toBeLessThan(90);
    const listed = await scan(`${BLAND}https://cdn.shopify.com/s/files/1/0001/kit/invoice.exe`);
    expect(listed.reputation?.listings).toEqual([expect.objectContaining({ list: 'urlhaus-tenants', match: 'url' })]);
  });

  it('a domains list naming shopify.com does not make its help pages Scam, and the import says what it refused', async () => {
    const help = await scan('https://help.shopify.com/en/manual');
    expect(help.reputation?.listings ?? []).toEqual([]);
    // A bare link is the text model's alone (no list step): what matters is that no list speaks.
    expect(help.reasonDetails.some((r) => r.id === 'known_bad_list')).toBe(false);
    expect(help.policy?.some((p) => p.id === 'known_bad_link')).toBe(false);
    expect(domains.refused.map((r) => r.host)).toEqual([
      'shopify.com',
      'squarespace.com',
      'salesforce.com',
      'force.com',
      'tutanota.com',
      'nytimes.com',
    ]);
    const bad = await scan(`${BLAND}https://tenant-bad.example/x`);
    expect(bad.reputation?.listings[0]).toMatchObject({ list: 'tenant-domains', match: 'host' });
  });

  it("a URL row on 192.168.1.1 does not make the router's page Scam", async () => {
    const router = await scan('log in to your router at http://192.168.1.1/');
    expect(router.reputation?.listings ?? []).toEqual([]);
    expect(router.riskScore).toBeLessThan(90);
  });

  it('the import report says how many rows match as whole links only, and why, and which rows it refused', () => {
    expect(urls).toMatchObject({ entries: 5 });
    const lines = importReport(urls);
    expect(lines[0]).toBe('urlhaus-tenants: 5 entries loaded, 1 refused, 4 match as whole links only');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}whole links only: 3 .*platform/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}whole links only: 1 .*private/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}refused 192\.168\.1\.1: .*private/));
  });
});

describe('when the lookup fails', () => {
  it('the scan is answered by the engine alone, and the log names no link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const broken = await createTestApp({ LOG_LEVEL: 'trace' }, { logDestination: sink });
    try {
      const v = await createPremiumUser(broken);
      await broken.ctx.database.db.execute(sql`drop table reputation_feed_entry`);
      const res = await apiClient(broken)('createScan', {
        body: { message: `${BLAND}https://private-marker-host.example/path` },
        headers: v.headers,
      });
      expect(okData(res, 200).reputation).toBeUndefined();
      const log = lines.join('');
      expect(log).toContain('reputation lookup failed');
      expect(log).not.toContain('private-marker-host');
    } finally {
      await broken.close();
    }
  });
});

describe('/metrics without a database', () => {
  it("still renders, without the lists' gauges", async () => {
    const gone = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
    await importFeed(gone.ctx, { name: 'gone', format: 'domains', sourceUrl: null }, 'gone.example\n');
    await gone.ctx.database.close();
    const res = await gone.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('http_requests_total');
    expect(text).not.toContain('redflag_feed_entries{feed="gone"}');
  });
});

describe('importing a list again', () => {
  it('replaces the copy: dropped entries go, kept ones keep when they were first seen', async () => {
    const first = await importFeed(
      t.ctx,
      { name: 'again', format: 'openphish', sourceUrl: null },
      'https://one.example/a\nhttps://two.example/b\n',
    );
    expect(first.entries).toBe(2);
    const before = await t.ctx.database.db
      .select()
      .from(reputationFeedEntry)
      .where(eq(reputationFeedEntry.feed, 'again'));
    t.ctx.clock.advance(3_600_000);
    await importFeed(
      t.ctx,
      { name: 'again', format: 'openphish', sourceUrl: null },
      'https://two.example/b\nhttps://three.example/c\n',
    );
    const after = await t.ctx.database.db
      .select()
      .from(reputationFeedEntry)
      .where(eq(reputationFeedEntry.feed, 'again'));
    expect(after.map((e) => e.value).sort()).toEqual(['three.example/c', 'two.example/b']);
    const kept = (rows: typeof after) => rows.find((e) => e.value === 'two.example/b')?.listedAt.getTime();
    expect(kept(after)).toBe(kept(before));
  });

  it('removing a list deletes its entries: its links match nothing any more', async () => {
    await importFeed(t.ctx, { name: 'doomed', format: 'domains', sourceUrl: null }, 'doomed-site.example\n');
    expect((await scan(`${BLAND}https://doomed-site.example/a`)).reputation?.listings).toHaveLength(1);
    expect(await deleteFeed(t.ctx.database.db, 'doomed')).toBe(true);
    expect(await deleteFeed(t.ctx.database.db, 'doomed')).toBe(false);
    expect((await scan(`${BLAND}https://doomed-site.example/a`)).reputation?.listings).toEqual([]);
  });

  it('a file with nothing usable changes nothing', async () => {
    await expect(
      importFeed(t.ctx, { name: 'again', format: 'phishtank', sourceUrl: null }, '<html>error</html>'),
    ).rejects.toThrow(/HTML/);
    await expect(
      importFeed(t.ctx, { name: 'again', format: 'phishtank', sourceUrl: null }, '{"error": "rate limited"}'),
    ).rejects.toThrow(/not a JSON array/);
    const rows = await t.ctx.database.db
      .select()
      .from(reputationFeedEntry)
      .where(eq(reputationFeedEntry.feed, 'again'));
    expect(rows).toHaveLength(2);
  });

  it('npm run feeds:import reads --format, the file and an optional --name', () => {
    expect(parseImportArgs(['--format', 'urlhaus', 'dump.csv'])).toEqual({
      format: 'urlhaus',
      file: 'dump.csv',
      name: 'urlhaus',
    });
    expect(parseImportArgs(['--format=domains', 'bad.txt', '--name', 'My-List'])).toEqual({
      format: 'domains',
      file: 'bad.txt',
      name: 'my-list',
    });
    expect(() => parseImportArgs(['--format', 'csv', 'x'])).toThrow(/usage/);
    expect(() => parseImportArgs(['--format', 'urlhaus'])).toThrow(/usage/);
    expect(parseImportArgs(['--remove', 'My-List'])).toEqual({ remove: 'my-list' });
    expect(() => parseImportArgs(['--remove'])).toThrow(/usage/);
  });
});

describe('the scheduled refresh (FEEDS)', () => {
  let server: Server;
  let base: string;
  let goodAnswers: 'feed' | 'error' | 'garbage' = 'feed';
  let requests = 0;
  let r: TestApp;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      if (req.url === '/good' && goodAnswers === 'feed') {
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('https://refresh-one.example/login\nhttps://refresh-two.example/pay\n');
      } else if (req.url === '/good' && goodAnswers === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
      } else {
        res.writeHead(503).end('unavailable');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    r = await createTestApp({
      FEEDS: `good=openphish:${base}/good, down=urlhaus:${base}/down`,
      FEEDS_REFRESH_MINUTES: '60',
      METRICS_TOKEN: 'metrics-token-0123456789',
    });
  });
  afterAll(async () => {
    await r.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads a list served over HTTP, records a failing one, and does not download again before the interval', async () => {
    const outcomes = await refreshFeeds(r.ctx);
    expect(outcomes).toEqual([
      { name: 'good', status: 'refreshed', entries: 2 },
      { name: 'down', status: 'failed', reason: 'download', error: 'HTTP 503' },
    ]);
    const feeds = await r.ctx.database.db.select().from(reputationFeed).orderBy(reputationFeed.name);
    expect(feeds.map((f) => [f.name, f.entries, f.refreshedAt !== null, f.lastError])).toEqual([
      ['down', 0, false, 'download: HTTP 503'],
      ['good', 2, true, null],
    ]);
    const before = requests;
    expect((await refreshFeeds(r.ctx)).map((o) => o.status)).toEqual(['not_due', 'not_due']);
    expect(requests).toBe(before);
  });

  it('keeps the last good copy when a later download fails or returns something that is not the list', async () => {
    r.ctx.clock.advance(61 * 60_000);
    goodAnswers = 'error';
    expect((await refreshFeeds(r.ctx))[0]).toMatchObject({ name: 'good', status: 'failed' });
    r.ctx.clock.advance(61 * 60_000);
    goodAnswers = 'garbage';
    expect((await refreshFeeds(r.ctx))[0]).toMatchObject({ name: 'good', status: 'failed', reason: 'html' });
    const entries = await r.ctx.database.db
      .select()
      .from(reputationFeedEntry)
      .where(eq(reputationFeedEntry.feed, 'good'));
    expect(entries.map((e) => e.value).sort()).toEqual(['refresh-one.example/login', 'refresh-two.example/pay']);
  });

  it.skipIf(inject('testDatabase').driver !== 'postgres')(
    'two instances refreshing at once download each list once, and both see it',
    async () => {
      const [one, two] = await createTestAppPair({ FEEDS: `good=openphish:${base}/good`, FEEDS_REFRESH_MINUTES: '60' });
      try {
        goodAnswers = 'feed';
        const before = requests;
        const [a, b] = await Promise.all([refreshFeeds(one.ctx), refreshFeeds(two.ctx)]);
        expect([a[0]?.status, b[0]?.status].sort()).toEqual(['not_due', 'refreshed']);
        expect(requests - before).toBe(1);
        const u2 = await createPremiumUser(two);
        const res = await apiClient(two)('createScan', {
          body: { message: `${BLAND}https://refresh-one.example/login` },
          headers: u2.headers,
        });
        expect(okData(res).reputation?.listings[0]).toMatchObject({
          list: 'good',
          match: 'url',
        });
      } finally {
        await two.ctx.database.close();
        await one.close();
      }
    },
  );

  it("/readyz and /metrics report each list's age since its last good copy", async () => {
    const ready = await r.request('/readyz');
    expect(ready.status).toBe(200);
    // In the lists' name order (down, good), without their names.
    const body = (await ready.json()) as {
      feeds: Array<{ ageSeconds: number | null; stale: boolean; lastFailure: string | null }>;
    };
    const [down, good] = body.feeds;
    // Two hours of test clock since the good copy, plus the seconds the test itself took.
    expect(good).toMatchObject({ stale: false, lastFailure: 'html' });
    expect(good?.ageSeconds).toBeGreaterThanOrEqual(122 * 60);
    expect(good?.ageSeconds).toBeLessThan(122 * 60 + 120);
    expect(down).toEqual({ ageSeconds: null, stale: true, lastFailure: 'download' });

    const metrics = await r.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    const text = await metrics.text();
    const age = Number(/^redflag_feed_age_seconds\{feed="good"\} (\d+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(122 * 60);
    expect(age).toBeLessThan(122 * 60 + 120);
    expect(text).toContain('redflag_feed_entries{feed="good"} 2');
    expect(text).not.toContain('redflag_feed_age_seconds{feed="down"}');
    expect(text).toContain('redflag_feed_failure{feed="good",reason="html"} 1');
  });
});

describe('a refresh that does not look like the list', () => {
  let server: Server;
  const bodies = new Map<string, string>();
  let r: TestApp;
  let v: TestUser;
  const TOKEN = 'metrics-token-0123456789';
  const refresh = (name: string) =>
    refreshFeeds(
      r.ctx,
      r.config.feeds.lists.filter((l) => l.name === name),
      { force: true },
    );
  const metrics = async () => (await r.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const entriesOf = async (feed: string) =>
    (await r.ctx.database.db.select().from(reputationFeedEntry).where(eq(reputationFeedEntry.feed, feed)))
      .map((e) => e.value)
      .sort();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = bodies.get(req.url ?? '');
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const lists = [
      'phish=openphish:/phish',
      'blocklist=domains:/domains',
      'long=openphish:/long',
      'platforms=domains:/platforms',
    ].map((l) => l.replace(':/', `:${base}/`));
    r = await createTestApp({ FEEDS: lists.join(','), FEEDS_REFRESH_MINUTES: '60', METRICS_TOKEN: TOKEN });
    v = await createPremiumUser(r);
  });
  afterAll(async () => {
    await r.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a 200 answering "Unauthorized", or an HTML error page for a domain list, is refused and reported; the good copy stays', async () => {
    bodies.set('/phish', 'https://refused-one.example/login\nhttps://refused-two.example/pay\n');
    bodies.set('/domains', "# the provider's list\nbad-one.example\nbad-two.example\n");
    expect([...(await refresh('phish')), ...(await refresh('blocklist'))]).toEqual([
      { name: 'phish', status: 'refreshed', entries: 2 },
      { name: 'blocklist', status: 'refreshed', entries: 2 },
    ]);

    bodies.set('/phish', 'Unauthorized');
    bodies.set(
      '/domains',
      '<!DOCTYPE html>\n<html><head><title>Error 500</title></head>\n<body>\n<p>Please write to</p>\nfeeds.list-provider.example\n</body></html>\n',
    );
    expect([...(await refresh('phish')), ...(await refresh('blocklist'))]).toEqual([
      { name: 'phish', status: 'failed', reason: 'too_small', error: expect.any(String) },
      { name: 'blocklist', status: 'failed', reason: 'html', error: expect.any(String) },
    ]);
    expect(await entriesOf('phish')).toEqual(['refused-one.example/login', 'refused-two.example/pay']);
    expect(await entriesOf('blocklist')).toEqual(['bad-one.example', 'bad-two.example']);

    // The provider's own site, named on the error page, is not a listed site.
    const res = await apiClient(r)('createScan', {
      body: { message: `${BLAND}https://feeds.list-provider.example/status` },
      headers: v.headers,
    });
    const s = okData(res);
    expect(s.reputation?.listings ?? []).toEqual([]);
    expect(s.riskScore).toBeLessThan(40);

    const ready = (await (await r.request('/readyz')).json()) as {
      feeds: Array<{ lastFailure: string | null; stale: boolean }>;
    };
    // blocklist, phish: in name order.
    expect(ready.feeds).toEqual([
      { ageSeconds: expect.any(Number), stale: false, lastFailure: 'html' },
      { ageSeconds: expect.any(Number), stale: false, lastFailure: 'too_small' },
    ]);
    const text = await metrics();
    expect(text).toContain('redflag_feed_failure{feed="phish",reason="too_small"} 1');
    expect(text).toContain('redflag_feed_failure{feed="blocklist",reason="html"} 1');
    expect(text).toContain('redflag_feed_refreshes_total{feed="blocklist",outcome="html"} 1');
    expect(text).toContain('redflag_feed_entries{feed="blocklist"} 2');
  });

  it('a copy that lost more than half its entries at once is kept aside as a suspicious refresh', async () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((x) => `https://shrink-${x}.example/login`);
    bodies.set('/phish', `${many.join('\n')}\n`);
    expect(await refresh('phish')).toEqual([{ name: 'phish', status: 'refreshed', entries: 5 }]);
    bodies.set('/phish', `${many.slice(0, 2).join('\n')}\n`);
    expect(await refresh('phish')).toEqual([
      { name: 'phish', status: 'failed', reason: 'shrank', error: expect.stringMatching(/2 entries.*5/) },
    ]);
    expect(await entriesOf('phish')).toHaveLength(5);
    expect(await metrics()).toContain('redflag_feed_failure{feed="phish",reason="shrank"} 1');
    // Losing half or less is an ordinary refresh, and clears the report.
    bodies.set('/phish', `${many.slice(0, 3).join('\n')}\n`);
    expect(await refresh('phish')).toEqual([{ name: 'phish', status: 'refreshed', entries: 3 }]);
    expect(await metrics()).not.toContain('redflag_feed_failure{feed="phish"');
  });

  it('one over-long link never stops a list: the rest loads and the skipped ones are counted', async () => {
    // Random text, as a real kit's token is: a repeated letter would compress below the index's limit.
    const noise = (chars: number) => randomBytes(Math.ceil((chars * 3) / 4)).toString('base64url');
    bodies.set(
      '/long',
      [
        `https://long-3k.example/${noise(3000)}`,
        'https://kept-one.example/a',
        `https://long-100k.example/?q=${noise(100_000)}`,
        'https://kept-two.example/b',
      ].join('\n'),
    );
    expect(await refresh('long')).toEqual([{ name: 'long', status: 'refreshed', entries: 2 }]);
    expect(await entriesOf('long')).toEqual(['kept-one.example/a', 'kept-two.example/b']);
    expect(await metrics()).toContain('redflag_feed_skipped_total{feed="long",reason="too_long"} 2');
  });

  it('a scheduled domain list naming a big platform loads the rest and counts what it skipped', async () => {
    bodies.set('/platforms', 'discordapp.com\n1.1.1.1\nreal-bad-two.example\n');
    expect(await refresh('platforms')).toEqual([{ name: 'platforms', status: 'refreshed', entries: 1 }]);
    expect(await metrics()).toContain('redflag_feed_skipped_total{feed="platforms",reason="shared_host"} 2');
  });
});
