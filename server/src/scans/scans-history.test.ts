import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanListQueryInput } from '@redflag/contracts/scan';
import { scans } from '../db/schema/scans.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTrialUser, createVerifiedUser, type TestUser } from '../test/users.ts';

/**
 * History: GET /api/scans searched, filtered and paged; DELETE /api/scans/:id and DELETE
 * /api/scans, each for the owner only. Scans are stored directly (fixtures make state) with the score and
 * type each case needs; POST /api/scans is covered in scans.test.ts.
 */

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer | string, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logDestination: sink });
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

interface Seed {
  message: string;
  riskScore: number;
  scamType?: string | null;
  phoneNumber?: string | null;
  platform?: string | null;
}

/** Stores the user's scans oldest first, one minute apart, so newest-first order is known. */
async function seed(u: TestUser, items: Seed[]): Promise<string[]> {
  const base = Date.now() - items.length * 60_000;
  const ids: string[] = [];
  for (const [i, s] of items.entries()) {
    const [row] = await t.ctx.database.db
      .insert(scans)
      .values({
        userId: u.user.id,
        message: s.message,
        platform: s.platform ?? null,
        phoneNumber: s.phoneNumber ?? null,
        email: null,
        riskScore: s.riskScore,
        confidence: 0.8,
        scamType: s.scamType ?? null,
        reasons: ['A reason'],
        result: {
          riskScore: s.riskScore,
          confidence: 0.8,
          scamType: null,
          reasons: ['A reason'],
          reasonDetails: [],
          links: [],
          advice: null,
          engineVersion: 'test',
        },
        engineVersion: 'test',
        createdAt: new Date(base + i * 60_000),
      })
      .returning({ id: scans.id });
    if (!row) throw new Error('no row');
    ids.push(row.id);
  }
  return ids;
}

async function list(u: TestUser, query: ScanListQueryInput = {}) {
  const res = await call('listScans', { query, headers: u.headers });
  expect(res.status).toBe(200);
  if (!res.ok) throw new Error(`list refused: ${res.error.code}`);
  return {
    messages: res.data.map((s) => s.message),
    ids: res.data.map((s) => s.id),
    total: Number(res.res.headers.get('X-Total-Count')),
  };
}

const delOne = (u: TestUser | null, id: string) => call('deleteScan', { params: { id }, headers: u?.headers ?? {} });
const delAll = (u: TestUser | null) => call('deleteAllScans', { headers: u?.headers ?? {} });

const trialUser = (used: number) => createTrialUser(t, { scansUsed: used });

