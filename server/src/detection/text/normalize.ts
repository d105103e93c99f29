/**
 * Text folding shared by the detectors and the model.
 *
 * Scammers dodge keyword filters with homoglyphs (Cyrillic "а" in "pаypal"), zero-width characters,
 * leetspeak ("P@yPal", "g1ft c4rd") and spaced letters ("v e r i f y"). Detectors must see through that,
 * but their evidence has to point at the user's ORIGINAL text, so `fold` keeps, for every character it
 * emits, the UTF-16 offset of the original character it came from.
 */

/** Confusable letters that NFKD does not fold to ASCII (Cyrillic, Greek, IPA, Latin small capitals). */
// prettier-ignore
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ɡ: 'g', һ: 'h', ӏ: 'l', ь: 'b', п: 'n', г: 'r',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  ϲ: 'c', ɑ: 'a', ɩ: 'i', ɪ: 'i', ʀ: 'r', ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ᴋ: 'k',
  ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u00B4': "'", '\u0060': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2024': '.', '\u3002': '.', '\uFF0E': '.', '\u2026': '...',
};

// These classes exist to find invisible and joining characters, which is what the lint rule warns about.
// prettier-ignore
// eslint-disable-next-line no-misleading-character-class
const ZERO_WIDTH = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF]/;
const COMBINING = /\p{M}/u;
// eslint-disable-next-line no-control-regex -- control characters are what we strip
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const SPACE_LIKE = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;

const foldCache = new Map<string, string>();

/** Folds one code point to lower-case ASCII where a safe equivalent exists. */
function foldCodePoint(ch: string): string {
  const cached = foldCache.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (ZERO_WIDTH.test(ch)) out = '';
  else if (ch === '\n') out = '\n';
  else if (CONTROL.test(ch) || SPACE_LIKE.test(ch)) out = ' ';
  else {
    const lower = ch.toLowerCase();
    const direct = CONFUSABLES[lower] ?? CONFUSABLES[ch];
    if (direct !== undefined) out = direct;
    else {
      // NFKD turns fullwidth, mathematical-bold and accented letters into base letters + combining marks.
      let decomposed = '';
      for (const part of lower.normalize('NFKD')) {
        if (COMBINING.test(part)) continue;
        decomposed += CONFUSABLES[part] ?? part;
      }
      out = decomposed.toLowerCase();
      if (out.length > 8) out = out.slice(0, 8);
    }
  }
  if (foldCache.size < 20_000) foldCache.set(ch, out);
  return out;
}

export interface Folded {
  /** Lower-cased, de-obfuscated text. */
  text: string;
  /** `map[i]` is the UTF-16 offset in the original of the character that produced `text[i]`; `map[text.length]` = original length. */
  map: Int32Array;
}

/*
 * The passes below work on UTF-16 code units in typed arrays: one string per character (as before
 * item 6) made folding a tenth of the engine's time on long e-mails. The output is the same code unit for
 * code unit (server/src/detection/text/normalize.test.ts compares it with a plain reading of the rules).
 */
const A = 97;
const Z = 122;
const SPACE = 32;
const NEWLINE = 10;
const isLetterCode = (c: number): boolean => c >= A && c <= Z;
const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
/** The code at `p`, or -1 outside [0, n). */
const at = (codes: Uint16Array, n: number, p: number): number => (p >= 0 && p < n ? (codes[p] as number) : -1);
/** A letter standing alone between non-letters ("p a y" has three). */
function isSingle(codes: Uint16Array, n: number, p: number): boolean {
  return isLetterCode(at(codes, n, p)) && !isLetterCode(at(codes, n, p - 1)) && !isLetterCode(at(codes, n, p + 1));
}
/** Space, ".", "-", "_" or "*". */
const isSpacer = (c: number): boolean => c === SPACE || c === 46 || c === 45 || c === 95 || c === 42;
/** Leetspeak: "@" and "4" read "a", "0" "o", "1" and "!" "i", "|" "l", "3" "e", "$" and "5" "s", "7" "t", "€" "e". */
const LEET = new Map<number, number>(
  [
    ...Object.entries({
      '@': 'a',
      '4': 'a',
      '0': 'o',
      '1': 'i',
      '!': 'i',
      '|': 'l',
      '3': 'e',
      $: 's',
      '5': 's',
      '7': 't',
      '€': 'e',
    }),
  ].map(([k, v]) => [k.charCodeAt(0), v.charCodeAt(0)]),
);

/** Leetspeak inside one space-free token codes[s..e] (at most 30 characters), left to right. */
function foldLeetToken(codes: Uint16Array, n: number, s: number, e: number): void {
  let letters = 0;
  let digits = 0;
  let lastDot = -1;
  for (let j = s; j <= e; j++) {
    const cj = codes[j] as number;
    if (isLetterCode(cj)) letters++;
    else if (isDigitCode(cj)) digits++;
    else if (cj === 46) lastDot = j;
  }
  for (let k = s; k <= e; k++) {
    const c = codes[k] as number;
    const rep = LEET.get(c);
    if (rep === undefined) continue;
    const prev = at(codes, n, k - 1);
    const next = at(codes, n, k + 1);
    if (!isLetterCode(prev) && !isLetterCode(next)) continue;
    // Likely an e-mail address: only fold an "@" between letters when no dot follows in the same token.
    if (c === 64 && isLetterCode(prev) && isLetterCode(next) && lastDot > k) continue;
    if (letters >= 2 && letters > digits) {
      codes[k] = rep;
      letters++;
      if (isDigitCode(c)) digits--;
    }
  }
}

