import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { analyzeLocal } from './analyze.ts';
import { loadDefaultModel } from './model/model.ts';
import { pathologicalInputs } from '../test/pathological.ts';

/**
 * No message the API accepts may stall the server: the engine's time must grow linearly with the length.
 * Before the hardening fix 10,000 characters of "a€€" took 3.4 s (the leetspeak fold walked the whole token
 * for every candidate) and runs of digits, "#" or "*" 100-270 ms (libphonenumber and two regular expressions
 * retried every position). The target is 50 ms on a quiet machine (`npm run bench:engine -- --worst` prints
 * the figures); this bound is eight times that, so that a busy test machine does not fail it, and still far
 * below any of the old times. A slow input is measured up to twice more, so a garbage-collection pause or a busy core does not
 * fail it either.
 */
const BOUND_MS = 400;

describe('engine time on pathological input', () => {
  it(`every generated input of ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters is analysed in under ${BOUND_MS} ms`, () => {
    const model = loadDefaultModel();
    const inputs = pathologicalInputs({ triples: 60 });
    expect(inputs.length).toBeGreaterThan(1000);
    analyzeLocal({ message: 'warm up the engine once' }, { model });
    const slow: string[] = [];
    for (const input of inputs) {
      expect(input.text.length).toBe(MAX_MESSAGE_LENGTH);
      const time = (): number => {
        const start = performance.now();
        analyzeLocal({ message: input.text }, { model });
        return performance.now() - start;
      };
      let ms = time();
      for (let retry = 0; retry < 2 && ms > BOUND_MS; retry++) ms = Math.min(ms, time());
      if (ms > BOUND_MS) slow.push(`${input.name}: ${ms.toFixed(0)} ms`);
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
