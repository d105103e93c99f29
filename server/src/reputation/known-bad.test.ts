import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiScanSchema, createdApiKeySchema } from '@redflag/contracts/api';
import { storedScanSchema } from '@redflag/contracts/scan';
import { parseFeed } from './formats.ts';
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
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await createPremiumUser(t);
  const created = await t.request('/api/api-keys', { method: 'POST', headers: u.headers, json: { name: 'lists' } });
  apiKey = createdApiKeySchema.parse(await created.json()).key;
});
afterAll(async () => {
  await t.close();
});

async function webListings(message: string) {
  const res = await t.request('/api/scans', { method: 'POST', headers: u.headers, json: { message } });
  expect(res.status).toBe(200);
  return storedScanSchema.parse(await res.json()).reputation?.listings ?? [];
}

async function apiListings(message: string) {
  const res = await t.request('/v1/scans', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}` },
    json: { message },
  });
  expect(res.status).toBe(201);
  return apiScanSchema.parse(await res.json()).reputation?.listings ?? [];
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
        storedScanSchema.parse(
          await (
            await a.request('/api/scans', { method: 'POST', headers: ua.headers, json: { message: `${BLAND}${LINK}` } })
          ).json(),
        ).reputation?.listings ?? [];
      expect(await scanOnA()).toEqual([]);
      await importFeed(b.ctx, { name: 'from-b', format: 'openphish', sourceUrl: null }, `${LINK}\n`);
      expect(await scanOnA()).toMatchObject([{ list: 'from-b', match: 'url' }]);
    } finally {
      await b.ctx.database.close();
      await a.close();
    }
  });
});
