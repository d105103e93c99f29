/**
 * The message's language, detected with tinyld (a maintained n-gram detector, pure JS, offline), restricted
 * to the languages people paste here most so that a short text is not read as a rare language. Shown in
 * the result; null when the text is too short to say.
 */
import { detectAll } from 'tinyld';

const NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  fr: 'French',
  de: 'German',
  id: 'Indonesian',
  it: 'Italian',
  nl: 'Dutch',
  th: 'Thai',
  tl: 'Tagalog',
  vi: 'Vietnamese',
  ms: 'Malay',
  pl: 'Polish',
  tr: 'Turkish',
  ru: 'Russian',
  ar: 'Arabic',
  hi: 'Hindi',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
};
const ONLY = Object.keys(NAMES);
/** Enough letters to tell languages apart; below that a guess would mislead. */
const MIN_LETTERS = 12;
const MAX_CHARS = 300;
/** What tinyld reads of that sample. */
const TINYLD_CHARS = 160;

export interface Language {
  code: string;
  name: string;
}

/**
 * A sample made of a few characters repeated ("a_a_a_...", "а а а ...") is no language, and it is what makes
 * tinyld slow: 20-50 ms on 1,000 such characters against ~1 ms for prose. Prose of 200 characters or more
 * has far more distinct character trigrams than a tenth of its length.
 */
function isDegenerate(sample: string): boolean {
  if (sample.length < 200) return false;
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= sample.length; i++) trigrams.add(sample.slice(i, i + 3));
  return trigrams.size * 10 < sample.length;
}

/** English's commonest words: none of them is a word of the other languages here (Tagalog and Malay loans aside). */
const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'you',
  'your',
  'to',
  'is',
  'of',
  'for',
  'this',
  'that',
  'it',
  'on',
  'are',
  'with',
  'have',
  'be',
  'we',
  'will',
  'was',
  'my',
  'me',
  'please',
  'if',
  'at',
  'can',
  'our',
  'not',
  'from',
  'has',
  'been',
  'just',
  'what',
  'do',
  'would',
  'they',
  'there',
  'get',
  'thanks',
  'in',
  'i',
  'or',
  'by',
  'as',
  'all',
  'an',
  'so',
  'up',
  'out',
  'now',
  'here',
  'us',
  'am',
  'about',
  'which',
  'were',
  'he',
  'she',
  'his',
  'her',
  'them',
  'their',
  'who',
  'how',
  'when',
  'any',
  'more',
  'some',
  'than',
  'then',
  'its',
  'hi',
  'hey',
  'ok',
  'know',
  'like',
  'want',
  'need',
  'see',
  'time',
  'today',
  'call',
  'free',
  'new',
  // More of English's common words, none of them a common word of the other languages here ("also", "even", "over", "week" are German or Dutch words too, so are left out).
  'get',
  'got',
  'off',
  'one',
  'two',
  'only',
  'other',
  'into',
  'after',
  'before',
  'because',
  'could',
  'should',
  'these',
  'those',
  'very',
  'well',
  'make',
  'must',
  'yes',
  'good',
  'great',
  'best',
  'year',
  'day',
  'month',
  'money',
  'work',
  'price',
  'business',
  'company',
  'dear',
  'subject',
  'message',
  'report',
  'attached',
  'meeting',
  'thank',
  'regards',
  'help',
  'back',
  'first',
  'last',
  'next',
  'much',
  'many',
  'such',
  'own',
  'both',
  'each',
  'few',
  'while',
  'where',
  'why',
  'let',
  'take',
  'give',
  'send',
  'find',
  'look',
  'going',
  'being',
  'did',
  'does',
  'done',
  'said',
  'say',
  'told',
  'people',
  'account',
  'click',
  'offer',
]);
const ENGLISH = { code: 'en', name: 'English' } as const;
/**
 * Small words of Tagalog, Malay and Indonesian, which mix with English in one message ("Taglish"), and the
 * commonest few of Spanish and German: one of them and the text is not plainly English.
 */
const NOT_ENGLISH_MARKERS = new Set([
  'po',
  'ng',
  'ang',
  'mga',
  'yang',
  'dan',
  'ini',
  'itu',
  'sa',
  'ka',
  'na',
  'mo',
  'ko',
  'lang',
  'naman',
  'untuk',
  'dengan',
  'kamu',
  'anda',
  'saya',
  'tidak',
  'ada',
  'la',
  'le',
  'el',
  'de',
  'que',
  'und',
  'der',
  'die',
  'das',
  'mag',
  'nang',
  'pwede',
  'kayo',
  'natin',
  'ito',
  'rin',
  'gawing',
  'nyo',
  'ninyo',
  'akan',
  'sudah',
  'bisa',
  'kami',
  'kita',
]);
/**
 * The commonest words of the other languages written in Latin letters here that are not English words: a few
 * of them in English prose are names and loans ("Los Angeles"), a quarter as many as English's is another language.
 */
