import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanContextPatch } from '@redflag/contracts/scan-context';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import { apiClient, okData, servedOpenApi, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTrialUser, type TestUser } from '../test/users.ts';

/**
 * The user's answers about the sender (context) through both ways in: given with the scan, given or changed
 * later with PATCH, stored with the scan and shown in its reasons. Drives the real app over HTTP.
 */
const OPENER =
  'Hello, is this Mr. Parker? My aunt gave me your number, she said you might help me with the house viewing.';

let t: TestApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const post = (u: TestUser, body: { message: string; context?: ScanContextPatch['context'] }) =>
  call('createScan', { body, headers: u.headers });
const patch = (u: TestUser, id: string, body: ScanContextPatch) =>
  call('answerScan', { params: { id }, body, headers: u.headers });

async function stored(id: string) {
  const [row] = await t.ctx.database.db.select().from(scans).where(eq(scans.id, id));
  return row;
}

async function trialScansUsed(userId: string) {
  const [row] = await t.ctx.database.db
    .select({ used: billingAccount.trialScansUsed })
    .from(billingAccount)
    .where(eq(billingAccount.userId, userId));
  return row?.used;
}

describe('POST /api/scans with context', () => {
  it('weighs the answers, shows them in the user words and stores them with the scan', async () => {
    const u = await createTrialUser(t);
    const scan = okData(await post(u, { message: OPENER, context: { knowsSender: false } }), 200);
    expect(scan.riskScore).toBeGreaterThanOrEqual(40);
    expect(scan.reasons).toContain("You said you don't know the sender");
    expect(scan.context).toEqual({ knowsSender: false });
    expect(scan.questions).toContain('knowsSender');
    expect((await stored(scan.id))?.context).toEqual({ knowsSender: false });
  });

  it('answers 422 for an unknown field or a non-boolean answer, and stores nothing', async () => {
    const u = await createTrialUser(t);
    for (const context of [{ knowsSender: false, trustsThem: true }, { knowsSender: 'no' }]) {
      const res = await call('createScan', { invalidBody: { message: OPENER, context }, headers: u.headers });
      expect(res).toMatchObject({ status: 422, error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await t.ctx.database.db.select().from(scans).where(eq(scans.userId, u.user.id))).toHaveLength(0);
  });
});

describe('PATCH /api/scans/:id', () => {
  it('re-scores the scan with the answers, replaces earlier ones, and spends no scan', async () => {
    const u = await createTrialUser(t);
    const first = okData(await post(u, { message: OPENER }));
    expect(first.riskScore).toBeGreaterThanOrEqual(40);
    expect(first.context).toBeUndefined();
    const used = await trialScansUsed(u.user.id);

    const knownScan = okData(await patch(u, first.id, { context: { knowsSender: true } }), 200);
    expect(knownScan.id).toBe(first.id);
    expect(knownScan.riskScore).toBeLessThan(40);
    expect(knownScan.reasons).toContain('You said you know the sender outside this chat');
    expect((await stored(first.id))?.riskScore).toBe(knownScan.riskScore);

    const changed = okData(await patch(u, first.id, { context: { knowsSender: false, askedForMoney: true } }));
    expect(changed.riskScore).toBeGreaterThanOrEqual(70);
    expect(changed.context).toEqual({ knowsSender: false, askedForMoney: true });
    expect(changed.reasons).not.toContain('You said you know the sender outside this chat');

    const [listed] = okData(await call('listScans', { headers: u.headers }));
    expect(listed?.context).toEqual({ knowsSender: false, askedForMoney: true });
    expect(listed?.riskScore).toBe(changed.riskScore);
    expect(await trialScansUsed(u.user.id)).toBe(used);
  });

  it("answers 404 for another account's scan and 422 for an unknown field", async () => {
    const owner = await createTrialUser(t);
    const other = await createTrialUser(t);
    const scan = okData(await post(owner, { message: OPENER }));
    const params = { id: scan.id };
    expect(await patch(other, scan.id, { context: { knowsSender: true } })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
    for (const invalidBody of [{ context: { knowsSender: true, extra: 1 } }, { context: {}, other: true }]) {
      expect(await call('answerScan', { params, invalidBody, headers: owner.headers })).toMatchObject({
        status: 422,
        error: { code: 'VALIDATION_ERROR' },
      });
    }
    expect(await call('answerScan', { params, body: { context: {} } })).toMatchObject({
      status: 401,
      error: { code: 'UNAUTHORIZED' },
    });
    expect((await stored(scan.id))?.context).toBeNull();
  });
});

describe('the public API', () => {
  it('POST /v1/scans takes context; PATCH /v1/scans/:id answers later; both are in the OpenAPI document', async () => {
    const u = await createTrialUser(t);
    const { key } = okData(await call('createApiKey', { body: { name: 'Context' }, headers: u.headers }));
    const v1 = v1Client(t, { key });

    const scan = okData(await v1('createScan', { body: { message: OPENER, context: { knowsSender: true } } }), 201);
    expect(scan.riskScore).toBeLessThan(40);
    expect(await v1('createScan', { invalidBody: { message: OPENER, context: { knows: true } } })).toMatchObject({
      status: 422,
      error: { code: 'VALIDATION_ERROR' },
    });

    const answered = await v1('answerScan', {
      params: { id: scan.id },
      body: { context: { knowsSender: false, mentionedInvestment: true } },
    });
    const rescored = okData(answered, 200);
    expect(rescored.riskScore).toBeGreaterThanOrEqual(40);
    expect(rescored.verdict).not.toBe('legitimate');

    const doc = (await servedOpenApi(t, 'public')) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths['/v1/scans/{id}'] ?? {})).toContain('patch');
    expect(JSON.stringify(doc.components.schemas.ScanRequest)).toContain('knowsSender');
  });
});
