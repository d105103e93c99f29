/**
 * Feature extraction for the text model: hashed word uni/bi-grams and character 3-5-grams over a
 * normalised token stream.
 *
 * The token stream is deliberately blind to punctuation and spacing: Enron's corpus is lower-cased and
 * tokenised ("we ' ll", "http : / / site . com") while every other source is raw text, and a model that
 * sees punctuation spacing learns "which dataset" instead of "which scam" (shared/data/README.md).
 * URLs, e-mail addresses, phone numbers, money amounts and other numbers become placeholder tokens so the
 * model learns "asks you to call a number" rather than particular numbers.
 */
import { foldText } from '../text/normalize.ts';

export const FEATURE_BITS = 20;
export const FEATURE_DIM = 1 << FEATURE_BITS;
const MASK = FEATURE_DIM - 1;
/** Only the start of long e-mails is featurised: the lure is at the top and latency must stay low. */
const MAX_CHARS = 3000;
/** Character n-grams are taken from the start of the token stream only: they matter for short texts and cost most on long ones. */
const MAX_CHAR_STREAM = 1500;

const URL_RE =
  /\b(?:(?:https?|hxxps?):\/\/|www\.)[^\s]+|\b[a-z0-9][a-z0-9-]{0,62}\.(?:com|net|org|info|biz|co|io|ly|me|us|uk|ru|cn|top|xyz|click|link|site|online|shop|app|gov|edu|in|au|ca|id)\b(?:\/[^\s]*)?/g;
const EMAIL_RE = /\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b/g;
const PHONE_RE = /(?:\+?\d[\d ().-]{7,}\d)/g;
const MONEY_RE =
  /(?:[$£€¥₹]\s?\d[\d,]*(?:\.\d+)?(?:\s?[km]\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:usd|dollars?|pounds?|gbp|eur|euros?|rs|inr|rp|jt|juta|k)\b)/g;
const NUM_RE = /\d+/g;

/** Undo Enron-style tokenisation of links so they are recognised as links like everywhere else. */
function detokenise(s: string): string {
  return s
    .replace(/\b(https?|hxxps?)\s*:\s*\/\s*\/\s*/g, '$1://')
    .replace(/\bwww\s*\.\s+/g, 'www.')
    .replace(/([a-z0-9])\s+\.\s+(com|net|org|info|biz|us|uk|ru|cn|de|edu|gov|co)\b/g, '$1.$2')
    .replace(/([a-z0-9])\s+@\s+([a-z0-9])/g, '$1@$2')
    .replace(/([$£€])\s+(\d)/g, '$1$2')
    .replace(/(\d)\s+([.,])\s+(\d)/g, '$1$2$3');
}

/** The normalised token stream the model reads. Exported for tests and for the training report. */
export function modelTokens(raw: string): string[] {
  return tokensFromFolded(foldText(raw));
}

/**
 * E-mail furniture that says which corpus a text came from, not whether it is a scam: header lines
 * ("Subject:", "From:", "Sent:" ...), quoted replies ("> ..."), and the "-----Original Message-----" block.
 * The subject's words are kept; only the header names go.
 */
const HEADER_LINE =
  /^[ \t]{0,4}(?:subject|from|to|cc|bcc|date|sent|reply-to|return-path|received|message-id|importance|x-[a-z-]{1,30})[ \t]{0,3}:[ \t]?/gm;
const QUOTED_LINE = /^[ \t]{0,4}(?:>[ \t]?){1,6}.*$/gm;
const ORIGINAL_MESSAGE = /-{2,}[ \t]{0,3}(?:original message|forwarded (?:message|by)[^\n]{0,80})[ \t]{0,3}-{0,}/g;
/**
 * Masked digits (card ending xxxx1234, ****, ###) read as numbers whatever the masking character. This is
 * the regular expression /(?<![a-z])(?:x{3,}|\*{3,}|#{3,})(?=\d|\b|$)/g computed run by run: the expression
 * itself retried every position of a long run of "*" or "#" to its end (10,000 of them took ~100 ms). Inside
 * a run the character after a shorter match is the run's own, which never satisfies the lookahead, so a
 * match always ends at the run's end, and it starts at the first position of the run not after a letter.
 */
