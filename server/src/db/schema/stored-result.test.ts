import { describe, expect, it } from 'vitest';
import type { ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from '../../detection/analyze.ts';
import { PIG_BUTCHERING } from '../../detection/conversation/threads.ts';
import { fromStoredResult, toStoredResult } from './stored-result.ts';
import { worstChat } from '../../test/pathological.ts';

/** The stored form of a result (decision 134): a chat's turns packed, read back exactly as answered. */
const longChat = worstChat(7);

describe('a scan result as stored', () => {
  const cases: Array<[string, string]> = [
    ['a WhatsApp export with times, scored turn by turn', PIG_BUTCHERING.text],
    ['a chat too long to score turn by turn (read whole, no scores)', longChat],
  ];
  for (const [name, message] of cases) {
    it(`${name} reads back exactly as answered, through JSON`, () => {
      const result = analyzeLocal({ message });
      expect(result.conversation?.turns.length).toBeGreaterThan(5);
      const stored = JSON.parse(JSON.stringify(toStoredResult(result))) as ReturnType<typeof toStoredResult>;
      expect(stored.conversation && 'turns' in stored.conversation).toBe(false);
      expect(fromStoredResult(stored)).toEqual(result);
    });
  }

  it('packs a 2,000-turn chat to under a fifth of its size as objects', () => {
    const result = analyzeLocal({ message: longChat });
    const turns = result.conversation?.turns.length ?? 0;
    expect(turns).toBeGreaterThan(1000);
    expect(JSON.stringify(toStoredResult(result)).length).toBeLessThan(JSON.stringify(result).length / 5);
  });

  it('keeps a turn with a time but no score, and one with a score of 0', () => {
    const result = analyzeLocal({ message: PIG_BUTCHERING.text });
    const c = result.conversation;
    if (!c) throw new Error('no conversation');
    const turns = c.turns.map((t, i) => ({ ...t, riskScore: i === 0 ? 0 : i === 1 ? null : t.riskScore }));
    const edited: ScanResult = { ...result, conversation: { ...c, turns } };
    expect(fromStoredResult(JSON.parse(JSON.stringify(toStoredResult(edited))))).toEqual(edited);
  });

  it('reads a result stored before packing as it was, and one without a conversation unchanged', () => {
    const chat = analyzeLocal({ message: PIG_BUTCHERING.text });
    expect(fromStoredResult(JSON.parse(JSON.stringify(chat)))).toEqual(chat);
    const plain = analyzeLocal({ message: 'Hey, is the bike still available?' });
    expect(plain.conversation).toBeUndefined();
    expect(toStoredResult(plain)).toBe(plain);
  });
});