describe('GET /api/scans: search, filters and pages', () => {
  it('searches the message, phone and e-mail case-insensitively, only among the caller’s scans', async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    await seed(a, [
      { message: 'Is the BIKE still available?', riskScore: 5 },
      {
        message: 'Your package is on hold',
        riskScore: 92,
        scamType: 'delivery_smishing',
        phoneNumber: '+1 415 555 0100',
      },
      { message: 'Happy birthday!', riskScore: 2 },
    ]);
    await seed(b, [{ message: 'bike for sale, b only', riskScore: 5 }]);

    expect(await list(a, { q: 'bike' })).toMatchObject({ messages: ['Is the BIKE still available?'], total: 1 });
    expect((await list(a, { q: '555 0100' })).messages).toEqual(['Your package is on hold']);
    expect(await list(a, { q: '  ' })).toMatchObject({ total: 3 });
    expect(await list(a, { q: 'nothing-like-this' })).toEqual({ messages: [], ids: [], total: 0 });
  });

  it('matches % _ and \\ as typed, not as patterns', async () => {
    const u = await createVerifiedUser(t);
    await seed(u, [
      { message: 'Get 100% off today', riskScore: 50 },
      { message: 'Get 1000 off today', riskScore: 50 },
      { message: 'file_name and filexname', riskScore: 5 },
      { message: 'C:\\temp path', riskScore: 5 },
    ]);
    expect((await list(u, { q: '100%' })).messages).toEqual(['Get 100% off today']);
    expect((await list(u, { q: 'file_' })).messages).toEqual(['file_name and filexname']);
    expect((await list(u, { q: 'filex' })).total).toBe(1);
    expect((await list(u, { q: 'C:\\t' })).messages).toEqual(['C:\\temp path']);
    expect((await list(u, { q: '%' })).total).toBe(1);
  });

  it('filters by verdict at the 40 and 70 boundaries, and by type only where the type is a finding', async () => {
    const u = await createVerifiedUser(t);
    await seed(u, [
      { message: 's39', riskScore: 39, scamType: 'phishing' },
      { message: 's40', riskScore: 40, scamType: 'phishing' },
      { message: 's69', riskScore: 69 },
      { message: 's70', riskScore: 70, scamType: 'romance' },
      { message: 's100', riskScore: 100, scamType: 'phishing' },
    ]);
    expect((await list(u, { verdict: 'scam' })).messages).toEqual(['s100', 's70']);
    expect((await list(u, { verdict: 'suspicious' })).messages).toEqual(['s69', 's40']);
    expect((await list(u, { verdict: 'legitimate' })).messages).toEqual(['s39']);
    // s39's phishing is the closest match under a green verdict: not a phishing scan.
    expect((await list(u, { type: 'phishing' })).messages).toEqual(['s100', 's40']);
    expect((await list(u, { type: 'phishing', verdict: 'scam' })).messages).toEqual(['s100']);
    expect((await list(u, { type: 'romance', q: 's7' })).messages).toEqual(['s70']);
    expect((await list(u, { type: 'romance', verdict: 'suspicious' })).total).toBe(0);
    // Cleared fields are no filter.
    // raw HTTP: the fields sent empty, as a cleared form sends them (the typed client leaves empty ones out)
    const cleared = await t.request('/api/scans?q=&verdict=&type=', { headers: u.headers });
    expect(cleared.status).toBe(200);
    expect(cleared.headers.get('X-Total-Count')).toBe('5');
  });

  it('pages newest first with the total in X-Total-Count; without parameters it is the newest 50', async () => {
    const u = await createVerifiedUser(t);
    const ids = await seed(
      u,
      Array.from({ length: 55 }, (_, i) => ({ message: `message ${i}`, riskScore: i % 2 ? 80 : 10 })),
    );
    const newestFirst = [...ids].reverse();

    const all = await list(u);
    expect(all.ids).toEqual(newestFirst.slice(0, 50));
    expect(all.total).toBe(55);

    const p1 = await list(u, { limit: 20, page: 1 });
    const p3 = await list(u, { limit: 20, page: 3 });
    expect(p1.ids).toEqual(newestFirst.slice(0, 20));
    expect(p3.ids).toEqual(newestFirst.slice(40, 55));
    expect(p3.total).toBe(55);
    expect(await list(u, { limit: 20, page: 4 })).toMatchObject({ ids: [], total: 55 });

    const scams = await list(u, { verdict: 'scam', limit: 10, page: 3 });
    expect(scams.total).toBe(27);
    expect(scams.ids).toHaveLength(7);
  });

  it('answers 422 for an unknown verdict or type, a bad page or limit, and over-long search text; 401 signed out', async () => {
    const u = await createVerifiedUser(t);
    for (const query of [
      '?verdict=fraud',
      '?type=made_up',
      '?page=0',
      '?page=abc',
      '?limit=201',
      `?q=${'a'.repeat(201)}`,
    ]) {
      // raw HTTP: a query outside the contract (its types refuse these values); the 422 is the point
      const res = await t.request(`/api/scans${query}`, { headers: u.headers });
      expect(res.status, query).toBe(422);
      expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
    }
    expect(await call('listScans', { query: { q: 'bike' } })).toMatchObject({
      status: 401,
      error: { code: 'UNAUTHORIZED' },
    });
  });

  it('never logs the search text, answered or refused', async () => {
    const u = await createVerifiedUser(t);
    const marker = `searchmark${randomBytes(5).toString('hex')}`;
    await seed(u, [{ message: `hello ${marker}`, riskScore: 5 }]);
    expect((await list(u, { q: marker })).total).toBe(1);
    // raw HTTP: a verdict outside the contract (its types refuse it); the 422 is the point
    expect((await t.request(`/api/scans?q=${marker}&verdict=${marker}`, { headers: u.headers })).status).toBe(422);
    expect((await call('listScans', { query: { q: `${marker}${'x'.repeat(200)}` }, headers: u.headers })).status).toBe(
      422,
    );
    expect(logLines.some((l) => l.includes('"path":"/api/scans"'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(marker);
  });
});

describe('DELETE /api/scans/:id', () => {
  it('deletes the owner’s scan: it is gone from the list and its report, and a second delete is 404', async () => {
    const u = await createVerifiedUser(t);
    const [keep, gone] = await seed(u, [
      { message: 'keep me', riskScore: 5 },
      { message: 'delete me', riskScore: 90 },
    ]);
    const res = await delOne(u, gone!);
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({ deleted: 1 });
    expect((await list(u)).ids).toEqual([keep]);
    expect((await call('getScan', { params: { id: gone! }, headers: u.headers })).status).toBe(404);
    expect((await delOne(u, gone!)).status).toBe(404);
    const stats = await call('getScanStats', { headers: u.headers });
    expect(stats.ok && stats.data).toMatchObject({ totalScans: 1, scamsDetected: 0 });
  });

  it("answers 404 for another user's scan and leaves it stored (IDOR), 404 for a malformed id, 401 signed out", async () => {
    const owner = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const [id] = await seed(owner, [{ message: 'mine', riskScore: 5 }]);
    const res = await delOne(other, id!);
    expect(res.status).toBe(404);
    expect(!res.ok && res.error).toEqual({ code: 'NOT_FOUND', message: 'Scan not found' });
    expect((await delOne(other, crypto.randomUUID())).status).toBe(404);
    expect((await delOne(other, 'not-a-uuid')).status).toBe(404);
    expect((await delOne(null, id!)).status).toBe(401);
    expect(await t.ctx.database.db.select({ id: scans.id }).from(scans).where(eq(scans.id, id!))).toEqual([{ id }]);
    expect((await call('getScan', { params: { id: id! }, headers: owner.headers })).status).toBe(200);
  });
});

describe('DELETE /api/scans', () => {
  it("deletes all of the caller's scans and nobody else's", async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    await seed(a, [
      { message: 'a1', riskScore: 5 },
      { message: 'a2', riskScore: 95 },
      { message: 'a3', riskScore: 50 },
    ]);
    const bIds = await seed(b, [{ message: 'b1', riskScore: 5 }]);
    const res = await delAll(a);
    expect(res.status).toBe(200);
    expect(res.ok && res.data).toEqual({ deleted: 3 });
    expect(await list(a)).toEqual({ messages: [], ids: [], total: 0 });
    expect((await list(b)).ids).toEqual(bIds);
    const stats = await call('getScanStats', { headers: a.headers });
    expect(stats.ok && stats.data).toEqual({ totalScans: 0, scamsDetected: 0, averageRiskScore: 0 });
    const again = await delAll(a);
    expect(again.ok && again.data).toEqual({ deleted: 0 });
    expect((await delAll(null)).status).toBe(401);
  });

  it('does not give trial scans back: the usage counts scans made, not scans kept', async () => {
    const u = await trialUser(0);
    for (const message of ['one', 'two', 'three']) {
      expect((await call('createScan', { headers: u.headers, body: { message } })).status).toBe(200);
    }
    const [first] = (await list(u)).ids;
    expect((await delOne(u, first!)).status).toBe(200);
    expect((await delAll(u)).status).toBe(200);
    const usage = await call('getScanUsage', { headers: u.headers });
    expect(usage.ok && usage.data.scanCount).toBe(3);
  });
});
