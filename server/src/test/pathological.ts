/**
 * Inputs built to find super-linear work in the engine (a regular expression that backtracks, a loop that
 * rescans a token for every character). Used by the engine's time-bound test and by
 * `npm run bench:engine -- --worst`, which prints the slowest of them. Every input is MAX_MESSAGE_LENGTH
 * characters (the most the API accepts), built from a short unit repeated, with and without separators.
 */
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { mulberry32 } from '../detection/training/trainer.ts';

/** Characters that some step of the engine treats specially: leetspeak, link, e-mail, number, spacing. */
const SPECIAL = [
  'a',
  'Z',
  '1',
  '0',
  '@',
  '€',
  '$',
  '!',
  '|',
  '.',
  '-',
  '_',
  '*',
  '/',
  ':',
  '%',
  '?',
  '=',
  '&',
  '#',
  '+',
  '(',
  ')',
  '"',
  "'",
  ',',
  ' ',
  '\n',
  'é',
  'а',
  '\u200B',
  '😀',
  'ก',
  'w',
  'x',
];

/** Short units seen to stress text handling, plus realistic shapes (blobs, URL runs, digit runs). */
const HAND_PICKED: Record<string, string> = {
  'a€€': 'a€€',
  'a@@': 'a@@',
  'a@b.': 'a@b.',
  'leet-word': 'p4yp4l',
  'spaced-letters': 'v e r i f y ',
  'dotted-letters': 'a.b.c.',
  'url-run': 'https://a.co/',
  'url-no-space': 'http://x.y/z?a=b&',
  'www-dots': 'www.a.',
  'email-run': 'a@b.co ',
  digits: '0123456789',
  'digit-groups': '555-0147 ',
  'phone-plus': '+1 (415) ',
  money: '$1,000.00 ',
  brackets: '((((',
  quotes: '"\'"',
  newlines: 'a\n',
  dashes: '-- ',
  emoji: '😀😀a',
  thai: 'กขค',
  'cyrillic-mix': 'pаypаl',
  'zero-width': 'a\u200Bb',
  combining: 'e\u0301\u0301',
  percent: '%41%42',
  'html-ish': '<a href=x>',
  subject: 'Subject: a\n',
  'reply-quote': '> a\n',
};

/** `unit` repeated to exactly `length` characters. */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

export interface PathologicalInput {
  name: string;
  text: string;
}

/**
 * Every unit of one, two and three special characters is too many (35^3); instead: all single characters,
 * all pairs, a seeded sample of triples, the hand-picked units, and random blobs (base64-like, URL-like).
 */
export function pathologicalInputs(
  opts: { length?: number; triples?: number; seed?: number } = {},
): PathologicalInput[] {
  const length = opts.length ?? MAX_MESSAGE_LENGTH;
  // Seeded, so a failing input can be printed and rebuilt.
  const rand = mulberry32(opts.seed ?? 1);
  const out: PathologicalInput[] = [];
  for (const [name, unit] of Object.entries(HAND_PICKED)) out.push({ name, text: repeatTo(unit, length) });
  for (const a of SPECIAL) out.push({ name: `unit ${JSON.stringify(a)}`, text: repeatTo(a, length) });
  for (const a of SPECIAL)
    for (const b of SPECIAL)
      if (a !== b) out.push({ name: `unit ${JSON.stringify(a + b)}`, text: repeatTo(a + b, length) });
  const pick = (): string => SPECIAL[Math.floor(rand() * SPECIAL.length)] ?? 'a';
  for (let i = 0; i < (opts.triples ?? 300); i++) {
    const unit = pick() + pick() + pick();
    out.push({ name: `unit ${JSON.stringify(unit)}`, text: repeatTo(unit, length) });
  }
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const URLC = 'abcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&()*+,;=%';
  for (const [name, alphabet] of [
    ['base64 blob', B64],
    ['url-char blob', URLC],
    ['special blob', SPECIAL.join('')],
  ] as const) {
    let s = '';
    while (s.length < length) s += alphabet[Math.floor(rand() * alphabet.length)] ?? 'a';
    out.push({ name, text: s.slice(0, length) });
  }
  return out;
}

/**
 * The worst chat a scan accepts: 10,000 characters of 2,000 short turns, each different (so none is scored
 * once for all), "A: 0" / "B: 1" … A `salt` makes each copy a different message ("A: 0 7" / "B: 7 1" …).
 */
export function worstChat(salt?: number): string {
  const s = salt === undefined ? '' : String(salt);
  return Array.from({ length: 2000 }, (_, i) => (i % 2 ? `B: ${s ? `${s} ` : ''}${i}` : `A: ${i}${s ? ` ${s}` : ''}`))
    .join('\n')
    .slice(0, 10_000);
}