const MASK_RUN = /x+|\*+|#+/g;
const isLowerLetter = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';
const isWordChar = (c: string | undefined): boolean => c !== undefined && /\w/.test(c);
function replaceMasked(s: string): string {
  return s.replace(MASK_RUN, (run: string, at: number) => {
    const c = run[0];
    const start = isLowerLetter(s[at - 1]) ? (c === 'x' ? -1 : 1) : 0;
    if (start < 0 || run.length - start < 3) return run;
    const after = s[at + run.length];
    // \b after the run: the run's character and the next one differ in being word characters (or the text ends).
    const ok = after === undefined || (after >= '0' && after <= '9') || isWordChar(c) !== isWordChar(after);
    return ok ? `${run.slice(0, start)} 0000 ` : run;
  });
}

/** E-mail addresses lie within one space-free token: only tokens with an "@" are searched (linear time). */
function replaceEmails(s: string): string {
  if (!s.includes('@')) return s;
  return s
    .split(/(\s+)/)
    .map((tok) => (tok.includes('@') ? tok.replace(EMAIL_RE, ' xemail ') : tok))
    .join('');
}

/**
 * The text the model sees: the first MAX_CHARS characters and, for longer texts, the last TAIL_CHARS too,
 * so a lure placed after a long harmless preamble is still read (the rules read the whole message).
 */
const TAIL_CHARS = 1000;
function window(folded: string): string {
  if (folded.length <= MAX_CHARS + TAIL_CHARS) return folded;
  return `${folded.slice(0, MAX_CHARS)}\n${folded.slice(folded.length - TAIL_CHARS)}`;
}

/** Same as modelTokens, from text already folded by text/normalize.ts (the engine folds once). */
export function tokensFromFolded(folded: string): string[] {
  let s = detokenise(window(folded)).replace(ORIGINAL_MESSAGE, ' ').replace(QUOTED_LINE, ' ').replace(HEADER_LINE, ' ');
  s = replaceMasked(s);
  s = replaceEmails(s.replace(URL_RE, ' xurl '))
    .replace(MONEY_RE, ' xmoney ')
    .replace(PHONE_RE, ' xphone ')
    .replace(NUM_RE, (d) => (d.length <= 2 ? ' xnums ' : d.length <= 4 ? ' xnumm ' : ' xnuml '));
  // Letters of any script (Thai, Indonesian, accented Latin already folded), not only a-z: a model that
  // cannot see Thai words judges Thai texts by their digits alone.
  const tokens: string[] = [];
  const re = /\p{L}+|!/gu;
  for (let m = re.exec(s); m; m = re.exec(s))
    tokens.push(m[0] === '!' ? 'xbang' : m[0].length > 24 ? m[0].slice(0, 24) : m[0]);
  return tokens;
}

/** One FNV-1a step: the hash `h` continued by the character code `c`. */
function fnvStep(h: number, c: number): number {
  return Math.imul((h ^ c) >>> 0, 16777619) >>> 0;
}
const SPACE = 32;

