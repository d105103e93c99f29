import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGHTING_WINDOW_DAYS } from '@redflag/contracts/reputation';
import type { StoredScan } from '@redflag/contracts/scan';
import { updateAccount } from '../billing/billing.repo.ts';
import { reputationSighting } from '../db/schema/reputation.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPaidUser, type TestUser } from '../test/users.ts';

// Reports from other users (decision 103): scans from 3 different verified accounts within 30 days that flag
// a number, an address or a link host are reported to the next scan naming it; one account counts once, even
// from concurrent scans; only keyed hashes are stored; "not a scam" and the account setting withdraw.

const PHONE = '+44 20 7946 0958';
const EMAIL = 'Jamie.Lee@Harbor-Supplies.net';
const HOST = 'usps-redelivery-fee.top';
const SCAM = `USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://${HOST}/pay or it will be returned.`;
const LEGIT = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

async function scan(u: TestUser, body: { message: string; phoneNumber?: string; email?: string }): Promise<StoredScan> {
  const res = await call('createScan', { headers: u.headers, body });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`scan refused: ${res.error.code}`);
  return res.data;
}

/** A scan that flags nothing, naming the values: what a fourth person sees. It reports nothing itself. */
async function probe(u: TestUser, phoneNumber = PHONE, email = EMAIL) {
  const s = await scan(u, { message: LEGIT, phoneNumber, email });
  expect(s.riskScore).toBeLessThan(40);
  return s.reputation?.sightings ?? [];
}

const rowCount = async () =>
  (await t.ctx.database.db.select({ h: reputationSighting.contributorHash }).from(reputationSighting)).length;

