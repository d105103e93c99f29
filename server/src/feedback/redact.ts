/**
 * What a shared verdict without its message must not show: anything a reason's sentence quotes from the
 * message or the person's input. The engine quotes in several forms: a whole link, host,
 * number or phrase; the first 60 characters of a link; a QR code's payload cut to 77 characters and '...'.
 * An AI reviewer's sentence may cite the message anywhere. Every form is found on the sentence as written,
 * the places joined, and each joined place replaced once, so one marker never lands inside another.
 */

export const NOT_SHARED = '(not shared)';

/** A value shorter than this is not looked for (it would match ordinary words). */
const MIN_VALUE = 3;
/** A link or payload's first characters, from this many on, are that link or payload shortened. */
const MIN_CUT = 8;
/** A link or payload's first characters without an ellipsis after them, from this many on, are that link shortened. */
const MIN_RUN = 20;
/** In a sentence that may cite the message freely, this many of its characters in a row are a quote. */
const RUN = 16;
const ELLIPSIS = /^(?:\.\.\.|…)/;
const WORD = /[\p{L}\p{N}]/u;
const BOUNDARY = /[\s("'“‘[]/;

/**
 * Tokens that look like a link or another scheme's payload (WIFI:, mailto:, tel:, geo:, bitcoin:, ...), a
 * host, an e-mail address or a phone number: always from the message or the person's input, never from the
 * engine's own words (which name brands and domain endings only). A payload leaves the bracket or full stop
 * after it.
 */
const LOOKS_PRIVATE =
  /(?:[a-z][a-z0-9+.-]*:[^\s"“”]*[^\s"“”).,:!?]|[^\s()"'“”,;]*@[^\s()"'“”,;]+|(?:[a-z0-9-]+\.)+[a-z0-9-]{2,}(?:\/[^\s()"'“”,;]*)?|\+?\d[\d\s().-]{5,}\d)/gi;

/** Lower case without changing any length, so that places found in the folded text hold in the original. */
function fold(s: string): string {
  return s.replace(/\p{Lu}/gu, (c) => {
    const lower = c.toLowerCase();
    return lower.length === c.length ? lower : c;
  });
}

function distinct(values: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const t = v?.trim();
    if (t && t.length >= MIN_VALUE) out.add(fold(t));
  }
  return [...out];
}

type Range = [start: number, end: number];

export interface Quoted {
  /** Spans, hosts, numbers and addresses the engine may quote whole. */
  values: Iterable<string | null | undefined>;
  /** Links and QR payloads, which the engine also quotes by their start (60 characters, or 77 and '...'). */
  shortened: Iterable<string | null | undefined>;
  /** The message, for sentences that cite it freely. */
  message?: string | null | undefined;
}

/**
 * A function that takes every quoted part out of a sentence, one NOT_SHARED for each. `freeText` is for a
 * sentence not written by the engine's own templates (the AI reviewer's): any RUN characters in a row from
 * the message or a payload go too, widened to whole words.
 */
export function redactor({ values, shortened, message }: Quoted): (text: string, freeText?: boolean) => string {
  const cuts = distinct(shortened);
  const whole = distinct([...values, ...cuts]);
  let runs: Set<string> | null = null;
  const runsOf = (): Set<string> => {
    if (runs) return runs;
    runs = new Set<string>();
    for (const source of [fold(message ?? ''), ...cuts])
      for (let i = 0; i + RUN <= source.length; i++) runs.add(source.slice(i, i + RUN));
    return runs;
  };

  return (text, freeText = false) => {
    const folded = fold(text);
    const ranges: Range[] = [];
    for (const v of whole) {
      for (let at = folded.indexOf(v); at !== -1; at = folded.indexOf(v, at + 1)) ranges.push([at, at + v.length]);
    }
    // Shortened: a link or payload's start, where a word starts, to where it stops agreeing, and any ellipsis after it.
    for (const v of cuts) {
      if (v.length <= MIN_CUT) continue;
      const head = v.slice(0, MIN_CUT);
      for (let at = folded.indexOf(head); at !== -1; at = folded.indexOf(head, at + 1)) {
        if (at > 0 && !BOUNDARY.test(folded[at - 1] ?? '')) continue;
        let n = MIN_CUT;
        while (n < v.length && folded[at + n] === v[n]) n++;
        const mark = ELLIPSIS.exec(folded.slice(at + n))?.[0].length ?? 0;
        // A brand's name can start a link ('barclays.co.uk'): short of the whole value, an ellipsis or MIN_RUN, it is not the link.
        if (n === v.length || mark || n >= MIN_RUN) ranges.push([at, at + n + mark]);
      }
    }
    for (const m of text.matchAll(LOOKS_PRIVATE)) ranges.push([m.index, m.index + m[0].length]);
    if (freeText) {
      const quotes = runsOf();
      for (let i = 0; i + RUN <= folded.length; i++) {
        if (!quotes.has(folded.slice(i, i + RUN))) continue;
        let [start, end] = [i, i + RUN];
        // A run that starts or stops inside a word takes the whole word.
        if (WORD.test(text[start] ?? '')) while (start > 0 && WORD.test(text[start - 1] ?? '')) start--;
        if (WORD.test(text[end - 1] ?? '')) while (end < text.length && WORD.test(text[end] ?? '')) end++;
        ranges.push([start, end]);
      }
    }
    if (!ranges.length) return text;

    ranges.sort((a, b) => a[0] - b[0]);
    let out = '';
    let done = 0;
    // The text before a place, then the marker; spaces at either edge of a place stay.
    const cut = ([start, end]: Range): void => {
      while (start < end && /\s/.test(text[start] ?? '')) start++;
      while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
      if (start === end) return;
      out += text.slice(done, start) + NOT_SHARED;
      done = end;
    };
    let cur: Range | null = null;
    for (const r of ranges) {
      // Places that overlap, touch or stand only spaces apart become one.
      if (cur && !text.slice(cur[1], r[0]).trim()) {
        cur[1] = Math.max(cur[1], r[1]);
        continue;
      }
      if (cur) cut(cur);
      cur = [r[0], r[1]];
    }
    if (cur) cut(cur);
    out += text.slice(done);
    // '(http://host)' taken whole reads '(not shared)', not '((not shared))'.
    return out.replaceAll(`(${NOT_SHARED})`, NOT_SHARED);
  };
}
