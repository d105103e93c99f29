import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseFeed } from './formats.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, createTestAppPair, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';
import { importFeed } from './feeds.service.ts';
import { deleteFeed, ensureFeed, replaceFeedEntries } from './reputation.repo.ts';
import { VERSION_CHECK_MS } from './known-bad.ts';

// Each instance holds the known-bad lists in memory (docs/decisions/116); a list changed by another instance
// (or by `npm run feeds:import` against PostgreSQL) is seen without a restart. "Another instance" here is a
// change made on the database directly, past this instance's context, as another process would make it.

const BLAND = 'Hi, here are the notes from today, see you on Thursday: ';
const LINK = 'https://other-instance-listed.example/login';

let t: TestApp;
let u: TestUser;
let v1: ReturnType<typeof v1Client>;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
  const created = await apiClient(t)('createApiKey', { body: { name: 'lists' }, headers: u.headers });
  v1 = v1Client(t, { key: okData(created, 201).key });
});
afterAll(async () => {
  await t.close();
});

async function webListings(message: string) {
  const scan = okData(await apiClient(t)('createScan', { body: { message }, headers: u.headers }), 200);
  return scan.reputation?.listings ?? [];
}

async function apiListings(message: string) {
  return okData(await v1('createScan', { body: { message } }), 201).reputation?.listings ?? [];
}

/** A list loaded as another instance loads it: straight into the shared database. */
async function loadElsewhere(name: string, text: string) {
  const db = t.ctx.database.db;
  await ensureFeed(db, { name, format: 'openphish', sourceUrl: null });
  await replaceFeedEntries(db, name, parseFeed('openphish', text).entries, t.ctx.clock.now());
}

describe('a list changed by another instance', () => {
  it('the next web scan sees a list another instance loaded, and one it removed', async () => {
    expect(await webListings(`${BLAND}${LINK}`)).toEqual([]);
    await loadElsewhere('elsewhere', `${LINK}\n`);
    expect(await webListings(`${BLAND}${LINK}`)).toMatchObject([{ list: 'elsewhere', match: 'url' }]);
    await deleteFeed(t.ctx.database.db, 'elsewhere');
    expect(await webListings(`${BLAND}${LINK}`)).toEqual([]);
  });

  it(`a public API scan sees it within ${VERSION_CHECK_MS / 1000} s, and this instance's own import at once`, async () => {
    const link = 'https://api-path-listed.example/pay';
    expect(await apiListings(`${BLAND}${link}`)).toEqual([]);
    await loadElsewhere('elsewhere-api', `${link}\n`);
    t.ctx.clock.advance(VERSION_CHECK_MS);
    expect(await apiListings(`${BLAND}${link}`)).toMatchObject([{ list: 'elsewhere-api', match: 'url' }]);

    const own = 'https://own-import-listed.example/pay';
    await importFeed(t.ctx, { name: 'own', format: 'openphish', sourceUrl: null }, `${own}\n`);
    expect(await apiListings(`${BLAND}${own}`)).toMatchObject([{ list: 'own', match: 'url' }]);
  });
});

describe.skipIf(inject('testDatabase').driver !== 'postgres')('two instances on one PostgreSQL', () => {
  it("an instance's next scan sees a list the other one imported", async () => {
    const [a, b] = await createTestAppPair();
    try {
      const ua = await createPremiumUser(a);
      const scanOnA = async () =>
        okData(await apiClient(a)('createScan', { body: { message: `${BLAND}${LINK}` }, headers: ua.headers }))
          .reputation?.listings ?? [];
      expect(await scanOnA()).toEqual([]);
      await importFeed(b.ctx, { name: 'from-b', format: 'openphish', sourceUrl: null }, `${LINK}\n`);
      expect(await scanOnA()).toMatchObject([{ list: 'from-b', match: 'url' }]);
    } finally {
      await b.ctx.database.close();
      await a.close();
    }
  });
});
