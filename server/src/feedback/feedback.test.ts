import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackResponseSchema, shareResponseSchema, sharedScanSchema } from '@redflag/contracts/feedback';
import { isClientRoute } from '@redflag/contracts/routes';
import { scanFeedback, scanShare } from '../db/schema/feedback.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createVerifiedUser, type TestUser } from '../test/users.ts';
import { SECRET_MESSAGE, seedScan } from './fixtures.ts';

/**
 * "Was this right?" stored with the scan, for its owner only, changeable, and gone
 * with the scan or the account; a public link that shows the verdict and nothing the owner did not choose,
 * revocable, not indexed, made only by the scan's owner.
 */

const ORIGIN = 'http://localhost:5000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const call = (u: TestUser | null, method: string, path: string, json?: unknown) =>
  t.request(path, {
    method,
    headers: { origin: ORIGIN, ...(u?.headers ?? {}) },
    ...(json === undefined ? {} : { json }),
  });

/** Every distinctive part of SECRET_MESSAGE: none may appear on a page that leaves the message out. */
const MESSAGE_PARTS = ['Marguerite', '7QX-ZEBRA', 'parcel-fee.example', '555 0173', '555-0173', '5550173', 'is held'];

describe('feedback: PUT / GET /api/scans/:id/feedback', () => {
  it('stores the answer with the engine version, the verdict and the signals at the time, and a second answer replaces it', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id, { riskScore: 88, engineVersion: 'engine-7' });

    expect(feedbackResponseSchema.parse(await (await call(u, 'GET', `/api/scans/${scanId}/feedback`)).json())).toEqual({
      feedback: null,
    });

    const first = await call(u, 'PUT', `/api/scans/${scanId}/feedback`, {
      label: 'not_scam',
      note: '  It was my real courier  ',
      consentToUseText: true,
    });
    expect(first.status).toBe(200);
    expect(feedbackResponseSchema.parse(await first.json()).feedback).toMatchObject({
      scanId,
      label: 'not_scam',
      note: 'It was my real courier',
      consentToUseText: true,
      engineVersion: 'engine-7',
      riskScore: 88,
      scamType: 'delivery_smishing',
    });

    const second = await call(u, 'PUT', `/api/scans/${scanId}/feedback`, { label: 'scam' });
    expect(second.status).toBe(200);
    const rows = await db().select().from(scanFeedback).where(eq(scanFeedback.scanId, scanId));
    // One row, changed: the consent box left unticked withdraws the consent; the empty note clears it.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: u.user.id,
      label: 'scam',
      note: null,
      consentToUseText: false,
      engineVersion: 'engine-7',
      riskScore: 88,
      signals: ['parcel_fee', 'llm_quote', 'suspicious_link'],
    });
    // No copy of the message text is kept with the feedback.
    expect(JSON.stringify(rows[0])).not.toContain('Marguerite');

    const got = feedbackResponseSchema.parse(await (await call(u, 'GET', `/api/scans/${scanId}/feedback`)).json());
    expect(got.feedback).toMatchObject({ label: 'scam', consentToUseText: false });
  });

  it("answers 404 for another user's scan, a made-up id and a malformed id, and stores nothing", async () => {
    const owner = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const scanId = await seedScan(db(), owner.user.id);
    for (const path of [
      `/api/scans/${scanId}/feedback`,
      '/api/scans/00000000-0000-4000-8000-000000000000/feedback',
      '/api/scans/not-a-uuid/feedback',
    ]) {
      expect((await call(other, 'PUT', path, { label: 'scam' })).status).toBe(404);
      expect((await call(other, 'GET', path)).status).toBe(404);
    }
    expect(await db().select().from(scanFeedback).where(eq(scanFeedback.scanId, scanId))).toEqual([]);
    expect((await call(null, 'PUT', `/api/scans/${scanId}/feedback`, { label: 'scam' })).status).toBe(401);
  });

  it('answers 422 for an unknown label, a non-boolean consent and an over-long note', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    for (const body of [
      { label: 'maybe' },
      { label: 'scam', consentToUseText: 'yes' },
      { label: 'scam', note: 'x'.repeat(1001) },
      {},
    ]) {
      const res = await call(u, 'PUT', `/api/scans/${scanId}/feedback`, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    expect(await db().select().from(scanFeedback).where(eq(scanFeedback.scanId, scanId))).toEqual([]);
  });

  it('deleting the scan deletes its feedback and its share link', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    expect(
      (await call(u, 'PUT', `/api/scans/${scanId}/feedback`, { label: 'scam', consentToUseText: true })).status,
    ).toBe(200);
    expect((await call(u, 'PUT', `/api/scans/${scanId}/share`, {})).status).toBe(200);
    expect((await call(u, 'DELETE', `/api/scans/${scanId}`)).status).toBe(200);
    expect(await db().select().from(scanFeedback).where(eq(scanFeedback.scanId, scanId))).toEqual([]);
    expect(await db().select().from(scanShare).where(eq(scanShare.scanId, scanId))).toEqual([]);
  });

  it('the account export holds the feedback and the links (without their tokens); deleting the account deletes both', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    expect((await call(u, 'PUT', `/api/scans/${scanId}/feedback`, { label: 'not_sure', note: 'Unsure' })).status).toBe(
      200,
    );
    const share = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: true })).json(),
    ).share;
    const exported = await (await call(u, 'GET', '/api/account/export')).json();
    expect(exported.feedback).toEqual([
      expect.objectContaining({ scanId, label: 'not_sure', note: 'Unsure', consentToUseText: false }),
    ]);
    expect(exported.sharedLinks).toEqual([expect.objectContaining({ scanId, includeMessage: true })]);
    expect(JSON.stringify(exported)).not.toContain(share?.token);

    expect((await call(u, 'POST', '/api/account/delete', { confirmEmail: u.user.email })).status).toBe(200);
    expect(await db().select().from(scanFeedback).where(eq(scanFeedback.userId, u.user.id))).toEqual([]);
    expect(await db().select().from(scanShare).where(eq(scanShare.userId, u.user.id))).toEqual([]);
    expect((await call(null, 'GET', `/api/shared/${share?.token}`)).status).toBe(404);
  });
});

