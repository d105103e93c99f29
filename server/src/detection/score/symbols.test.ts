import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_VALUES } from '@redflag/contracts/platforms';
import { gather } from '../evidence.ts';
import { analyzeLocal } from '../analyze.ts';
import { LINK_FLAGS } from '../link-signals.ts';
import { CONVERSATION_RULES } from '../rules/conversation.ts';
import { INTENT_RULES } from '../rules/intents.ts';
import { MARKETPLACES, RULES } from '../rules/rules.ts';
import { round2 } from '../signal.ts';
import { WRITTEN_TEXTS } from '../../test/written-results.ts';
import { FINDING_SCORES, type FindingScore } from './symbols.ts';

/**
 * One table of what each finding counts for (symbols.ts): the detectors carry no weight of their own, every
 * finding the engine makes on the written messages weighs what the table says (times its platform's
 * multiplier, a recorded step), and the table holds no score nobody reads.
 */
const table = FINDING_SCORES as Readonly<Record<string, FindingScore>>;
const detectors = [...RULES, ...INTENT_RULES, ...CONVERSATION_RULES];
const detection = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'training' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the findings score table', () => {
  it('gives every detector its weight and multipliers, and the detectors write none themselves', () => {
    for (const r of detectors) {
      const s = table[r.id];
      expect(s, r.id).toBeDefined();
      expect({ id: r.id, weight: r.weight, marketplace: r.marketplace, elsewhere: r.elsewhere }).toEqual({
        id: r.id,
        weight: s?.weight,
        marketplace: s?.marketplace,
        elsewhere: s?.elsewhere,
      });
    }
    for (const f of ['rules/rules.ts', 'rules/intents.ts', 'rules/conversation.ts'])
      expect(readFileSync(path.join(detection, f), 'utf8'), f).not.toMatch(
        /^\s+(weight|marketplace|elsewhere): -?[\d.]+,?$/m,
      );
  });

  it('holds no score that neither a detector nor the engine reads', () => {
    const read = new Set<string>(detectors.map((r) => r.id));
    // The link flags' findings are read as link_<flag> (link-signals.ts flagWeight).
    for (const flag of Object.keys(LINK_FLAGS)) read.add(`link_${flag}`);
    // A finding made outside the detectors is read by id in a file that imports the table (weightOf('official_link'),
    // combos.ts add('combo_family_money', ...)).
    for (const file of sources(detection)) {
      const text = readFileSync(file, 'utf8');
      if (!/from '(\.\.\/score|\.)\/symbols\.ts'|from '\.\/score\/symbols\.ts'/.test(text)) continue;
      for (const m of text.matchAll(/'([a-z_]+)'/g)) if (m[1]! in table) read.add(m[1]!);
    }
    expect(Object.keys(table).filter((id) => !read.has(id))).toEqual([]);
  });

  it('is what every finding weighs on the written messages, on every platform', () => {
    let checked = 0;
    for (const message of WRITTEN_TEXTS)
      for (const platform of [undefined, ...PLATFORM_VALUES]) {
        const g = gather({ message, platform });
        for (const s of g.signals) {
          const score = table[s.id];
          if (!score) continue;
          const step = g.reweighted.get(s);
          const own =
            step && (step.step === 'marketplace_weights' || step.step === 'elsewhere_weights') ? step.from : s.weight;
          expect({ id: s.id, weight: own }).toEqual({ id: s.id, weight: round2(score.weight) });
          if (step?.step === 'marketplace_weights') {
            expect(platform && MARKETPLACES.has(platform)).toBe(true);
            expect(s.weight).toBe(round2(score.weight * (score.marketplace ?? 1)));
          }
          if (step?.step === 'elsewhere_weights') expect(s.weight).toBe(round2(score.weight * (score.elsewhere ?? 1)));
          checked++;
        }
        // The conversation findings are made on the whole chat, not by gather.
        for (const d of analyzeLocal({ message, platform }).reasonDetails)
          if (d.id === 'conversation_turned' || d.id === 'conversation_investment_turn') checked++;
      }
    expect(checked).toBeGreaterThan(1000);
  });
});
