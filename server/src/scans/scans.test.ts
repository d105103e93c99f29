import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, scans } from '../db/schema/scans.ts';
import { billingAccount } from '../db/schema/billing.ts';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import { apiClient, type CallResult } from '../test/api-client.ts';
import { createTestApp, withEngine, type TestApp } from '../test/harness.ts';
import {
  createExpiredTrialUser,
  createPaidUser,
  createSetupRequiredUser,
  createTrialUser,
  type TestUser,
} from '../test/users.ts';
import { scanRequestSchema, type ScanRequest } from '@redflag/contracts/scan';
import { runScan } from './scans.service.ts';

const SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
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

const post = (u: TestUser | null, body: ScanRequest) => call('createScan', { headers: u?.headers ?? {}, body });

/** A scan request with a body outside the contract, which its types refuse: the 422 is the point. */
const postRaw = (u: TestUser, json: unknown) =>
  // raw HTTP: a body outside the contract, sent as is
  t.request('/api/scans', { method: 'POST', headers: u.headers, json });

/** The parsed answer of a call that must succeed. */
function dataOf<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

/** The parsed error of a call that must fail. */
function errorOf<N extends ApiRouteName>(r: CallResult<N>) {
  if (r.ok) throw new Error(`expected an error, got ${r.status}`);
  return r.error;
}