function fnv(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const SEED_WORD = 2166136261;
const SEED_BIGRAM = 0x9747b28c;
const SEED_CHAR = 0x5bd1e995;

export interface Features {
  /** Hashed feature indices, possibly repeated (a repeat counts twice). */
  idx: Uint32Array;
  /** Per-feature value: each group is scaled by 1/sqrt(group size) so long and short texts compare. */
  val: Float32Array;
}

/**
 * Two text domains the engine can tell apart from the text alone: 'long' is e-mail-like (a "Subject:"
 * header, or a long body such as a pasted e-mail or a job ad), 'short' is SMS / chat-like. Words mean
 * different things in each ("call", "free", a money amount, a link are everyday business in e-mail but
 * strong signals in a two-line text), so the model can learn a per-domain correction on top of shared
 * weights (see `domainFeatures`) and the calibration is fitted per domain.
 */
export type TextDomain = 'short' | 'long';
export const TEXT_DOMAINS: readonly TextDomain[] = ['short', 'long'];
export const LONG_TEXT_CHARS = 600;

export function textDomain(text: string): TextDomain {
  return text.length >= LONG_TEXT_CHARS ? 'long' : 'short';
}

export interface FeatureOptions {
  /**
   * "Frustratingly easy" domain adaptation (Daume 2007): every feature is emitted twice, once shared and
   * once hashed together with the text's domain, so a weight can differ between e-mail and SMS where the
   * data says it should while everything else is learnt from all sources together.
   */
  domainFeatures?: boolean;
}

export function featurize(raw: string, opts: FeatureOptions = {}): Features {
  return featurizeFolded(foldText(raw), opts);
}

export function featurizeFolded(folded: string, opts: FeatureOptions = {}): Features {
  const f = featuresFromTokens(tokensFromFolded(folded));
  return opts.domainFeatures ? withDomain(f, textDomain(folded)) : f;
}

const DOMAIN_SALT: Record<TextDomain, number> = { short: 0x68e31da4, long: 0x1b56c4e9 };

/** The per-domain copy of feature index `i` (see `domainFeatures`). */
function domainIndex(i: number, salt: number): number {
  let h = Math.imul(i ^ salt, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) & MASK;
}

function withDomain(f: Features, domain: TextDomain): Features {
  const n = f.idx.length;
  const idx = new Uint32Array(n * 2);
  const val = new Float32Array(n * 2);
  idx.set(f.idx);
  val.set(f.val);
  const salt = DOMAIN_SALT[domain];
  for (let i = 0; i < n; i++) {
    idx[n + i] = domainIndex(f.idx[i] ?? 0, salt);
    val[n + i] = f.val[i] ?? 0;
  }
  return { idx, val };
}

/**
 * Hashed indices of one token stream, written to reused buffers (word uni/bi-grams and the length bucket in
 * `WORDS[0..words)`, character 3-5-grams in `CHARS[0..chars)`): the engine scores a message without
 * allocating its features; `featuresFromTokens` copies them out for training.
 */
let WORDS = new Uint32Array(4096);
let CHARS = new Uint32Array(8192);
function hashTokens(tokens: string[]): { words: number; chars: number } {
  if (WORDS.length < tokens.length * 2 + 1) WORDS = new Uint32Array(tokens.length * 2 + 1);
  let w = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    WORDS[w++] = fnv(t, SEED_WORD) & MASK;
    // The bigram "previous token" + " " + "token", hashed without building the string.
    if (i > 0) WORDS[w++] = fnv(t, fnvStep(fnv(tokens[i - 1] ?? '', SEED_BIGRAM), SPACE)) & MASK;
  }
  // A length bucket lets the model know how much text it saw (short chat is weak evidence).
  WORDS[w++] = fnv(`len${Math.min(6, Math.floor(Math.log2(tokens.length + 1)))}`, SEED_WORD) & MASK;
  const joined = ` ${tokens.join(' ')} `;
  const stream = joined.length > MAX_CHAR_STREAM ? joined.slice(0, MAX_CHAR_STREAM) : joined;
  if (CHARS.length < stream.length * 3) CHARS = new Uint32Array(stream.length * 3);
  let c = 0;
  for (let i = 0; i + 3 <= stream.length; i++) {
    // Rolling FNV over up to five characters, emitting the 3-, 4- and 5-grams starting at i.
    let h = SEED_CHAR;
    for (let n = 0; n < 5 && i + n < stream.length; n++) {
      h ^= stream.charCodeAt(i + n);
      h = Math.imul(h, 16777619);
      if (n >= 2) CHARS[c++] = ((h >>> 0) ^ n) & MASK;
    }
  }
  return { words: w, chars: c };
}

/** Each group is scaled by 1/sqrt(its size), stored as float32 like `Features.val`. */
const groupScale = (size: number): number => (size ? Math.fround(1 / Math.sqrt(size)) : 0);

function featuresFromTokens(tokens: string[]): Features {
  const { words, chars } = hashTokens(tokens);
  const idx = new Uint32Array(words + chars);
  const val = new Float32Array(idx.length);
  idx.set(WORDS.subarray(0, words));
  idx.set(CHARS.subarray(0, chars), words);
  val.fill(groupScale(words), 0, words);
  val.fill(groupScale(chars), words);
  return { idx, val };
}

/**
 * The dot product of `weights` with `featurizeFolded(folded, opts)`, added in the same order (so the same
 * number to the last bit), without building the feature arrays.
 */
export function dotFolded(folded: string, weights: Int8Array | Float32Array, opts: FeatureOptions = {}): number {
  const { words, chars } = hashTokens(tokensFromFolded(folded));
  const ws = groupScale(words);
  const cs = groupScale(chars);
  let z = 0;
  for (let i = 0; i < words; i++) z += (weights[WORDS[i] as number] ?? 0) * ws;
  for (let i = 0; i < chars; i++) z += (weights[CHARS[i] as number] ?? 0) * cs;
  if (!opts.domainFeatures) return z;
  const salt = DOMAIN_SALT[textDomain(folded)];
  for (let i = 0; i < words; i++) z += (weights[domainIndex(WORDS[i] as number, salt)] ?? 0) * ws;
  for (let i = 0; i < chars; i++) z += (weights[domainIndex(CHARS[i] as number, salt)] ?? 0) * cs;
  return z;
}
