import { describe, expect, it } from 'vitest';
import { fitThread } from './chat-formats.ts';

const whatsapp = (n: number, body = (i: number) => `message number ${i}`) =>
  Array.from(
    { length: n },
    (_, i) => `12/03/2024, 21:${String(i % 60).padStart(2, '0')} - ${i % 2 ? 'Ben' : 'Anna'}: ${body(i)}`,
  ).join('\n');

describe('fitThread', () => {
  it('keeps a chat that fits as it is, with its count of turns', () => {
    const text = whatsapp(5);
    expect(fitThread(text, 10_000)).toEqual({ text, kept: 5, total: 5 });
  });

  it('keeps the latest whole turns that fit, cut at the start of a turn, and counts them', () => {
    // Each turn here is 41-43 characters plus a newline; a continuation line stays with its turn.
    const text = `${whatsapp(300)}\nand a second line of the last one`;
    const fitted = fitThread(text, 1000);
    expect(fitted?.total).toBe(300);
    expect(fitted?.text.length).toBeLessThanOrEqual(1000);
    expect(fitted?.text.startsWith('12/03/2024, ')).toBe(true);
    expect(fitted?.text.endsWith('message number 299\nand a second line of the last one')).toBe(true);
    // Exactly the turns whose headers are in the kept text, and one more would not have fitted.
    const kept = fitted?.kept ?? 0;
    expect(fitted?.text.split('\n').filter((l) => l.startsWith('12/03/2024')).length).toBe(kept);
    const lines = text.split('\n');
    const oneMore = lines.slice(lines.length - 1 - kept - 1).join('\n');
    expect(oneMore.length).toBeGreaterThan(1000);
  });

  it('keeps nothing when the last turn alone is too long, and is null for text that is not a chat', () => {
    expect(
      fitThread(
        whatsapp(3, (i) => (i === 2 ? 'x'.repeat(2000) : 'hi')),
        1000,
      ),
    ).toEqual({ text: '', kept: 0, total: 3 });
    expect(fitThread('x'.repeat(20_000), 1000)).toBeNull();
    expect(fitThread('Your parcel is on hold.\nPay the fee now.', 10)).toBeNull();
  });

  it('reads iOS exports and labelled copies too', () => {
    const ios = Array.from(
      { length: 50 },
      (_, i) => `[3/12/24, 9:15:42 PM] ${i % 2 ? 'Ben' : 'Anna'}: hello ${i}`,
    ).join('\n');
    expect(fitThread(ios, 200)?.text.startsWith('[3/12/24')).toBe(true);
    const labelled = Array.from({ length: 50 }, (_, i) => `${i % 2 ? 'Me' : 'Them'}: hello ${i}`).join('\n');
    expect(fitThread(labelled, 100)?.text.endsWith('Me: hello 49')).toBe(true);
  });
});