describe('reports from other users', () => {
  let a: TestUser, b: TestUser, c: TestUser, d: TestUser;
  let aScan: StoredScan;

  beforeAll(async () => {
    [a, b, c, d] = await Promise.all([createPaidUser(t), createPaidUser(t), createPaidUser(t), createPaidUser(t)]);
  });

  it('two accounts are not enough: nothing is shown below the threshold', async () => {
    const flagged = await Promise.all([
      scan(a, { message: SCAM, phoneNumber: PHONE }),
      scan(b, { message: SCAM, phoneNumber: PHONE }),
    ]);
    expect(flagged.every((s) => s.riskScore >= 40)).toBe(true);
    aScan = flagged[0] as StoredScan;
    expect(await probe(d)).toEqual([]);
  });

  it('three accounts, each scanning three times at once, count three; the fourth is told, with the date', async () => {
    await Promise.all(
      [a, b, c, a, b, c, a, b, c].map((u) => scan(u, { message: SCAM, phoneNumber: PHONE, email: EMAIL })),
    );
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    const seen = await probe(d);
    expect(seen).toEqual(
      expect.arrayContaining([
        { kind: 'phone', value: PHONE, count: 3, since: today },
        { kind: 'email', value: EMAIL, count: 3, since: today },
      ]),
    );
    // One row per account and value: phone, address and host of a, b and c.
    expect(await rowCount()).toBe(9);
    // The link host too, on a scan that names it (flagged itself for its .top link: d now reports the host).
    const withLink = await scan(d, { message: `${LEGIT} https://${HOST}/other` });
    expect(withLink.reputation?.sightings).toEqual([{ kind: 'host', value: HOST, count: 3, since: today }]);
    expect(await rowCount()).toBe(10);
  });

  it("an account's own reports are not counted for it: a sees two others, below the threshold", async () => {
    expect(await probe(a)).toEqual([]);
  });

  it('an unverified account and an account that keeps its scans out add nothing', async () => {
    const unverified = await createPaidUser(t, { emailVerified: false });
    const private_ = await createPaidUser(t);
    const set = await call('saveReportSharing', { headers: private_.headers, body: { shareReports: false } });
    expect(set.ok && set.data).toEqual({ shareReports: false });
    const got = await call('getReportSharing', { headers: private_.headers });
    expect(got.ok && got.data).toEqual({ shareReports: false });
    // The data export says so too.
    const exported = await call('exportAccount', { headers: private_.headers });
    expect(exported.ok && exported.data.reportSharing).toEqual({ shareReports: false });
    await scan(unverified, { message: SCAM, phoneNumber: PHONE });
    await scan(private_, { message: SCAM, phoneNumber: PHONE });
    expect(await rowCount()).toBe(10);
    expect((await probe(d)).find((s) => s.kind === 'phone')?.count).toBe(3);
  });

  it('"not a scam" on its own scan withdraws that account\'s report', async () => {
    const res = await call('saveFeedback', {
      params: { id: aScan.id },
      headers: a.headers,
      body: { label: 'not_scam' },
    });
    expect(res.status).toBe(200);
    // a's phone and its link's host go; a's address stays (the scan marked did not name it).
    expect(await rowCount()).toBe(8);
    expect((await probe(d)).map((s) => s.kind)).toEqual(['email']);
  });

  it('keeping scans out withdraws the reports the account already made', async () => {
    const res = await call('saveReportSharing', { headers: b.headers, body: { shareReports: false } });
    expect(res.status).toBe(200);
    expect(await rowCount()).toBe(5);
    expect(await probe(d)).toEqual([]);
    // And back on: later flagged scans count again.
    expect((await call('saveReportSharing', { headers: b.headers, body: { shareReports: true } })).status).toBe(200);
    await scan(b, { message: SCAM, phoneNumber: PHONE, email: EMAIL });
    expect((await probe(d)).map((s) => s.kind)).toEqual(['email']);
  });

  it('a shared verdict shows the report without the number unless the owner includes the message', async () => {
    const shown = await scan(d, { message: LEGIT, phoneNumber: PHONE, email: EMAIL });
    expect(shown.reputation?.sightings.length).toBe(1);
    const share = async (includeMessage: boolean) => {
      const put = await call('saveShare', { params: { id: shown.id }, headers: d.headers, body: { includeMessage } });
      if (!put.ok || !put.data.share) throw new Error(`share refused: ${put.status}`);
      const shared = await call('getSharedScan', { params: { token: put.data.share.token } });
      if (!shared.ok) throw new Error(`shared verdict refused: ${shared.error.code}`);
      return shared.data;
    };
    const hidden = await share(false);
    expect(hidden.reputation?.sightings).toEqual([{ kind: 'email', value: null, count: 3, since: expect.any(String) }]);
    expect(JSON.stringify(hidden).toLowerCase()).not.toContain('harbor-supplies');
    const included = await share(true);
    expect(included.reputation?.sightings[0]?.value).toBe(EMAIL);
  });

  it(`reports older than ${SIGHTING_WINDOW_DAYS} days no longer count`, async () => {
    const e = await createPaidUser(t);
    const phone = '+44 20 7946 0123';
    await Promise.all([a, b, c].map((u) => scan(u, { message: SCAM, phoneNumber: phone })));
    expect((await probe(e, phone)).find((s) => s.kind === 'phone')?.count).toBe(3);
    t.ctx.clock.advance(SIGHTING_WINDOW_DAYS * 86_400_000);
    expect((await probe(e, phone)).find((s) => s.kind === 'phone')).toBeUndefined();
  });

  it('deleting an account withdraws its reports with its scans', async () => {
    const g = await createPaidUser(t);
    const before = await rowCount();
    await scan(g, { message: SCAM, phoneNumber: '+44 20 7946 0555' });
    expect(await rowCount()).toBe(before + 2);
    // A cancelled plan: nothing bills any more, so the account may be deleted.
    await updateAccount(
      t.ctx.database.db,
      g.user.id,
      { planTier: 'free', subscriptionStatus: 'inactive' },
      t.ctx.clock.now(),
    );
    const res = await call('deleteAccount', { headers: g.headers, body: { confirmEmail: g.user.email } });
    expect(res.status).toBe(200);
    expect(await rowCount()).toBe(before);
  });

  it("no table holds the number, the address or the host (only the owners' own scan history does)", async () => {
    const result: unknown = await t.ctx.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (result as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
    expect(tables).toContain('reputation_sighting');
    const needles = ['2079460958', '7946 0958', 'harbor-supplies', HOST];
    for (const table of tables) {
      if (table === 'scans') continue;
      const dump: unknown = await t.ctx.database.db.execute(
        sql`select coalesce(string_agg(x::text, ' '), '') as text from ${sql.identifier(table)} x`,
      );
      const text = ((dump as { rows: Array<{ text: string }> }).rows[0]?.text ?? '').toLowerCase();
      for (const needle of needles) expect(text.includes(needle), `${needle} in ${table}`).toBe(false);
    }
  });

  it("the setting is the account's own: it needs a session", async () => {
    expect(await call('getReportSharing')).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    // raw HTTP: a body outside the contract (a string, not a boolean); the 422 is the point
    const bad = await t.request('/api/account/report-sharing', {
      method: 'PUT',
      headers: d.headers,
      json: { shareReports: 'no' },
    });
    expect(bad.status).toBe(422);
  });
});
