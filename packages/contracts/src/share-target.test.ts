import { describe, expect, it } from 'vitest';
import { composeSharedMessage, parseSharedHash, sharedLocation } from './share-target.ts';

describe('share target', () => {
  it('composes one message: the title and link are added only when the text does not already have them', () => {
    expect(composeSharedMessage({ title: 'USPS', text: 'Pay the fee', url: 'https://x.example/pay' })).toBe(
      'USPS\nPay the fee\nhttps://x.example/pay',
    );
    expect(
      composeSharedMessage({
        title: 'Pay',
        text: 'Pay the fee at https://x.example/pay',
        url: 'https://x.example/pay',
      }),
    ).toBe('Pay the fee at https://x.example/pay');
    expect(composeSharedMessage({ url: ' https://x.example ' })).toBe('https://x.example');
    expect(composeSharedMessage({})).toBe('');
  });

  it('round-trips a message with any characters through the fragment, and ignores other fragments', () => {
    const text = 'Line 1\nLine 2 & more = 100% #hash ✓';
    expect(parseSharedHash(new URL(sharedLocation({ text, image: true }), 'https://r.example').hash)).toEqual({
      text,
      image: true,
    });
    expect(sharedLocation({ text: '', image: false })).toBe('/#share');
    expect(parseSharedHash('#share')).toEqual({ text: '', image: false });
    expect(parseSharedHash('#analyzer')).toBeNull();
    expect(parseSharedHash('#shared&text=x')).toBeNull();
  });
});
