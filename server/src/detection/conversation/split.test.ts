import { describe, expect, it } from 'vitest';
import { splitConversation } from './split.ts';

/** Chat exports and copies as the apps write them (names and words made up for these tests). */
const cases: Array<[string, string, string[]]> = [
  [
    'WhatsApp Android, 24-hour, day first (en-GB)',
    '12/03/2024, 21:15 - Anna: Hello there\n12/03/2024, 21:16 - Ben: Hi Anna\nhow are you?\n12/03/2024, 21:17 - Anna: Fine',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'WhatsApp Android, 12-hour with a narrow space (en-US)',
    '3/12/24, 9:15\u202fPM - Anna: Hello there\n3/12/24, 9:16\u202fPM - Ben: Hi Anna\n3/12/24, 9:17\u202fPM - Anna: Fine',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'WhatsApp Android, German',
    '12.03.24, 21:15 - Anna: Hallo\n12.03.24, 21:16 - Ben: Hi Anna\n12.03.24, 21:17 - Anna: Gut',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'WhatsApp Android, Spanish 12-hour',
    '12/3/24, 9:15 p. m. - Ana: Hola\n12/3/24, 9:16 p. m. - Beto: Hola Ana\n12/3/24, 9:17 p. m. - Ana: Bien',
    ['Ana', 'Beto', 'Ana'],
  ],
  [
    'WhatsApp Android, French',
    '12/03/2024 à 21:15 - Anne : Salut\n12/03/2024 à 21:16 - Marc : Salut Anne\n12/03/2024 à 21:17 - Anne : Ça va',
    ['Anne', 'Marc', 'Anne'],
  ],
  [
    'WhatsApp iOS, 24-hour with seconds',
    '[12/03/2024, 21:15:42] Anna: Hello there\n[12/03/2024, 21:16:01] Ben: Hi Anna\n\u200e[12/03/2024, 21:16:30] Ben: \u200e<attached: 00000012-PHOTO-2024-03-12-21-16-30.jpg>\n[12/03/2024, 21:17:05] Anna: Fine',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'WhatsApp iOS, 12-hour (en-US)',
    '[3/12/24, 9:15:42 PM] Anna: Hello there\n[3/12/24, 9:16:01 PM] Ben: Hi Anna\n[3/12/24, 9:17:05 PM] Anna: Fine',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'Telegram desktop copy',
    'Anna, [12.03.24 21:15]\nHello there\n\nBen, [12.03.24 21:16]\nHi Anna\n\nAnna, [12.03.24 21:17]\nFine',
    ['Anna', 'Ben', 'Anna'],
  ],
  [
    'iMessage export',
    'Mar 12, 2024  9:15:42 PM\n+15551234567\nHello there\n\nMar 12, 2024  9:16:01 PM (Read by them after 1 minute)\nMe\nHi\n\nMar 12, 2024  9:17:05 PM\n+15551234567\nFine',
    ['+15551234567', 'Me', '+15551234567'],
  ],
  [
    'A labelled copy (Signal, an SMS app, typed)',
    'Them: Hello there\nMe: Hi\nThem: Fine, and you?\nMe: Good',
    ['Them', 'Me', 'Them', 'Me'],
  ],
];

describe('splitConversation', () => {
  for (const [name, text, speakers] of cases) {
    it(`splits ${name} into turns with speaker, time and the offsets of their text`, () => {
      const c = splitConversation(text);
      expect(c?.turns.map((t) => t.speaker)).toEqual(speakers);
      for (const t of c?.turns ?? []) expect(text.slice(t.start, t.end)).toBe(t.text);
    });
  }

  it('keeps a message that runs over several lines in one turn, and drops WhatsApp system lines and media', () => {
    const text =
      '12/03/2024, 21:14 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.\n12/03/2024, 21:15 - Anna: Line one\nline two\n12/03/2024, 21:16 - Ben: <Media omitted>\n12/03/2024, 21:17 - Ben: ok';
    const c = splitConversation(text);
    expect(c?.turns.map((t) => t.text)).toEqual(['Line one\nline two', 'ok']);
    expect(c?.turns[0]?.time).toBe('12/03/2024, 21:15');
  });

  it('one message, an e-mail with headers, or a list of fields is not a conversation', () => {
    expect(splitConversation('Your parcel is on hold. Pay the fee at http://x.top')).toBeNull();
    expect(
      splitConversation(
        'From: PayPal <service@paypal.com>\nTo: you@example.com\nSubject: Your account\nDate: today\nPlease confirm.',
      ),
    ).toBeNull();
    expect(splitConversation('Amount: $20\nCode: 1234\nAmount: $30\nCode: 9999')).toBeNull();
  });

  it('reads at most the latest 2,000 turns of a longer export', () => {
    const lines = Array.from({ length: 2100 }, (_, i) => `12/03/2024, 21:15 - ${i % 2 ? 'Ben' : 'Anna'}: message ${i}`);
    const c = splitConversation(lines.join('\n'));
    expect(c?.turns).toHaveLength(2000);
    expect(c?.turns.at(-1)?.text).toBe('message 2099');
  });
});
