import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scamTypeLabel } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';

/**
 * The landing page shows one worked example with the engine's answer (client/src/features/landing/utils/
 * example-scan.json: hero phone and "How it works"). The answer is stored so the landing page needs no
 * engine; this runs the shipped engine on the same text and fails when the stored answer no longer is
 * what the engine says (after a retrain: paste the new answer into the JSON). No typed-in figures.
 */
const EXAMPLE_URL = new URL('../../../client/src/features/landing/utils/example-scan.json', import.meta.url);

interface StoredExample {
  platform: 'facebook';
  message: string;
  engineVersion: string;
  riskScore: number;
  scamType: string | null;
  typeLabel: string;
  reasons: Array<{ id: string; text: string; evidence: Array<{ start: number; end: number; text: string }> }>;
}

describe('the landing page example', () => {
  it('is what the shipped engine answers for its message: score, type, reasons and evidence', () => {
    const stored = JSON.parse(readFileSync(EXAMPLE_URL, 'utf8')) as StoredExample;
    const r = analyzeLocal({ message: stored.message, platform: stored.platform });
    expect({
      engineVersion: r.engineVersion,
      riskScore: r.riskScore,
      scamType: r.scamType,
      typeLabel: scamTypeLabel(r.scamType),
      reasons: r.reasonDetails.map((d) => ({
        id: d.id,
        text: d.text,
        evidence: d.evidence.flatMap((e) => (e.kind === 'span' ? [{ start: e.start, end: e.end, text: e.text }] : [])),
      })),
    }).toEqual({
      engineVersion: stored.engineVersion,
      riskScore: stored.riskScore,
      scamType: stored.scamType,
      typeLabel: stored.typeLabel,
      reasons: stored.reasons,
    });
  });
});
