import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarise, type SourceRow } from './loso.ts';
import { BASELINE_PATH, formatComparison, readBaseline, realSummary, writeGeneratedSection } from './report.ts';

const row = (source: string, legitFlagged: number | null, scamRecall: number | null): SourceRow => ({ source, legit: legitFlagged === null ? 0 : 100, legitFlagged, scam: scamRecall === null ? 0 : 100, scamRecall, auc: null, byType: {} });

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
    expect(text).toContain('| a | 10.0% → 12.0% | 90.0% → 95.0% |');
    expect(text).toContain('Worst real source: b 30.0% → b 20.0%');
    expect(text).toContain('Mean error over the real sources: 20.0% → 16.0%');
    expect(text).not.toContain('synthetic');
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
