import { describe, expect, it } from 'vitest';
import { analyzeLocal } from '../analyze.ts';
import { BENIGN, SCAMS } from '../fixtures/messages.ts';
import { SIGNAL_IDS, type SignalId } from './signal-ids.ts';
import { INTENT_RULES } from './intents.ts';
import { RULES } from './rules.ts';

describe('signal ids', () => {
  it('is a closed union: a misspelt id does not compile', () => {
    // @ts-expect-error 'call_number_in_txt' is not a signal id (tsc fails here if SignalId widens to string).
    const misspelt: SignalId = 'call_number_in_txt';
    expect(SIGNAL_IDS).not.toContain(misspelt);
  });

  it('lists every id once, and every rule id is on the list', () => {
    expect(new Set(SIGNAL_IDS).size).toBe(SIGNAL_IDS.length);
    for (const rule of [...RULES, ...INTENT_RULES]) expect(SIGNAL_IDS).toContain(rule.id);
  });

  it('names every reason the engine gives on the fixtures with an id from the list', () => {
    const given = new Set<string>();
    for (const f of [...BENIGN, ...SCAMS]) {
      const r = analyzeLocal({ message: f.text, platform: f.platform, phoneNumber: f.phoneNumber, email: f.email });
      for (const d of r.reasonDetails) given.add(d.id);
    }
    expect(given.size).toBeGreaterThan(40);
    for (const id of given) expect(SIGNAL_IDS as readonly string[]).toContain(id);
  });
});