const OTHER_LANGUAGE_WORDS = new Set([
  'los',
  'las',
  'del',
  'por',
  'para',
  'con',
  'una',
  'es',
  'usted',
  'tu',
  'te',
  'nao',
  'voce',
  'uma',
  'il',
  'di',
  'che',
  'sono',
  'della',
  'les',
  'des',
  'vous',
  'est',
  'pour',
  'une',
  'du',
  'nous',
  'votre',
  'ist',
  'nicht',
  'sie',
  'ich',
  'mit',
  'ein',
  'eine',
  'het',
  'een',
  'niet',
  'ik',
  'jij',
  'jest',
  'nie',
  'bir',
  'icin',
  'cua',
  'cac',
  'nhung',
  'duoc',
]);
/** English words needed before a text short of PLAIN_SHARE (lists, headers, advisories) is called English. */
const PLAIN_COUNT = 4;
/** The share of English words that makes a text English however few words it has (at least two): one in five. */
const PLAIN_SHARE = 5;
/** The share that is enough once PLAIN_COUNT English words are there and no other language's word is: one in twelve. */
const LOOSE_SHARE = 12;
/** With no other language's word in it: one English word in twenty-five. */
const SPARSE_SHARE = 25;

const NON_ASCII_LETTER = /(?![a-zA-Z])\p{L}/u;

/**
 * Text without letters outside a-z where English's commonest words make a fifth of the words (at least two) and no Tagalog,
 * Malay or Indonesian marker appears is English: most messages are, and tinyld took two fifths of the
 * engine's time on them. On the development data this path takes 61% of messages.
 */
function plainlyEnglish(words: string): boolean {
  // Curly quotes, dashes, bullets and non-breaking spaces are not letters of another language.
  if (NON_ASCII_LETTER.test(words)) return false;
  const tokens = words.toLowerCase().match(/[a-z']+/g) ?? [];
  if (tokens.length < 6) return false;
  let english = 0;
  let other = 0;
  for (const t of tokens) {
    if (ENGLISH_WORDS.has(t)) english++;
    else if (NOT_ENGLISH_MARKERS.has(t)) return false;
    else if (OTHER_LANGUAGE_WORDS.has(t)) other++;
  }
  if (other && other * 4 >= english) return false;
  // No word of another language at all, and a few of English's: lists, headers and junk-word spam are English
  // too, and the n-gram detector took 0.4-1 ms to say so.
  if (!other && english >= 3 && english * SPARSE_SHARE >= tokens.length) return true;
  return (
    (english >= 2 && english * PLAIN_SHARE >= tokens.length) ||
    (english >= PLAIN_COUNT && english * LOOSE_SHARE >= tokens.length)
  );
}

/** Languages told by their script alone: when most letters are in it, no n-gram model is needed. */
const SCRIPTS: Array<[RegExp, string]> = [
  [/[\u0E00-\u0E7F]/gu, 'th'],
  [/[\uAC00-\uD7AF\u1100-\u11FF]/gu, 'ko'],
  [/[\u3040-\u30FF]/gu, 'ja'],
  [/[\u0900-\u097F]/gu, 'hi'],
  [/[\u0600-\u06FF]/gu, 'ar'],
  [/[\u0400-\u04FF]/gu, 'ru'],
];

function byScript(words: string, letters: number): Language | null {
  for (const [script, code] of SCRIPTS) {
    const n = (words.match(script) ?? []).length;
    // Japanese mixes kana with Chinese characters: a third of kana is enough; the others need most letters.
    if (n && n * (code === 'ja' ? 3 : 2) > letters) return { code, name: NAMES[code] ?? code };
  }
  return null;
}

export function detectLanguage(text: string): Language | null {
  const sample = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  // Links, addresses and numbers say nothing about the language.
  const words = sample.replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+|\d+/g, ' ');
  const letters = (words.match(/\p{L}/gu) ?? []).length;
  if (letters < MIN_LETTERS) return null;
  if (plainlyEnglish(words)) return ENGLISH;
  const script = byScript(words, letters);
  if (script) return script;
  if (isDegenerate(words)) return null;
  // The n-gram detector reads the first TINYLD_CHARS letters' worth: its time grows with the sample, and a
  // message's language is clear well before that.
  const [best] = detectAll(words.length > TINYLD_CHARS ? words.slice(0, TINYLD_CHARS) : words, { only: ONLY });
  if (!best || best.accuracy < 0.3) return null;
  const name = NAMES[best.lang];
  return name ? { code: best.lang, name } : null;
}
