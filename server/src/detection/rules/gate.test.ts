import { describe, expect, it } from 'vitest';
import { BENIGN, SCAMS } from '../fixtures/messages.ts';
import { fold } from '../text/normalize.ts';
import { compiledGate, mayMatch, patternGate, TrigramIndex } from './gate.ts';
import { INTENT_RULES } from './intents.ts';
import { RULES } from './rules.ts';

const gateOf = (re: RegExp): string[][][] | null => patternGate(re);
const passes = (re: RegExp, text: string): boolean => {
  const gate = compiledGate(re);
  return gate === null || mayMatch(gate, new TrigramIndex(text));
};

describe('patternGate', () => {
  it('takes the literal each alternative needs, without the characters a quantifier makes optional', () => {
    expect(gateOf(/\b(gift ?cards?|steam cards?)\b/g)).toEqual([[['gift', 'steam card']]]);
    expect(gateOf(/\bdon'?t delay\b/g)).toEqual([[['don'], ['t delay']]]);
  });

  it('steps over optional groups, classes, escapes and look-arounds, and keeps every part a match must contain', () => {
    expect(gateOf(/(?<!not )\b(your )?(verification )?code[^.!?\n]{0,20}\d{4,8}/g)).toEqual([[['code']]]);
    expect(gateOf(/\b(send|give)[^.!?\n]{0,40}\b(password|pin code)\b/g)).toEqual([
      [
        ['send', 'give'],
        ['password', 'pin code'],
      ],
    ]);
    expect(gateOf(/\bwin(ner)?\b|\blottery\b/g)).toEqual([[['win']], [['lottery']]]);
  });

  it('gives no gate when some alternative has no literal, or the pattern is case-insensitive', () => {
    expect(gateOf(/\b[a-z]{3,}\d+\b/g)).toBeNull();
    expect(gateOf(/\bcode\b|\d{6}/g)).toBeNull();
    expect(gateOf(/(ab)?cd/g)).toBeNull();
    expect(gateOf(/\bgift card\b/gi)).toBeNull();
  });
});

describe('gated rules', () => {
  it('let through every fixture text that one of the detector patterns matches', () => {
    const texts = [...BENIGN, ...SCAMS].map((f) => fold(f.text).text);
    let matched = 0;
    for (const rule of [...RULES, ...INTENT_RULES]) {
      for (const pattern of rule.patterns) {
        for (const text of texts) {
          pattern.lastIndex = 0;
          if (!pattern.test(text)) continue;
          matched++;
          expect(passes(pattern, text), `${rule.id} ${pattern.source.slice(0, 60)}`).toBe(true);
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });

  it('skip a pattern whose literal is missing from the text, and scan it when the literal is there', () => {
    const re = /\b(gift ?cards?|steam cards?)\b/g;
    expect(passes(re, 'please buy two gift cards today')).toBe(true);
    expect(passes(re, 'please buy two giftcards today')).toBe(true);
    expect(passes(re, 'see you at the station at noon')).toBe(false);
  });
});
