import { describe, expect, it } from 'vitest';
import type { PolicyStep, ScanResult } from '@redflag/contracts/scan';
import { PLATFORM_VALUES } from '@redflag/contracts/platforms';
import { analyzeLocal } from '../analyze.ts';
import { BENIGN, SCAMS } from '../fixtures/messages.ts';
import * as threads from '../conversation/threads.ts';
import { POLICY_STEPS } from './steps.ts';

/**
 * What a policy step says it did is what it did: each cap's and floor's words ("at most 35", "at least 45")
 * are rendered from its bound (limits.ts), and every step the engine records on the messages written for the
 * tests, on every platform, with and without the person's answers and a listed link, lands where its words
 * say. A bound changed in the policy but not in the words (or the other way round) fails here.
 */
const bound = (text: string): { kind: 'most' | 'least'; n: number } | null => {
  const m = /\(at (most|least) (\d+)\)/.exec(text);
  return m ? { kind: m[1] as 'most' | 'least', n: Number(m[2]) } : null;
};

function results(): ScanResult[] {
  const out: ScanResult[] = [];
  const texts = [
    ...[...BENIGN, ...SCAMS].map((f) => f.text),
    ...Object.values(threads).flatMap((t) => (typeof t === 'object' && t && 'text' in t ? [t.text] : [])),
  ];
  for (const message of texts) {
    for (const platform of [undefined, ...PLATFORM_VALUES]) {
      out.push(analyzeLocal({ message, platform }));
      out.push(analyzeLocal({ message, platform, context: { knowsSender: true } }));
    }
    const link = /https?:\/\/\S+/.exec(message)?.[0];
    if (link)
      out.push(
        analyzeLocal({
          message,
          knownBad: [{ list: 'openphish', listedAt: '2026-02-10T12:30:00Z', match: 'url', url: link }],
        }),
      );
  }
  return out;
}

describe('the policy steps land where their words say', () => {
  const steps: PolicyStep[] = results().flatMap((r) => r.policy ?? []);

  it('every bounded step names its bound, and every recorded one keeps it', () => {
    const seen = new Set<string>();
    for (const s of steps) {
      expect(s.text).toBe(POLICY_STEPS[s.id]);
      const b = bound(s.text);
      if (!b) continue;
      seen.add(s.id);
      if (b.kind === 'most') expect(s.to, `${s.id}: ${s.from} -> ${s.to}`).toBeLessThanOrEqual(b.n);
      else expect(s.to, `${s.id}: ${s.from} -> ${s.to}`).toBeGreaterThanOrEqual(b.n);
      // A cap or floor moves the score to its bound, or (the marketplace cap, through the model) toward it.
      if (b.kind === 'least') expect(s.from).toBeLessThan(b.n);
    }
    // Most bounded steps are exercised by the written messages (the rest have tests of their own).
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });
});
