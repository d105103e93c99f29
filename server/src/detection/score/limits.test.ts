import { describe, expect, it } from 'vitest';
import type { PolicyStep } from '@redflag/contracts/scan';
import { writtenResults } from '../../test/written-results.ts';
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

describe('the policy steps land where their words say', () => {
  const steps: PolicyStep[] = writtenResults().flatMap((r) => r.policy ?? []);

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
