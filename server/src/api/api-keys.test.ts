import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@redflag/contracts/api';
import type { ScanRequest } from '@redflag/contracts/scan';
import { updateAccount } from '../billing/billing.repo.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser, type TestUser } from '../test/users.ts';
import { SCANS_PER_USER } from '../scans/rate-rules.ts';

const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
const LEGIT = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';

let t: TestApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const trialUser = (used = 0) => createTrialUser(t, { scansUsed: used });

async function newKey(u: TestUser, name = 'Test key'): Promise<CreatedApiKey> {
  return okData(await call('createApiKey', { body: { name }, headers: u.headers }), 201);
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const postScan = (key: string, body: ScanRequest, headers: Record<string, string> = {}) =>
  v1Client(t, { key })('createScan', { body, headers });
const getV1Scan = (key: string, id: string) => v1Client(t, { key })('getScan', { params: { id } });

async function listKeys(u: TestUser) {
  return okData(await call('listApiKeys', { headers: u.headers }), 200);
}

/** Rows of a raw query, on either driver (PGlite and node-postgres both answer `{ rows }`). */
async function query<T>(q: SQL): Promise<T[]> {
  const result: unknown = await t.ctx.database.db.execute(q);
  const rows: unknown = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : result;
  if (!Array.isArray(rows)) throw new Error('query: no rows in the answer');
  return rows as T[];
}

async function scanCount(userId: string): Promise<number> {
  const rows = await t.ctx.database.db.select({ id: scans.id }).from(scans).where(eq(scans.userId, userId));
  return rows.length;
}

describe('API keys on the account page', () => {
  it('POST /api/api-keys shows the key once; the list has its name and prefix but never the key', async () => {
    const u = await trialUser();
    const created = await newKey(u, 'Zapier');
    expect(created.key).toMatch(/^rf_live_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const list = await listKeys(u);
    expect(list).toEqual([
      {
        id: created.id,
        name: 'Zapier',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it('stores only a hash: the plain key appears in no row of any table', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    expect((await postScan(key, { message: LEGIT })).status).toBe(201);
    const names = await query<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(names.map((r) => r.table_name)).toContain('api_key');
    for (const { table_name } of names) {
      for (const { row } of await query<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      ))
        expect(row, table_name).not.toContain(key);
    }
    // The random part alone is nowhere either (a store without the prefix would still leak the key).
    const secret = key.slice('rf_live_'.length);
    for (const { row } of await query<{ row: string }>(sql`select t::text as row from api_key t`))
      expect(row).not.toContain(secret);
  });

  it('answers 401 signed out, 422 for a blank name, and 404 when revoking another account’s key', async () => {
    const unauthorized = { status: 401, error: { code: 'UNAUTHORIZED' } };
    expect(await call('createApiKey', { body: { name: 'x' } })).toMatchObject(unauthorized);
    expect(await call('listApiKeys')).toMatchObject(unauthorized);
    const u = await trialUser();
    const blank = await call('createApiKey', { body: { name: '   ' }, headers: u.headers });
    expect(blank).toMatchObject({ status: 422, error: { code: 'VALIDATION_ERROR' } });
    const other = await trialUser();
    const theirs = await newKey(other);
    expect(await call('revokeApiKey', { params: { id: theirs.id }, headers: u.headers })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
    expect((await postScan(theirs.key, { message: LEGIT })).status).toBe(201);
  });
  it('deleting the account deletes its keys and their idempotency entries; the key then answers 401', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    expect((await postScan(key, { message: LEGIT }, { 'idempotency-key': 'before-delete' })).status).toBe(201);
    // A running trial must be cancelled before deletion (decision 066): it is.
    await updateAccount(t.ctx.database.db, u.user.id, { cancelAtPeriodEnd: true }, t.ctx.clock.now());
    const deleted = await call('deleteAccount', { body: { confirmEmail: u.user.email }, headers: u.headers });
    expect(deleted.status).toBe(200);
    expect((await postScan(key, { message: LEGIT })).status).toBe(401);
    expect(await query(sql`select id from api_key where user_id = ${u.user.id}`)).toEqual([]);
    expect(await query(sql`select key from api_idempotency where key = 'before-delete'`)).toEqual([]);
  });
});

describe('/v1 with a bearer key', () => {
  it('POST /v1/scans stores a scan in the owner’s history; GET /v1/scans/:id reads it; last used is shown', async () => {
    const u = await trialUser();
    const { key, id } = await newKey(u);
    const res = await postScan(key, { message: SCAM, platform: 'sms' });
    const scan = okData(res, 201);
    expect(scan.riskScore).toBeGreaterThanOrEqual(70);
    expect(scan.verdict).toBe('scam');
    expect(res.res.headers.get('location')).toBe(`/v1/scans/${scan.id}`);
    expect(res.res.headers.get('cache-control')).toBe('no-store');

    expect(okData(await getV1Scan(key, scan.id), 200)).toEqual(scan);

    // The same history the web app shows (which draws the verdict from the score itself).
    const web = okData(await call('getScan', { params: { id: scan.id }, headers: u.headers }));
    const { verdict: _verdict, verdictLabel: _label, ...stored } = scan;
    expect(web).toEqual(stored);
    const [listed] = (await listKeys(u)).filter((k) => k.id === id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('keeps the web app’s quotas: the trial’s 5 scans are shared, and its scans include the phone check (decision 100)', async () => {
    const u = await trialUser(4);
    const { key } = await newKey(u);
    const checked = okData(await postScan(key, { message: LEGIT, phoneNumber: '+1 202 555 0143' }), 201);
    expect(checked.phoneAnalysis).toMatchObject({ e164: '+12025550143' });
    const over = await postScan(key, { message: LEGIT });
    expect(over).toMatchObject({ status: 403, error: { code: 'SCAN_LIMIT_REACHED' } });
    const [account] = await t.ctx.database.db
      .select({ used: billingAccount.trialScansUsed })
      .from(billingAccount)
      .where(eq(billingAccount.userId, u.user.id));
    expect(account?.used).toBe(5);
  });

  it('answers 401 without a key, with an unknown key, with a session token, and once the key is revoked', async () => {
    const u = await trialUser();
    const { key, id } = await newKey(u);
    const unauthorized = { status: 401, error: { code: 'UNAUTHORIZED' } };
    const noKey = v1Client(t);
    expect(await noKey('createScan', { body: { message: LEGIT } })).toMatchObject(unauthorized);
    expect(await postScan(`rf_live_${'A'.repeat(43)}`, { message: LEGIT })).toMatchObject(unauthorized);
    // The web session (cookie or its bearer token) is not an API credential.
    expect(await noKey('createScan', { body: { message: LEGIT }, headers: u.headers })).toMatchObject(unauthorized);
    expect(await noKey('createScan', { body: { message: LEGIT }, headers: u.bearerHeaders })).toMatchObject(
      unauthorized,
    );

    const { id: scanId } = okData(await postScan(key, { message: LEGIT }), 201);

    const revoked = okData(await call('revokeApiKey', { params: { id }, headers: u.headers }), 200);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await postScan(key, { message: LEGIT })).toMatchObject(unauthorized);
    expect(await getV1Scan(key, scanId)).toMatchObject(unauthorized);
    expect(await scanCount(u.user.id)).toBe(1);
  });

  it('a key cannot read another account’s scan: 404, as for an unknown id', async () => {
    const a = await trialUser();
    const b = await trialUser();
    const keyA = await newKey(a);
    const keyB = await newKey(b);
    const { id } = okData(await postScan(keyA.key, { message: SCAM }));
    const theirs = await getV1Scan(keyB.key, id);
    expect(theirs).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
    const unknown = await getV1Scan(keyB.key, '00000000-0000-4000-8000-000000000000');
    expect(!theirs.ok && theirs.error).toEqual(!unknown.ok && unknown.error);
    expect(await getV1Scan(keyB.key, 'not-a-uuid')).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
  });

  it('needs a JSON body (415) and refuses a browser page of another site (403), but a bearer call has no Origin and passes', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    // raw HTTP: the body is sent as text/plain, which no typed call sends
    const plain = await t.request('/v1/scans', {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'text/plain' },
      body: JSON.stringify({ message: LEGIT }),
    });
    expect(plain.status).toBe(415);
    const foreign = await postScan(key, { message: LEGIT }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await scanCount(u.user.id)).toBe(0);
    expect((await postScan(key, { message: LEGIT })).status).toBe(201);
  });
  it('a body over the limit is 413 before anything reads it, with or without a Content-Type', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    const big = JSON.stringify({ message: 'x'.repeat(t.config.bodyLimitBytes + 10) });
    // raw HTTP: an oversized body with no Content-Type, which no typed call sends
    expect((await t.request('/v1/scans', { method: 'POST', headers: bearer(key), body: big })).status).toBe(413);
    expect(await postScan(key, { message: 'x'.repeat(t.config.bodyLimitBytes + 10) })).toMatchObject({
      status: 413,
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await scanCount(u.user.id)).toBe(0);
  });
});

describe('Idempotency-Key on POST /v1/scans', () => {
  it('the same key and body answer the same scan once stored; another body is 422; another key is a new scan', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    const first = await postScan(key, { message: SCAM, platform: 'sms' }, { 'idempotency-key': 'order-42' });
    expect(first.res.headers.get('idempotent-replayed')).toBeNull();
    const body = okData(first, 201);

    // Same body, keys in another order and an empty optional field: the same request.
    const retry = await postScan(key, { platform: 'sms', message: SCAM, email: '' }, { 'idempotency-key': 'order-42' });
    expect(retry.res.headers.get('idempotent-replayed')).toBe('true');
    expect(okData(retry, 201)).toEqual(body);
    expect(await scanCount(u.user.id)).toBe(1);

    const changed = await postScan(key, { message: LEGIT }, { 'idempotency-key': 'order-42' });
    expect(changed).toMatchObject({ status: 422, error: { details: { reason: 'idempotency_key_reused' } } });

    expect((await postScan(key, { message: SCAM, platform: 'sms' }, { 'idempotency-key': 'order-43' })).status).toBe(
      201,
    );
    expect(await scanCount(u.user.id)).toBe(2);
    const [account] = await t.ctx.database.db
      .select({ used: billingAccount.trialScansUsed })
      .from(billingAccount)
      .where(eq(billingAccount.userId, u.user.id));
    expect(account?.used).toBe(2);
  });

  it('concurrent requests with one key store one scan', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    const answers = await Promise.all(
      [0, 1, 2].map(() => postScan(key, { message: LEGIT }, { 'idempotency-key': 'burst' })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    expect(await scanCount(u.user.id)).toBe(1);
  });

  it('a key expires after 24 hours, is scoped to its API key, and a failed scan does not hold it', async () => {
    const u = await trialUser(5);
    const { key } = await newKey(u);
    // Out of trial scans: 403, and the key is released, not kept as a stored failure.
    expect((await postScan(key, { message: LEGIT }, { 'idempotency-key': 'k1' })).status).toBe(403);
    await updateAccount(t.ctx.database.db, u.user.id, { trialScansUsed: 0 }, t.ctx.clock.now());
    const { id } = okData(await postScan(key, { message: LEGIT }, { 'idempotency-key': 'k1' }), 201);

    const other = await newKey(u, 'Second');
    const separate = await postScan(other.key, { message: LEGIT }, { 'idempotency-key': 'k1' });
    expect(okData(separate).id).not.toBe(id);

    t.ctx.clock.advance(24 * 3_600_000 + 1000);
    const later = await postScan(key, { message: LEGIT }, { 'idempotency-key': 'k1' });
    expect(later.res.headers.get('idempotent-replayed')).toBeNull();
    expect(okData(later, 201).id).not.toBe(id);
  });

  it('refuses an Idempotency-Key that is not printable ASCII', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    expect((await postScan(key, { message: LEGIT }, { 'idempotency-key': 'has space' })).status).toBe(422);
    expect(await scanCount(u.user.id)).toBe(0);
  });
});

describe('per-key rate limits', () => {
  it('sends RateLimit and RateLimit-Policy, counts per key, and answers 429 with Retry-After past the quota', async () => {
    const u = await trialUser();
    const { key } = await newKey(u);
    const other = await newKey(u, 'Other');
    const missing = '00000000-0000-4000-8000-000000000000';
    const first = await getV1Scan(key, missing);
    expect(first.res.headers.get('ratelimit-policy')).toBe('"api-key";q=60;w=60');
    expect(first.res.headers.get('ratelimit')).toMatch(/^"api-key";r=59;t=\d+$/);
    for (let i = 0; i < 59; i++) await getV1Scan(key, missing);
    const over = await getV1Scan(key, missing);
    expect(over).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED' } });
    expect(over.res.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same account has its own quota.
    const fresh = await getV1Scan(other.key, missing);
    expect(fresh.status).toBe(404);
    expect(fresh.res.headers.get('ratelimit')).toMatch(/^"api-key";r=59;/);
  });
});

describe('the per-user scan limit over the API', () => {
  it('is reported beside the per-key one, and a replay of a stored scan spends none of it', async () => {
    const u = await createPremiumUser(t);
    const { key } = await newKey(u);
    const first = await postScan(key, { message: SCAM }, { 'idempotency-key': 'replay-after-budget' });
    expect(first.status).toBe(201);
    expect(first.res.headers.get('ratelimit-policy')).toBe('"api-key";q=60;w=60, "scans:user";q=30;w=60');
    expect(first.res.headers.get('ratelimit')).toMatch(/^"api-key";r=59;t=\d+, "scans:user";r=29;t=\d+$/);
    // The rest of the minute's scans, from the web app (the budget is the account's).
    for (let i = 1; i < SCANS_PER_USER.limit; i++)
      expect((await call('createScan', { body: { message: LEGIT }, headers: u.headers })).status).toBe(200);
    const replay = await postScan(key, { message: SCAM }, { 'idempotency-key': 'replay-after-budget' });
    expect(replay.status).toBe(201);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    const over = await postScan(key, { message: SCAM });
    expect(over.status).toBe(429);
    expect(await scanCount(u.user.id)).toBe(SCANS_PER_USER.limit);
  });

  it('a 429 from it names scans:user in RateLimit and RateLimit-Policy, with nothing left', async () => {
    const u = await createPremiumUser(t);
    const { key } = await newKey(u);
    for (let i = 0; i < SCANS_PER_USER.limit; i++) await t.ctx.rateLimiter.hit(SCANS_PER_USER, u.user.id);
    const over = await postScan(key, { message: SCAM });
    expect(over).toMatchObject({ status: 429, error: { details: { rule: 'scans:user' } } });
    expect(over.res.headers.get('ratelimit-policy')).toBe('"api-key";q=60;w=60, "scans:user";q=30;w=60');
    const retryAfter = over.res.headers.get('retry-after');
    expect(over.res.headers.get('ratelimit')).toBe(`"api-key";r=59;t=60, "scans:user";r=0;t=${retryAfter}`);
  });
});
