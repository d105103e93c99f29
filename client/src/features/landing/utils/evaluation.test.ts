import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVALUATION, evaluationRows, percent } from './evaluation';

describe('percent', () => {
  it('never rounds in the flattering direction', () => {
    expect(percent(0.74023, 'down')).toBe('74.0%');
    expect(percent(0.74099, 'down')).toBe('74.0%');
    expect(percent(0.7606, 'up')).toBe('76.1%');
    expect(percent(0.0751, 'up')).toBe('7.6%');
    expect(percent(0.075, 'up')).toBe('7.5%');
  });
});

describe('evaluationRows', () => {
  it('puts the worst dataset first and leaves a missing side empty instead of 0%', () => {
    const rows = evaluationRows([
      { source: 'a', legit: 10, legitFlagged: 0.1, scam: 0, scamRecall: null },
      { source: 'b', legit: 10, legitFlagged: 0.7, scam: 5, scamRecall: 0.6 },
      { source: 'c', legit: 0, legitFlagged: null, scam: 5, scamRecall: 0.9 },
      { source: 'd', legit: 10, legitFlagged: 0.05, scam: 10, scamRecall: 0.2 },
      { source: 'synthetic', legit: 10, legitFlagged: 0.9, scam: 10, scamRecall: 0.1 },
    ]);
    // Worst by the share on the wrong side of 40 (d misses 80% of its scams); the written source is not shown.
    expect(rows.map((r) => r.source)).toEqual(['d', 'b', 'a', 'c']);
    expect(rows[2]?.scamsCaught).toBeNull();
    expect(rows[3]?.genuineFlagged).toBeNull();
  });
});

describe('the landing table', () => {
  it('shows every dataset of docs/engine-evaluation.md with the same figures, the weak ones included', () => {
    const doc = readFileSync(new URL('../../../../../docs/engine-evaluation.md', import.meta.url), 'utf8');
    // The section npm run train writes: its first table is the whole engine as shipped.
    const section = doc.split('<!-- generated:loso -->')[1]?.split('<!-- /generated:loso -->')[0] ?? '';
    const table = section.split('### whole engine')[1]?.split('\n\n')[1] ?? '';
    const docRows = table
      .split('\n')
      .slice(2)
      .map((line) => line.split('|').map((c) => c.trim()))
      .map((c) => ({ source: c[1], legitFlagged: c[3], scamsCaught: c[5] }))
      // The team's written source is in the table, not on the landing page (not a public dataset).
      .filter((d) => d.source !== 'synthetic');
    expect(docRows.map((d) => d.source).sort()).toEqual(EVALUATION.rows.map((r) => r.source).sort());
    for (const d of docRows) {
      const row = EVALUATION.rows.find((r) => r.source === d.source);
      // The document rounds to nearest; the page rounds toward the worse side: at most 0.1 apart.
      const near = (page: string | null, docValue: string | undefined) =>
        page === null ? docValue === '–' : Math.abs(parseFloat(page) - parseFloat(docValue ?? 'NaN')) <= 0.1 + 1e-9;
      expect(near(row?.genuineFlagged ?? null, d.legitFlagged), `${d.source} genuine flagged`).toBe(true);
      expect(near(row?.scamsCaught ?? null, d.scamsCaught), `${d.source} scams caught`).toBe(true);
    }
    // Worst first, as the document names it.
    expect(EVALUATION.rows[0]?.source).toBe(/Worst source: \*\*([^*]+)\*\*/.exec(section)?.[1]);
  });
});