describe('POST /api/scans', () => {
  it('answers 401 when signed out, and identity headers alone authenticate nobody', async () => {
    const u = await createTrialUser(t);
    expect((await post(null, { message: SCAM })).status).toBe(401);
    const res = await call('createScan', {
      headers: { 'X-User-ID': u.user.id, 'X-User-Email': u.user.email },
      body: { message: SCAM },
    });
    expect(res.status).toBe(401);
  });

  it("answers 422 with the spec's 'Message Required' text for a blank message", async () => {
    const u = await createTrialUser(t);
    for (const body of [{ message: '   ' }, {}, { message: 42 }]) {
      const res = await postRaw(u, body);
      expect(res.status).toBe(422);
      const err = (await res.json()).error;
      expect(err.code).toBe('MESSAGE_REQUIRED');
      expect(err.message).toBe('Please enter a message to analyze');
    }
  });

  it('refuses a message over 10,000 characters and an unknown platform, and spends no quota', async () => {
    const u = await createTrialUser(t);
    expect((await post(u, { message: 'a'.repeat(10_001) })).status).toBe(422);
    const bad = await postRaw(u, { message: LEGIT, platform: 'myspace' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.code).toBe('VALIDATION_ERROR');
    const usage = await call('getScanUsage', { headers: u.headers });
    expect(usage.ok && usage.data.scanCount).toBe(0);
  });

  it('analyses, stores and answers the full result for a trialing user; empty optional fields are omitted', async () => {
    const u = await createTrialUser(t);
    const res = await post(u, { message: `  ${SCAM}  `, platform: 'sms', phoneNumber: '', email: '' });
    expect(res.status).toBe(200);
    const body = dataOf(res);
    expect(body.riskScore).toBeGreaterThanOrEqual(70);
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.reasons.length).toBeGreaterThan(0);
    expect(body.reasonDetails[0]?.evidence.length).toBeGreaterThan(0);
    expect(body.message).toBe(SCAM);
    expect(body.platform).toBe('sms');
    expect(body.phoneNumber).toBeNull();
    const [row] = await t.ctx.database.db.select().from(scans).where(eq(scans.id, body.id));
    expect(row).toMatchObject({ userId: u.user.id, message: SCAM, riskScore: body.riskScore, platform: 'sms' });
    const [acct] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(acct?.trialScansUsed).toBe(1);
  });

  it("keeps where the text came from: source 'image' is stored and returned by the scan, the report and the history; none means text", async () => {
    const u = await createTrialUser(t);
    const fromImage = await post(u, { message: SCAM, source: 'image' });
    expect(fromImage.status).toBe(200);
    const scan = dataOf(fromImage);
    expect(scan.source).toBe('image');
    const [row] = await t.ctx.database.db.select().from(scans).where(eq(scans.id, scan.id));
    expect(row?.source).toBe('image');
    const report = await call('getScan', { params: { id: scan.id }, headers: u.headers });
    expect(report.ok && report.data.source).toBe('image');
    const typed = dataOf(await post(u, { message: LEGIT }));
    expect(typed.source).toBe('text');
    const list = await call('listScans', { headers: u.headers });
    expect(list.ok && list.data.map((s) => s.source)).toEqual(['text', 'image']);
    const bad = await postRaw(u, { message: LEGIT, source: 'camera' });
    expect(bad.status).toBe(422);
  });

  it('answers 403 PAYMENT_SETUP_REQUIRED before checkout', async () => {
    const u = await createSetupRequiredUser(t);
    const res = await post(u, { message: LEGIT });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('PAYMENT_SETUP_REQUIRED');
  });

  it('answers 403 SCAN_LIMIT_REACHED after the fifth trial scan', async () => {
    const u = await createTrialUser(t, { scansUsed: 4 });
    expect((await post(u, { message: LEGIT })).status).toBe(200);
    const res = await post(u, { message: LEGIT });
    expect(res.status).toBe(403);
    const err = errorOf(res);
    expect(err.code).toBe('SCAN_LIMIT_REACHED');
    expect(err.message).toBe('Free tier scan limit reached');
  });

  it('answers 403 TRIAL_EXPIRED once the trial time is over', async () => {
    const u = await createExpiredTrialUser(t);
    const res = await post(u, { message: LEGIT });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('TRIAL_EXPIRED');
  });

  it("gives a trial user phone and e-mail verification within the trial's scans, each spending one (docs/design.md §4)", async () => {
    const u = await createTrialUser(t, { scansUsed: 3 });
    const res = await post(u, {
      message: 'Hi it is PayPal support, send the code we texted you',
      phoneNumber: '+33 6 12 34 56 78',
      email: 'paypal.support@mailinator.com',
    });
    expect(res.status).toBe(200);
    const body = dataOf(res);
    expect(body.phoneAnalysis).toMatchObject({ valid: true, country: 'FR' });
    expect(body.emailAnalysis).toMatchObject({ isDisposable: true });
    expect((await post(u, { message: LEGIT, email: 'paypal-support@gmail.com' })).status).toBe(200);
    const [acct] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(acct?.trialScansUsed).toBe(5);
    // Past the fifth scan the answer is the trial limit, with or without a number: never PREMIUM_REQUIRED.
    for (const extra of [{}, { phoneNumber: '+1 202 555 0143' }]) {
      const refused = await post(u, { message: LEGIT, ...extra });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).code).toBe('SCAN_LIMIT_REACHED');
    }
  });

  it("refuses phone or e-mail verification with the plan's own answer when the plan gives no scans", async () => {
    const expired = await createExpiredTrialUser(t);
    const noPlan = await createSetupRequiredUser(t);
    for (const [u, code] of [
      [expired, 'TRIAL_EXPIRED'],
      [noPlan, 'PAYMENT_SETUP_REQUIRED'],
    ] as const) {
      const res = await post(u, { message: LEGIT, phoneNumber: '+1 202 555 0143' });
      expect(res.status).toBe(403);
      expect(errorOf(res).code).toBe(code);
    }
  });

  it('answers the scan exactly as stored: GET /api/scans/:id reads back the same body, lookups and image source included', async () => {
    const u = await createPaidUser(t);
    const inputs: ScanRequest[] = [
      { message: `  ${SCAM}  `, platform: 'sms' },
      {
        message: 'Hi it is PayPal support, send the code we texted you',
        phoneNumber: '+33 6 12 34 56 78',
        email: 'paypal.support@mailinator.com',
        platform: 'whatsapp',
        source: 'image',
      },
      { message: LEGIT },
    ];
    for (const input of inputs) {
      const res = await post(u, input);
      expect(res.status).toBe(200);
      const stored = await call('getScan', { params: { id: dataOf(res).id }, headers: u.headers });
      expect(stored.status).toBe(200);
      // The bodies as sent, not as parsed: the schema would drop a field only one of them has.
      expect(await res.res.json()).toEqual(await stored.res.json());
    }
  });

  it('gives a premium user unlimited scans with phone and e-mail findings', async () => {
    const u = await createPaidUser(t);
    const res = await post(u, {
      message: 'Hi it is PayPal support, send the code we texted you',
      phoneNumber: '+33 6 12 34 56 78',
      email: 'paypal.support@mailinator.com',
      platform: 'whatsapp',
    });
    expect(res.status).toBe(200);
    const body = dataOf(res);
    expect(body.phoneAnalysis).toMatchObject({ valid: true, country: 'FR' });
    expect(body.emailAnalysis).toMatchObject({ isDisposable: true });
    for (let i = 0; i < 6; i++) expect((await post(u, { message: LEGIT })).status).toBe(200);
  });

  it('does not spend quota when the analysis fails', async () => {
    const u = await createTrialUser(t, { scansUsed: 4 });
    await expect(
      runScan(
        withEngine(t.ctx, async () => {
          throw new Error('engine exploded');
        }),
        u.user.id,
        scanRequestSchema.parse({ message: LEGIT }),
      ),
    ).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    const [acct] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(acct?.trialScansUsed).toBe(4);
    expect((await post(u, { message: LEGIT })).status).toBe(200);
  });
});

