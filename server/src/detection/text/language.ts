/**
 * The message's language, detected with tinyld (a maintained n-gram detector, pure JS, offline), restricted
 * to the languages people paste here most so that a short text is not read as a rare language. Shown in
 * the result; null when the text is too short to say.
 */
import { detectAll } from 'tinyld';

const NAMES: Record<string, string> = {
  en: 'English', es: 'Spanish', pt: 'Portuguese', fr: 'French', de: 'German', id: 'Indonesian', it: 'Italian',
  nl: 'Dutch', th: 'Thai', tl: 'Tagalog', vi: 'Vietnamese', ms: 'Malay', pl: 'Polish', tr: 'Turkish',
  ru: 'Russian', ar: 'Arabic', hi: 'Hindi', zh: 'Chinese', ja: 'Japanese', ko: 'Korean',
};
const ONLY = Object.keys(NAMES);
/** Enough letters to tell languages apart; below that a guess would mislead. */
const MIN_LETTERS = 12;
const MAX_CHARS = 1000;

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

export function detectLanguage(text: string): Language | null {
  const sample = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  // Links, addresses and numbers say nothing about the language.
  const words = sample.replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+|\d+/g, ' ');
  if ((words.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return null;
  if (isDegenerate(words)) return null;
  const [best] = detectAll(words, { only: ONLY });
  if (!best || best.accuracy < 0.3) return null;
  const name = NAMES[best.lang];
  return name ? { code: best.lang, name } : null;
}
