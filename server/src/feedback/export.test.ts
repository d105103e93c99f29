import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonl } from '../detection/training/data.ts';
import type { FeedbackRequest } from '@redflag/contracts/feedback';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser } from '../test/users.ts';
import { exportFeedback, formatReport, parseArgs, toJsonLines } from './export.ts';
import { seedScan } from './fixtures.ts';

/**
 * The operator export writes consented feedback as ../shared/data records (readable by the
 * engine's own evaluation reader) and reports agreement per engine version and per type.
 */

const ORIGIN = 'http://localhost:5000';
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'feedback-export-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run feedback:export', () => {
  it('writes only consented Scam / Not a scam answers, with the text, and counts every answer in the agreement report', async () => {
    const db = t.ctx.database.db;
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    const give = async (u: typeof a, scanId: string, body: FeedbackRequest) => {
      const res = await apiClient(t)('saveFeedback', {
        params: { id: scanId },
        headers: { origin: ORIGIN, ...u.headers },
        body,
      });
      expect(res.status).toBe(200);
    };
    const since = new Date(t.ctx.clock.now().getTime() - 1000);

    // v1: a scam verdict confirmed (consented), a scam verdict called wrong (no consent), a suspicious one.
    const s1 = await seedScan(db, a.user.id, {
      riskScore: 90,
      engineVersion: 'v1',
      message: 'Consented scam text one',
    });
    const s2 = await seedScan(db, a.user.id, { riskScore: 80, engineVersion: 'v1', message: 'Private text two' });
    const s3 = await seedScan(db, b.user.id, { riskScore: 55, engineVersion: 'v1', message: 'Private text three' });
    // v2: a legitimate verdict confirmed (consented, on WhatsApp), and a Not sure with consent.
    const s4 = await seedScan(db, b.user.id, {
      riskScore: 10,
      engineVersion: 'v2',
      scamType: 'job_task',
      platform: 'whatsapp',
      message: 'Consented legit text four\r\nsecond line',
    });
    const s5 = await seedScan(db, b.user.id, { riskScore: 75, engineVersion: 'v2', message: 'Not sure text five' });
    await give(a, s1, { label: 'scam', consentToUseText: true });
    await give(a, s2, { label: 'not_scam', note: 'my bank', consentToUseText: false });
    await give(b, s3, { label: 'scam', consentToUseText: false });
    await give(b, s4, { label: 'not_scam', consentToUseText: true });
    await give(b, s5, { label: 'not_sure', consentToUseText: true });

    const exp = await exportFeedback(db, since);
    expect(exp.records.map((r) => r.text).sort()).toEqual([
      'Consented legit text four\nsecond line',
      'Consented scam text one',
    ]);
    expect(exp.records.find((r) => r.label === 'legit')).toMatchObject({
      type: 'user_not_scam',
      channel: 'chat',
      platform: 'whatsapp',
      source: 'redflag_feedback',
    });
    expect(exp.records.find((r) => r.label === 'scam')).toMatchObject({ type: 'user_scam', channel: 'sms' });
    const lines = toJsonLines(exp.records);
    for (const secret of ['Private text', 'my bank', 'Not sure text']) expect(lines).not.toContain(secret);

    expect(exp.report.total).toBe(5);
    expect(exp.report.consented).toBe(3);
    expect(exp.report.byEngineVersion['v1']).toEqual({
      answered: 3,
      agreed: 1,
      disagreed: 1,
      suspicious: 1,
      notSure: 0,
      agreement: 0.5,
    });
    expect(exp.report.byEngineVersion['v2']).toEqual({
      answered: 1,
      agreed: 1,
      disagreed: 0,
      suspicious: 0,
      notSure: 1,
      agreement: 1,
    });
    // Below 40 the engine named no type (job_task was only the closest match).
    expect(exp.report.byType['none']).toMatchObject({ answered: 1, agreed: 1 });
    expect(exp.report.byType['delivery_smishing']).toMatchObject({
      answered: 3,
      agreed: 1,
      disagreed: 1,
      suspicious: 1,
      notSure: 1,
    });
    expect(formatReport(exp, since)).toMatch(
      /v1\s+answered\s+3\s+agreed\s+1\s+disagreed\s+1\s+suspicious\s+1\s+not sure\s+0\s+agreement 50\.0%/,
    );

    // The file reads back through the engine's evaluation reader (the ../shared/data schema).
    const file = path.join(dir, 'out.jsonl');
    writeFileSync(file, lines);
    expect(
      readJsonl(file)
        .map((r) => r.label)
        .sort(),
    ).toEqual(['legit', 'scam']);

    // A later --since leaves earlier answers out.
    expect((await exportFeedback(db, new Date(t.ctx.clock.now().getTime() + 60_000))).report.total).toBe(0);
  });

  it('needs --since as a date', () => {
    expect(() => parseArgs([])).toThrow(/--since/);
    expect(() => parseArgs(['--since', 'yesterday'])).toThrow(/--since/);
    expect(parseArgs(['--since', '2026-03-01', '--out', 'x.jsonl'])).toEqual({
      since: new Date('2026-03-01'),
      out: 'x.jsonl',
    });
    expect(parseArgs(['--since', '2026-03-01']).out).toBe('feedback-2026-03-01.jsonl');
  });
});
