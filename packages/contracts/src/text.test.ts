import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, storableString } from './text.ts';

describe('storable text', () => {
  it('refuses the NUL character and lone surrogates, accepts pairs, emoji and every other character', () => {
    expect(['a\u0000b', '\uD800', 'x\uDBFFy', '\uDC00', 'end\uDFFF', '\uDE00\uD83D'].filter(isStorableText)).toEqual(
      [],
    );
    expect(
      ['', 'plain', '\uD83D\uDE00', '👩‍👩‍👧', '\u200B\uFEFF\u202E', '\u0001\u0007\t', 'مرحبا', '%00', '\\u0000'].every(
        isStorableText,
      ),
    ).toBe(true);
  });

  it('storableString refuses such text first, and leaves accepted text as it was', () => {
    const schema = storableString().trim().min(1);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toMatch(/cannot be saved/);
    expect(schema.parse(' 📦 ')).toBe('📦');
  });

  it('findUnstorableText gives the path of the first bad value or key', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual(['b', '1', 'c']);
    expect(findUnstorableText({ ['k\uD800']: 'ok' })).toEqual(['k\uD800']);
    expect(findUnstorableText({ a: 'ok', n: 1, z: null })).toBeNull();
  });
});