/**
 * A string from code units. Node's UTF-16LE decoding copies code units as they are, lone surrogates included
 * (TextDecoder would replace those), and is far faster than `String.fromCharCode` over the array. Typed
 * arrays are little-endian on every platform Node runs the server on.
 */
const fromCodes = (codes: Uint16Array, n: number): string =>
  Buffer.from(codes.buffer, codes.byteOffset, n * 2).toString('utf16le');

/**
 * Fold for the detectors: lower-case ASCII, confusables mapped, zero-width removed, leetspeak undone inside
 * words and s p a c e d letters joined. Offsets map back to the original text.
 */
export function fold(original: string): Folded {
  let codes = new Uint16Array(original.length + 16);
  let offs = new Int32Array(original.length + 16);
  let n = 0;
  const room = (extra: number): void => {
    if (n + extra <= codes.length) return;
    const size = Math.max(codes.length * 2, n + extra);
    const c2 = new Uint16Array(size);
    c2.set(codes.subarray(0, n));
    codes = c2;
    const o2 = new Int32Array(size);
    o2.set(offs.subarray(0, n));
    offs = o2;
  };
  for (let i = 0; i < original.length;) {
    const code = original.charCodeAt(i);
    if (code < 128) {
      // ASCII fast path: most text is plain ASCII and needs only lower-casing.
      room(1);
      codes[n] =
        code >= 65 && code <= 90 ? code + 32 : code === NEWLINE ? NEWLINE : code < 32 || code === 127 ? SPACE : code;
      offs[n++] = i;
      i++;
      continue;
    }
    const cp = original.codePointAt(i) ?? code;
    const ch = String.fromCodePoint(cp);
    const f = foldCodePoint(ch);
    // One entry per UTF-16 unit, so `text` offsets and `map` stay aligned for astral characters too.
    room(f.length);
    for (let u = 0; u < f.length; u++) {
      codes[n] = f.charCodeAt(u);
      offs[n++] = i;
    }
    i += ch.length;
  }
  // Leetspeak: only a digit/symbol with a letter on at least one side AND which sits in a token that has
  // at least two letters, so "$40", "10am" and "a@b.com" keep their meaning while "p@ypal", "g1ft" fold.
  // Linear: each space-free token is measured once (length, letters, digits, its last dot) and its counts
  // are kept up to date as characters fold, instead of walking the token again for every candidate (a
  // 10,000-character run of "a€€" took seconds that way).
  let s = 0;
  while (s < n) {
    if (codes[s] === SPACE || codes[s] === NEWLINE) {
      s++;
      continue;
    }
    let e = s;
    while (e < n - 1 && codes[e + 1] !== SPACE && codes[e + 1] !== NEWLINE) e++;
    if (e - s < 30) foldLeetToken(codes, n, s, e);
    s = e + 1;
  }
  // Spaced letters: a run of at least four single letters separated by one space, dot or dash.
  const keep = new Uint8Array(n).fill(1);
  let k = 0;
  while (k < n) {
    if (isSingle(codes, n, k) && !isDigitCode(at(codes, n, k - 1))) {
      let p = k;
      let count = 1;
      while (p + 2 < n && isSpacer(codes[p + 1] as number) && isSingle(codes, n, p + 2)) {
        p += 2;
        count++;
      }
      if (count >= 4) for (let q = k + 1; q < p; q += 2) keep[q] = 0;
      k = p + 1;
    } else k++;
  }
  const map = new Int32Array(n + 1);
  let m = 0;
  for (let j = 0; j < n; j++) {
    if (!keep[j]) continue;
    codes[m] = codes[j] as number;
    map[m++] = offs[j] as number;
  }
  map[m] = original.length;
  return { text: fromCodes(codes, m), map: map.subarray(0, m + 1) };
}

/** Maps a [start, end) span of folded text back to the original text. */
export function spanToOriginal(f: Folded, start: number, end: number): { start: number; end: number } {
  const s = f.map[Math.max(0, Math.min(start, f.map.length - 1))] ?? 0;
  const lastChar = Math.max(start, end - 1);
  const lastOrig = f.map[Math.max(0, Math.min(lastChar, f.map.length - 1))] ?? s;
  const after = f.map[Math.min(lastChar + 1, f.map.length - 1)] ?? lastOrig + 1;
  // The end is the start of the next emitted character, but never past a gap of removed characters.
  const e = Math.max(s, Math.min(after, lastOrig + 2));
  return { start: s, end: e };
}

/** Fold without offsets, for the model (faster, string only). */
export function foldText(original: string): string {
  return fold(original).text;
}
