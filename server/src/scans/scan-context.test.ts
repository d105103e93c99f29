import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScanSchema, createdApiKeySchema } from '@redflag/contracts/api';
import { storedScanSchema } from '@redflag/contracts/scan';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTrialUser, type TestUser } from '../test/users.ts';

/**
 * The user's answers about the sender (context) through both ways in: given with the scan, given or changed
 * later with PATCH, stored with the scan and shown in its reasons. Drives the real app over HTTP.
 */
const OPENER =
  'Hello, is this Mr. Parker? My aunt gave me your number, she said you might help me with the house viewing.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (u: TestUser, json: unknown) => t.request('/api/scans', { method: 'POST', headers: u.headers, json });
const patch = (u: TestUser, id: string, json: unknown) =>
  t.request(`/api/scans/${id}`, { method: 'PATCH', headers: u.headers, json });

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
    const res = await post(u, { message: OPENER, context: { knowsSender: false } });
    expect(res.status).toBe(200);
    const scan = storedScanSchema.parse(await res.json());
    expect(scan.riskScore).toBeGreaterThanOrEqual(40);
    expect(scan.reasons).toContain("You said you don't know the sender");
    expect(scan.context).toEqual({ knowsSender: false });
    expect(scan.questions).toContain('knowsSender');
    expect((await stored(scan.id))?.context).toEqual({ knowsSender: false });
  });

  it('answers 422 for an unknown field or a non-boolean answer, and stores nothing', async () => {
    const u = await createTrialUser(t);
    for (const context of [{ knowsSender: false, trustsThem: true }, { knowsSender: 'no' }]) {
      const res = await post(u, { message: OPENER, context });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    expect(await t.ctx.database.db.select().from(scans).where(eq(scans.userId, u.user.id))).toHaveLength(0);
  });
});

describe('PATCH /api/scans/:id', () => {
  it('re-scores the scan with the answers, replaces earlier ones, and spends no scan', async () => {
    const u = await createTrialUser(t);
    const first = storedScanSchema.parse(await (await post(u, { message: OPENER })).json());
    expect(first.riskScore).toBeGreaterThanOrEqual(40);
    expect(first.context).toBeUndefined();
    const used = await trialScansUsed(u.user.id);

    const known = await patch(u, first.id, { context: { knowsSender: true } });
    expect(known.status).toBe(200);
    const knownScan = storedScanSchema.parse(await known.json());
    expect(knownScan.id).toBe(first.id);
    expect(knownScan.riskScore).toBeLessThan(40);
    expect(knownScan.reasons).toContain('You said you know the sender outside this chat');
    expect((await stored(first.id))?.riskScore).toBe(knownScan.riskScore);

    const changed = storedScanSchema.parse(
      await (await patch(u, first.id, { context: { knowsSender: false, askedForMoney: true } })).json(),
    );
    expect(changed.riskScore).toBeGreaterThanOrEqual(70);
    expect(changed.context).toEqual({ knowsSender: false, askedForMoney: true });
    expect(changed.reasons).not.toContain('You said you know the sender outside this chat');

    const history = await t.request('/api/scans', { headers: u.headers });
    const [listed] = (await history.json()) as Array<{ id: string; context?: unknown; riskScore: number }>;
    expect(listed?.context).toEqual({ knowsSender: false, askedForMoney: true });
    expect(listed?.riskScore).toBe(changed.riskScore);
    expect(await trialScansUsed(u.user.id)).toBe(used);
  });

  it("answers 404 for another account's scan and 422 for an unknown field", async () => {
    const owner = await createTrialUser(t);
    const other = await createTrialUser(t);
    const scan = storedScanSchema.parse(await (await post(owner, { message: OPENER })).json());
    expect((await patch(other, scan.id, { context: { knowsSender: true } })).status).toBe(404);
    expect((await patch(owner, scan.id, { context: { knowsSender: true, extra: 1 } })).status).toBe(422);
    expect((await patch(owner, scan.id, { context: {}, other: true })).status).toBe(422);
    expect((await t.request(`/api/scans/${scan.id}`, { method: 'PATCH', json: { context: {} } })).status).toBe(401);
    expect((await stored(scan.id))?.context).toBeNull();
  });
});

describe('the public API', () => {
  it('POST /v1/scans takes context; PATCH /v1/scans/:id answers later; both are in the OpenAPI document', async () => {
    const u = await createTrialUser(t);
    const created = await t.request('/api/api-keys', { method: 'POST', headers: u.headers, json: { name: 'Context' } });
    const { key } = createdApiKeySchema.parse(await created.json());
    const auth = { authorization: `Bearer ${key}` };

    const res = await t.request('/v1/scans', {
      method: 'POST',
      headers: auth,
      json: { message: OPENER, context: { knowsSender: true } },
    });
    expect(res.status).toBe(201);
    const scan = apiScanSchema.parse(await res.json());
    expect(scan.riskScore).toBeLessThan(40);
    expect(
      (
        await t.request('/v1/scans', {
          method: 'POST',
          headers: auth,
          json: { message: OPENER, context: { knows: true } },
        })
      ).status,
    ).toBe(422);

    const answered = await t.request(`/v1/scans/${scan.id}`, {
      method: 'PATCH',
      headers: auth,
      json: { context: { knowsSender: false, mentionedInvestment: true } },
    });
    expect(answered.status).toBe(200);
    const rescored = apiScanSchema.parse(await answered.json());
    expect(rescored.riskScore).toBeGreaterThanOrEqual(40);
    expect(rescored.verdict).not.toBe('legitimate');

    const doc = (await (await t.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths['/v1/scans/{id}'] ?? {})).toContain('patch');
    expect(JSON.stringify(doc.components.schemas.ScanRequest)).toContain('knowsSender');
  });
});
