import { describe, expect, it } from 'vitest';
import { fold, spanToOriginal } from './normalize.ts';

describe('fold', () => {
  it('lower-cases, maps homoglyphs and removes zero-width characters', () => {
    expect(fold('Pаy\u200BPаl').text).toBe('paypal'); // Cyrillic а and a zero-width space
    expect(fold('ＧＩＦＴ ＣＡＲＤ').text).toBe('gift card');
    expect(fold('𝐕𝐞𝐫𝐢𝐟𝐲').text).toBe('verify');
  });

  it('undoes leetspeak inside words but keeps prices, times and e-mail addresses', () => {
    expect(fold('P@yPal g1ft c4rds').text).toBe('paypal gift cards');
    expect(fold('Can you do $40 at 10am?').text).toBe('can you do $40 at 10am?');
    expect(fold('mail me at ann@gmail.com').text).toBe('mail me at ann@gmail.com');
  });

  it('joins s p a c e d letters', () => {
    expect(fold('send the v e r i f i c a t i o n code').text).toBe('send the verification code');
    expect(fold('I am a cat').text).toBe('i am a cat');
  });

  it('maps folded spans back to the original text', () => {
    const original = 'Buy G\u200Bi\u200Bf\u200Bt cards now';
    const f = fold(original);
    const at = f.text.indexOf('gift cards');
    const span = spanToOriginal(f, at, at + 'gift cards'.length);
    expect(original.slice(span.start, span.end)).toBe('G\u200Bi\u200Bf\u200Bt cards');
  });

  it('handles surrogate pairs and control characters without losing offsets', () => {
    const original = '😀\u0000 hi 😀';
    const f = fold(original);
    expect(f.map.length).toBe(f.text.length + 1);
    expect(f.map[f.text.length]).toBe(original.length);
  });
});
