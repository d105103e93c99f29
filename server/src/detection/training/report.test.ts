import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarise, type SourceRow } from './loso.ts';
import {
  BASELINE_PATH,
  formatComparison,
  readBaseline,
  realSummary,
  shippingRule,
  writeGeneratedSection,
} from './report.ts';

const row = (source: string, legitFlagged: number | null, scamRecall: number | null): SourceRow => ({
  source,
  legit: legitFlagged === null ? 0 : 100,
  legitFlagged,
  scam: scamRecall === null ? 0 : 100,
  scamRecall,
  auc: null,
  byType: {},
});

describe('evaluation report', () => {
  it('names the worst real source and the means, leaving the synthetic row out', () => {
    const t = summarise('t', [row('a', 0.1, 0.9), row('b', 0.3, 0.8), row('synthetic', 0.6, 0.5)]);
    const s = realSummary(t);
    expect(s.worstSource).toBe('b');
    expect(s.worstError).toBeCloseTo(0.3);
    expect(s.meanError).toBeCloseTo(0.2);
  });

  it('compares two runs source by source, worst and mean before and after', () => {
    const before = summarise('v2', [row('a', 0.1, 0.9), row('b', 0.3, 0.8)]);
    const after = summarise('now', [row('a', 0.12, 0.95), row('b', 0.2, 0.8), row('synthetic', 0.5, 0.5)]);
    const text = formatComparison(before, after, { before: 'v2', after: 'now' });
    expect(text).toContain('| a | 2005-2012 | 10.0% → 12.0% | 90.0% → 95.0% |');
    expect(text).toContain('2005-2012 real sources: worst b 30.0% → b 20.0%; mean error 20.0% → 16.0%');
    expect(text).not.toContain('synthetic');
  });

  it('lists the modern sources first and gates shipping on them', () => {
    const before = summarise('v3', [row('uci_sms_spam', 0.1, 0.9), row('ph_sms', 0.3, 0.8), row('thai_sms', 0.1, 0.9)]);
    const better = summarise('v4', [
      row('uci_sms_spam', 0.4, 0.5),
      row('ph_sms', 0.1, 0.9),
      row('thai_sms', 0.11, 0.9),
    ]);
    const text = formatComparison(before, better, { before: 'v3', after: 'v4' });
    expect(text.indexOf('| ph_sms |')).toBeLessThan(text.indexOf('| uci_sms_spam |'));
    // An old source may get worse; the modern mean improved and no modern source lost more than 2 points.
    expect(shippingRule(before, better).met).toBe(true);
    const lost = summarise('v4', [
      row('uci_sms_spam', 0.1, 0.9),
      row('ph_sms', 0.05, 0.95),
      row('thai_sms', 0.15, 0.9),
    ]);
    expect(shippingRule(before, lost)).toMatchObject({ met: false });
    expect(shippingRule(before, lost).text).toContain('thai_sms 10.0% → 15.0%');
  });

  it('keeps the engine before v3 as the baseline every run is compared with', () => {
    const b = readBaseline(BASELINE_PATH);
    expect(b?.engineTable.rows.map((r) => r.source)).toContain('emscad_jobs_subset');
    expect(realSummary(b!.engineTable).worstSource).toBe('emscad_jobs_subset');
  });

  it('replaces only its own generated section', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'report-')), 'doc.md');
    writeFileSync(file, 'intro\n<!-- generated:loso -->\nold\n<!-- /generated:loso -->\noutro\n');
    writeGeneratedSection('loso', 'new', file);
    expect(readFileSync(file, 'utf8')).toBe('intro\n<!-- generated:loso -->\nnew\n<!-- /generated:loso -->\noutro\n');
  });
});
