import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, statementsDuring, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';

// The database round trips of the later answer (PATCH /api/scans/:id and PATCH /v1/scans/:id: the user's
// answers to a scan's questions, the scan re-scored and stored), counted at the driver (db/client.ts stats)
// for the whole request, the caller's credential included, with rate limits on as in production. The
// answer needs the stored scan before the engine runs and the store after it, so two is the floor: the
// credential has to travel with the first.
const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';

let t: TestApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const cost = <T>(fn: () => Promise<T>) => statementsDuring(t, fn);

async function scanOf(u: TestUser): Promise<string> {
  return okData(await call('createScan', { headers: u.headers, body: { message: SCAM, platform: 'sms' } })).id;
}

describe('database round trips of the later answer', () => {
  it('PATCH /api/scans/:id costs at most 2 and stores the re-scored scan', async () => {
    const u = await createPremiumUser(t);
    const id = await scanOf(u);
    // The first answer prepares the statements.
    okData(await call('answerScan', { headers: u.headers, params: { id }, body: { context: { knowsSender: false } } }));
    const { value: res, statements } = await cost(() =>
      call('answerScan', { headers: u.headers, params: { id }, body: { context: { knowsSender: true } } }),
    );
    expect(okData(res).context).toEqual({ knowsSender: true });
    expect(statements).toBeLessThanOrEqual(2);
    expect(okData(await call('getScan', { headers: u.headers, params: { id } })).context).toEqual({
      knowsSender: true,
    });
  });

  it("PATCH /v1/scans/:id costs at most 2, and another account's scan is 404", async () => {
    const u = await createPremiumUser(t);
    const key = okData(await call('createApiKey', { body: { name: 'answers' }, headers: u.headers }), 201).key;
    const v1 = v1Client(t, { key });
    const id = await scanOf(u);
    okData(await v1('answerScan', { params: { id }, body: { context: { knowsSender: false } } }));
    const { value: res, statements } = await cost(() =>
      v1('answerScan', { params: { id }, body: { context: { movedApps: true } } }),
    );
    expect(okData(res).context).toEqual({ movedApps: true });
    expect(statements).toBeLessThanOrEqual(2);

    const other = await createPremiumUser(t);
    const foreign = await v1('answerScan', {
      params: { id: await scanOf(other) },
      body: { context: { knowsSender: true } },
    });
    expect(foreign.ok ? null : foreign.error.code).toBe('NOT_FOUND');
  });

  it('PATCH /v1/scans/:id with an unknown key is 401, whatever the id, and changes nothing', async () => {
    const u = await createPremiumUser(t);
    const id = await scanOf(u);
    const v1 = v1Client(t, { key: `rf_live_${'C'.repeat(43)}` });
    for (const params of [{ id }, { id: 'not-a-scan' }]) {
      const res = await v1('answerScan', { params, body: { context: { knowsSender: true } } });
      expect(res.ok ? null : res.error.code).toBe('UNAUTHORIZED');
    }
    expect(okData(await call('getScan', { headers: u.headers, params: { id } })).context).toBeUndefined();
  });
});
