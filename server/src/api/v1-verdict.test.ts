import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdApiKeySchema } from '@redflag/contracts/api';
import { riskBand } from '@redflag/contracts/constants';
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
let key = '';
beforeAll(async () => {
  t = await createTestApp();
  const u: TestUser = await createTrialUser(t);
  const res = await t.request('/api/api-keys', { method: 'POST', headers: u.headers, json: { name: 'Verdicts' } });
  expect(res.status).toBe(201);
  key = createdApiKeySchema.parse(await res.json()).key;
});
afterAll(async () => {
  await t.close();
});

const auth = () => ({ authorization: `Bearer ${key}` });

interface V1Scan {
  id: string;
  riskScore: number;
  verdict?: unknown;
  verdictLabel?: unknown;
}

describe('/v1 scans carry the verdict', () => {
  it.each([
    ['a scam', SCAM],
    ['an everyday message', LEGIT],
  ])('POST and GET answer the band and its label for %s, as the web app shows them', async (_name, message) => {
    const created = await t.request('/v1/scans', { method: 'POST', headers: auth(), json: { message } });
    expect(created.status).toBe(201);
    const scan = (await created.json()) as V1Scan;
    const band = riskBand(scan.riskScore);
    expect(scan.verdict).toBe(band);
    expect(scan.verdictLabel).toBe(LABELS[band]);

    const read = await t.request(`/v1/scans/${scan.id}`, { headers: auth() });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: scan.id, verdict: band, verdictLabel: LABELS[band] });
  });

  it('the scam is "scam" and the everyday message "legitimate"', async () => {
    const scam = (await (
      await t.request('/v1/scans', { method: 'POST', headers: auth(), json: { message: SCAM } })
    ).json()) as V1Scan;
    const legit = (await (
      await t.request('/v1/scans', { method: 'POST', headers: auth(), json: { message: LEGIT } })
    ).json()) as V1Scan;
    expect(scam.verdict).toBe('scam');
    expect(legit.verdict).toBe('legitimate');
  });

  it('the OpenAPI document describes both fields as required, with their values and the bands', async () => {
    const doc = (await (await t.request('/v1/openapi.json')).json()) as {
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