describe('GET /api/scans, /api/scans/:id and /api/users/stats', () => {
  it('lists only the caller’s scans, newest first, with a limit', async () => {
    const a = await createPaidUser(t);
    const b = await createTrialUser(t);
    for (const m of ['first message', 'second message', 'third message'])
      expect((await post(a, { message: m })).status).toBe(200);
    expect((await post(b, { message: 'b only' })).status).toBe(200);
    const list = await call('listScans', { headers: a.headers });
    expect(list.ok && list.data.map((s) => s.message)).toEqual(['third message', 'second message', 'first message']);
    const limited = await call('listScans', { query: { limit: 1 }, headers: a.headers });
    expect(limited.ok && limited.data).toHaveLength(1);
    expect(await call('listScans', { query: { limit: 0 }, headers: a.headers })).toMatchObject({
      status: 422,
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await call('listScans')).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
  });

  it("answers 404 for another user's scan and for a malformed id", async () => {
    const a = await createTrialUser(t);
    const b = await createTrialUser(t);
    const scan = dataOf(await post(a, { message: LEGIT }));
    expect((await call('getScan', { params: { id: scan.id }, headers: a.headers })).status).toBe(200);
    expect(await call('getScan', { params: { id: scan.id }, headers: b.headers })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
    expect(await call('getScan', { params: { id: 'not-a-uuid' }, headers: a.headers })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('computes stats: total, scams at 70 or more, rounded average; zeros with no scans', async () => {
    const u = await createPaidUser(t);
    const empty = await call('getScanStats', { headers: u.headers });
    expect(empty.ok && empty.data).toEqual({ totalScans: 0, scamsDetected: 0, averageRiskScore: 0 });
    const scores: number[] = [];
    for (const m of [
      SCAM,
      LEGIT,
      'Congratulations! You won a $1000 Walmart gift card. Claim now: http://bit.ly/claim-prize-now',
    ]) {
      scores.push(dataOf(await post(u, { message: m })).riskScore);
    }
    const stats = await call('getScanStats', { headers: u.headers });
    if (!stats.ok) throw new Error(`stats answered ${stats.status}`);
    expect(stats.data.totalScans).toBe(3);
    expect(stats.data.scamsDetected).toBe(scores.filter((s) => s >= 70).length);
    expect(stats.data.averageRiskScore).toBe(Math.round(scores.reduce((a, b) => a + b, 0) / 3));
  });
});

describe('POST /api/events', () => {
  it('stores an event with the analytics risk level, for signed-in and signed-out callers', async () => {
    const u = await createTrialUser(t);
    expect(
      (
        await call('sendEvent', {
          headers: u.headers,
          body: { name: 'scam_detected', properties: { riskScore: 85, platform: 'sms' } },
        })
      ).status,
    ).toBe(204);
    expect((await call('sendEvent', { body: { name: 'scan_attempt_unauthenticated' } })).status).toBe(204);
    const rows = await t.ctx.database.db.select().from(analyticsEvents);
    const mine = rows.find((r) => r.userId === u.user.id);
    expect(mine).toMatchObject({
      name: 'scam_detected',
      riskLevel: 'high',
      properties: { riskScore: 85, platform: 'sms' },
    });
    expect(rows.some((r) => r.name === 'scan_attempt_unauthenticated' && r.userId === null)).toBe(true);
  });

  it('keeps the spec’s 7/4 analytics scale: a score of 5 is medium, 3 is low', async () => {
    await call('sendEvent', { body: { name: 'legitimate_message', properties: { riskScore: 5 } } });
    await call('sendEvent', { body: { name: 'legitimate_message', properties: { riskScore: 3 } } });
    const rows = await t.ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'legitimate_message'));
    expect(rows.map((r) => r.riskLevel).sort()).toEqual(['low', 'medium']);
  });

  it('refuses unknown events and any property that could carry message text, phone or e-mail', async () => {
    const before = (await t.ctx.database.db.select().from(analyticsEvents)).length;
    for (const json of [
      { name: 'made_up' },
      { name: 'scan_completed', properties: { message: 'my secret message' } },
      { name: 'scan_completed', properties: { phoneNumber: '+12025550143' } },
      { name: 'scan_completed', properties: { email: 'a@b.co' } },
      { name: 'scan_completed', properties: { source: 'has spaces and text' } },
    ]) {
      // raw HTTP: events outside the contract (its types refuse them); the 422 is the point
      expect((await t.request('/api/events', { method: 'POST', json })).status).toBe(422);
    }
    const after = await t.ctx.database.db.select().from(analyticsEvents);
    expect(after.length).toBe(before);
    expect(JSON.stringify(after)).not.toContain('secret');
  });
});
