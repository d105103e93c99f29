import { describe, expect, it } from 'vitest';
import { POLICY_STEP_IDS } from '@redflag/contracts/scan';
import { writtenResults } from '../../test/written-results.ts';
import { ADJUSTMENTS, POLICY_STEPS } from './steps.ts';

/**
 * One ordered list of the score's adjustments (steps.ts ADJUSTMENTS): every step a result records is a row of
 * it, shows that row's words, and comes in the list's order, on the written messages, on every platform, with
 * the person's answers, a VoIP sender, a listed link and the hand-set weights.
 */
describe('the adjustments list', () => {
  it('names every recorded step the contract knows, once, with words; the gates have none', () => {
    const ids = ADJUSTMENTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(POLICY_STEPS).sort()).toEqual([...POLICY_STEP_IDS].sort());
    for (const a of ADJUSTMENTS) expect(a.text === undefined, a.id).toBe(a.kind === 'gate');
  });

  it('is the order every result records its steps in, with their words', () => {
    const order = new Map<string, number>(ADJUSTMENTS.map((a, i) => [a.id, i]));
    const seen = new Set<string>();
    for (const r of writtenResults()) {
      const steps = r.policy ?? [];
      for (const s of steps) {
        expect(order.has(s.id), s.id).toBe(true);
        expect(s.text).toBe(POLICY_STEPS[s.id]);
        seen.add(s.id);
      }
      const at = steps.map((s) => order.get(s.id)!);
      expect(at, steps.map((s) => s.id).join(' > ')).toEqual([...at].sort((a, b) => a - b));
    }
    // Most of the list is exercised here (the reviewer's blend has its own tests in llm/).
    expect(seen.size).toBeGreaterThanOrEqual(8);
  });
});
