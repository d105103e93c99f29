import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskBand } from '@redflag/contracts/constants';
import { apiClient, okData, servedOpenApi, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTrialUser, type TestUser } from '../test/users.ts';

/**
 * /v1 answers carry the verdict the web app shows for the score (the score bands of
 * packages/contracts: 70+ scam, 40-69 suspicious, else likely legitimate), and the OpenAPI document says so.
 */

const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
const LEGIT = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';
const LABELS = { scam: 'SCAM DETECTED', suspicious: 'SUSPICIOUS', legitimate: 'LIKELY LEGITIMATE' } as const;

let t: TestApp;
let v1: ReturnType<typeof v1Client>;
beforeAll(async () => {
  t = await createTestApp();
  const u: TestUser = await createTrialUser(t);
  const created = await apiClient(t)('createApiKey', { body: { name: 'Verdicts' }, headers: u.headers });
  v1 = v1Client(t, { key: okData(created, 201).key });
});
afterAll(async () => {
  await t.close();
});

describe('/v1 scans carry the verdict', () => {
  it.each([
    ['a scam', SCAM],
    ['an everyday message', LEGIT],
  ])('POST and GET answer the band and its label for %s, as the web app shows them', async (_name, message) => {
    const scan = okData(await v1('createScan', { body: { message } }), 201);
    const band = riskBand(scan.riskScore);
    expect(scan.verdict).toBe(band);
    expect(scan.verdictLabel).toBe(LABELS[band]);

    const read = okData(await v1('getScan', { params: { id: scan.id } }), 200);
    expect(read).toMatchObject({ id: scan.id, verdict: band, verdictLabel: LABELS[band] });
  });

  it('the scam is "scam" and the everyday message "legitimate"', async () => {
    const scam = okData(await v1('createScan', { body: { message: SCAM } }));
    const legit = okData(await v1('createScan', { body: { message: LEGIT } }));
    expect(scam.verdict).toBe('scam');
    expect(legit.verdict).toBe('legitimate');
  });

  it('the OpenAPI document describes both fields as required, with their values and the bands', async () => {
    const doc = (await servedOpenApi(t, 'public')) as {
      components: {
        schemas: {
          Scan: { required: string[]; properties: Record<string, { enum?: string[]; description?: string }> };
        };
      };
    };
    const scan = doc.components.schemas.Scan;
    expect(scan.required).toEqual(expect.arrayContaining(['verdict', 'verdictLabel']));
    expect(scan.properties.verdict?.enum).toEqual(['scam', 'suspicious', 'legitimate']);
    expect(scan.properties.verdictLabel?.enum).toEqual(['SCAM DETECTED', 'SUSPICIOUS', 'LIKELY LEGITIMATE']);
    expect(scan.properties.verdict?.description).toMatch(/70.*40/);
  });
});