describe('share: PUT / GET / DELETE /api/scans/:id/share and the public GET /api/shared/:token', () => {
  it('the shared page shows the verdict, type, reasons and advice and nothing of the message, not indexed', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    const res = await call(u, 'PUT', `/api/scans/${scanId}/share`, {});
    expect(res.status).toBe(200);
    const share = shareResponseSchema.parse(await res.json()).share;
    // 32 random bytes, base64url: 256 bits.
    expect(share?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share).toMatchObject({ path: `/r/${share?.token}`, includeMessage: false });
    expect(isClientRoute(share?.path ?? '')).toBe(true);

    const pub = await call(null, 'GET', `/api/shared/${share?.token}`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('x-robots-tag')).toMatch(/noindex/);
    const text = await pub.text();
    const body = sharedScanSchema.parse(JSON.parse(text));
    expect(body).toMatchObject({
      riskScore: 88,
      scamType: 'delivery_smishing',
      reasons: [
        'Asks you to pay a fee for a held parcel',
        'The link (not shared) imitates USPS but is not their website',
      ],
      message: null,
      links: [],
      phoneAnalysis: null,
      emailAnalysis: null,
    });
    expect(body.advice).toMatch(/Do not pay/);
    expect(body.reasonDetails.map((d) => d.evidence)).toEqual([[], [], []]);
    expect(body.reasonDetails.map((d) => d.text)).toEqual([
      'Asks you to pay a fee for a held parcel',
      'Says "(not shared)" and asks to call (not shared)',
      'The link (not shared) imitates USPS but is not their website',
    ]);
    for (const part of MESSAGE_PARTS) expect(text).not.toContain(part);
    // Nor who it belongs to.
    expect(text).not.toContain(u.user.id);
    expect(text).not.toContain(u.user.email);
    expect(text).not.toContain(scanId);

    // The client route of the page carries the same header.
    const page = await call(null, 'GET', share?.path ?? '');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
  });

  it('the message and its highlights appear only once the owner chooses to include them; the link stays the same', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    const first = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: false })).json(),
    ).share;
    const second = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: true })).json(),
    ).share;
    expect(second?.token).toBe(first?.token);
    const body = sharedScanSchema.parse(await (await call(null, 'GET', `/api/shared/${second?.token}`)).json());
    expect(body.message).toBe(SECRET_MESSAGE);
    expect(body.reasons).toContain('The link parcel-fee.example imitates USPS but is not their website');
    expect(body.reasonDetails[0]?.evidence).toEqual([
      { kind: 'span', start: 20, end: 42, text: 'parcel 7QX-ZEBRA is held' },
    ]);
    expect(body.links).toHaveLength(1);

    // And back: choosing to leave it out again takes it off the page.
    await call(u, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: false });
    const again = await (await call(null, 'GET', `/api/shared/${second?.token}`)).text();
    for (const part of MESSAGE_PARTS) expect(again).not.toContain(part);
  });

  it('a revoked link answers 404; sharing again makes a new token', async () => {
    const u = await createVerifiedUser(t);
    const scanId = await seedScan(db(), u.user.id);
    const share = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, {})).json(),
    ).share;
    expect((await call(null, 'GET', `/api/shared/${share?.token}`)).status).toBe(200);
    expect((await call(u, 'DELETE', `/api/scans/${scanId}/share`)).status).toBe(200);
    const gone = await call(null, 'GET', `/api/shared/${share?.token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(shareResponseSchema.parse(await (await call(u, 'GET', `/api/scans/${scanId}/share`)).json())).toEqual({
      share: null,
    });
    expect((await call(u, 'DELETE', `/api/scans/${scanId}/share`)).status).toBe(404);

    const again = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, {})).json(),
    ).share;
    expect(again?.token).not.toBe(share?.token);
    expect((await call(null, 'GET', `/api/shared/${share?.token}`)).status).toBe(404);
  });

  it('another user cannot create, read or revoke a share for your scan', async () => {
    const owner = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const scanId = await seedScan(db(), owner.user.id);
    expect((await call(other, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: true })).status).toBe(404);
    expect(await db().select().from(scanShare).where(eq(scanShare.scanId, scanId))).toEqual([]);

    const share = shareResponseSchema.parse(
      await (await call(owner, 'PUT', `/api/scans/${scanId}/share`, {})).json(),
    ).share;
    expect((await call(other, 'GET', `/api/scans/${scanId}/share`)).status).toBe(404);
    // Changing what the link shows, or revoking it, is the owner's alone.
    expect((await call(other, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: true })).status).toBe(404);
    expect((await call(other, 'DELETE', `/api/scans/${scanId}/share`)).status).toBe(404);
    const body = sharedScanSchema.parse(await (await call(null, 'GET', `/api/shared/${share?.token}`)).json());
    expect(body.message).toBeNull();
    expect((await call(null, 'PUT', `/api/scans/${scanId}/share`, {})).status).toBe(401);
  });

  it('leaves out every form of a QR payload the engine quotes, shortened or not, with one marker per cut', async () => {
    const u = await createPremiumUser(t);
    // A Wi-Fi code (not a link) and an http link with a long path, both over the 80 characters the reason shows.
    const wifi = 'WIFI:S:Lakeside-Villa-5G;T:WPA;P:Zq7-Marmalade-Vortex-Glacier-Pinwheel-4471;H:false;;';
    const link =
      'http://parking-citation.example/zq-district/ticket-88213/settle-fine/plate-KX7-9QR/step-two?ref=ab12cd34ef';
    expect(wifi.length).toBeGreaterThan(80);
    expect(link.length).toBeGreaterThan(80);
    // As the client sends a screenshot: its text, the decoded link added to it, and both codes as qrLinks.
    const scan = await call(u, 'POST', '/api/scans', {
      message: `Scan to pay the parking fine ${link}`,
      qrLinks: [wifi, link],
      source: 'image',
    });
    expect(scan.status).toBe(200);
    const scanId = ((await scan.json()) as { id: string }).id;
    const share = shareResponseSchema.parse(
      await (await call(u, 'PUT', `/api/scans/${scanId}/share`, { includeMessage: false })).json(),
    ).share;
    const text = await (await call(null, 'GET', `/api/shared/${share?.token}`)).text();
    const body = sharedScanSchema.parse(JSON.parse(text));

    // The reason stays, what it quotes does not.
    expect(body.reasons.filter((r) => r.startsWith('QR code leads to'))).toEqual([
      'QR code leads to (not shared)',
      'QR code leads to (not shared)',
    ]);
    // No 6-character run of either payload (after the scheme) anywhere on the page, in any case.
    const page = text.toLowerCase();
    for (const payload of [wifi.slice('WIFI:'.length), link.slice('http://'.length)]) {
      for (let i = 0; i + 6 <= payload.length; i++)
        expect(page, payload.slice(i, i + 6)).not.toContain(payload.slice(i, i + 6).toLowerCase());
    }
    // One marker per cut: never '((not shared) shared))' or a marker inside another.
    for (const r of [...body.reasons, ...body.reasonDetails.map((d) => d.text)]) {
      expect(r).not.toMatch(/\(\(|\)\)|shared\)\s*shared/);
    }
  });

  it('a made-up or malformed token answers 404', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(42)}%2F`]) {
      expect((await call(null, 'GET', `/api/shared/${token}`)).status).toBe(404);
    }
  });
});
