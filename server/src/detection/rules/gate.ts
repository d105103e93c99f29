/**
 * A cheap pre-check for a detector pattern (decision 095): the literal strings one of which every match of
 * the pattern must contain. `runRules` skips the regular-expression scan when the folded text cannot contain
 * any of them, which is most patterns on most messages: a long e-mail no longer pays ~160 full scans.
 * "Cannot contain" is read from one pass over the text that notes its character trigrams (`TrigramIndex`):
 * a literal one of whose trigrams is absent is absent. (`String.prototype.includes` per literal was tried:
 * on long e-mails it costs as much as the scans it saves.)
 *
 * The analysis is deliberately small and conservative. For each top-level alternative it takes every
 * element a match must go through that is literal text (or a group whose alternatives all have such text),
 * stepping over zero-width assertions, optional parts, classes and escapes; when an alternative has none,
 * the pattern gets no gate (null), which means "always scan". It never makes a pattern match less.
 */

const META = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
/** Past this many literals a pattern is nearly always let through: checking them would be wasted work. */
const MAX_LITERALS = 40;
/** Shorter literals are in nearly every text: such a gate would never skip anything. */
const MIN_LITERAL = 3;

/** Index just past the group or class that opens at `i` (source[i] is '(' or '['), or -1 if unbalanced. */
function closing(src: string, i: number): number {
  let depth = 0;
  let inClass = false;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
        if (src[i] === '[') return j + 1;
      }
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
  }
  return -1;
}

/** Splits a source at its top-level '|' (outside groups and classes). */
function alternatives(src: string): string[] | null {
  const out: string[] = [];
  let from = 0;
  for (let j = 0; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '(' || c === '[') {
      const end = closing(src, j);
      if (end < 0) return null;
      j = end - 1;
    } else if (c === '|') {
      out.push(src.slice(from, j));
      from = j + 1;
    }
  }
  out.push(src.slice(from));
  return out;
}

/** True when a quantifier that allows zero repetitions follows at `i`. */
const optionalAt = (src: string, i: number): boolean =>
  src[i] === '?' || src[i] === '*' || (src[i] === '{' && src[i + 1] === '0');

/** Index just past a quantifier (`?`, `*`, `+`, `{m,n}`, each possibly lazy) at `i`, or `i` when there is none. */
function skipQuantifier(src: string, i: number): number {
  let j = i;
  if (src[j] === '?' || src[j] === '*' || src[j] === '+') j++;
  else if (src[j] === '{') {
    const end = src.indexOf('}', j);
    if (end < 0) return j;
    j = end + 1;
  } else return j;
  return src[j] === '?' ? j + 1 : j;
}

const usable = (lits: string[] | null): lits is string[] =>
  lits !== null && lits.length <= MAX_LITERALS && lits.every((l) => l.length >= MIN_LITERAL);

/** How selective a set of literals is: the longer its shortest literal, the rarer a text that has one. */
const selectivity = (lits: readonly string[]): number => Math.min(...lits.map((l) => l.length)) * 100 - lits.length;

/**
 * The literal sets of an alternative (no top-level '|'): one for each element of the sequence that every
 * match must go through and that is literal text, a run of plain characters or a group whose alternatives
 * each give literals. A match contains a literal of EVERY set. Optional elements, classes and escapes give
 * none and end a run of characters. Null when the source is unbalanced.
 */
function candidates(alt: string): string[][] | null {
  const out: string[][] = [];
  const consider = (lits: string[] | null): void => {
    if (usable(lits)) out.push(lits);
  };
  let run = '';
  const endRun = (): void => {
    if (run) consider([run]);
    run = '';
  };
  let i = 0;
  while (i < alt.length) {
    const c = alt[i] ?? '';
    const end = c === '(' || c === '[' ? closing(alt, i) : i + 1;
    if (end < 0) return null;
    if (
      c === '(' &&
      (alt.startsWith('(?=', i) || alt.startsWith('(?!', i) || alt.startsWith('(?<=', i) || alt.startsWith('(?<!', i))
    ) {
      i = end; // zero-width: consumes nothing, and what it asserts is not part of the match
    } else if (c === '(') {
      endRun();
      if (!optionalAt(alt, end)) {
        const inner = alt.slice(alt.startsWith('(?:', i) ? i + 3 : i + 1, end - 1);
        if (!inner.startsWith('?')) consider(literalsOf(inner));
      }
      i = skipQuantifier(alt, end);
    } else if (META.has(c)) {
      // A class, an escape (\b, \d, \$ ...), '.', '^' or '$': no literal, and the run of characters ends.
      endRun();
      i = skipQuantifier(alt, c === '\\' ? i + 2 : end);
    } else if (optionalAt(alt, i + 1)) {
      endRun();
      i = skipQuantifier(alt, i + 1);
    } else {
      run += c;
      i++;
      if (skipQuantifier(alt, i) !== i) {
        // "a+" or "a{2}": the character is there at least once, but the run cannot go on past it.
        endRun();
        i = skipQuantifier(alt, i);
      }
    }
  }
  endRun();
  return out;
}

/** The literals one of which every match of `src` contains (the most selective set of each alternative), or null. */
function literalsOf(src: string): string[] | null {
  const alts = alternatives(src);
  if (!alts) return null;
  const out = new Set<string>();
  for (const alt of alts) {
    let best: string[] | null = null;
    for (const lits of candidates(alt) ?? []) if (!best || selectivity(lits) > selectivity(best)) best = lits;
    if (!best) return null;
    for (const l of best) out.add(l);
  }
  return [...out];
}

/**
 * The gate of a pattern run on folded (lower-case) text, or null when the pattern must always be scanned:
 * one entry per top-level alternative, each a list of literal sets. A text can match only if, for some
 * alternative, it contains a literal of each of that alternative's sets.
 */
export function patternGate(pattern: RegExp): string[][][] | null {
  // A case-insensitive pattern could match literals written in capitals, which the index would not see.
  if (pattern.flags.includes('i')) return null;
  const alts = alternatives(pattern.source);
  if (!alts) return null;
  const out: string[][][] = [];
  for (const alt of alts) {
    const sets = candidates(alt);
    if (!sets?.length) return null;
    out.push(sets);
  }
  return out;
}

const INDEX_BITS = 18;
const INDEX_SHIFT = 32 - INDEX_BITS;

/** Slot of the trigram starting at `i`: a hash, so two trigrams may share a slot (which only lets a scan run). */
const slot = (s: string, i: number): number =>
  (Math.imul(s.charCodeAt(i), 0x9e3779b1) ^
    Math.imul(s.charCodeAt(i + 1), 0x85ebca6b) ^
    Math.imul(s.charCodeAt(i + 2), 0xc2b2ae35)) >>>
  INDEX_SHIFT;

/** Slot of the 5-gram starting at `i`, from the slots of its trigrams at `i` and `i + 2`. */
const slot5 = (s: string, i: number): number =>
  ((Math.imul(slot(s, i), 0x27d4eb2d) ^ slot(s, i + 2)) >>> 0) & ((1 << INDEX_BITS) - 1);

/**
 * The character trigrams and 5-grams present in a text, as bit sets of hashed slots. A long e-mail holds
 * nearly every common trigram, so on its own the trigram set let almost every pattern scan; a literal of five
 * characters or more is checked against the 5-grams, which are far rarer.
 */
export class TrigramIndex {
  private readonly bits = new Uint8Array(1 << (INDEX_BITS - 3));
  private readonly bits5 = new Uint8Array(1 << (INDEX_BITS - 3));
  constructor(text: string) {
    for (let i = 0; i + 3 <= text.length; i++) {
      const h = slot(text, i);
      this.bits[h >>> 3] = (this.bits[h >>> 3] ?? 0) | (1 << (h & 7));
      if (i + 5 <= text.length) {
        const h5 = slot5(text, i);
        this.bits5[h5 >>> 3] = (this.bits5[h5 >>> 3] ?? 0) | (1 << (h5 & 7));
      }
    }
  }
  /** False only when `literal` (3 characters or more) is certainly not in the text. */
  mayContain(literal: Literal): boolean {
    const bits = literal.long ? this.bits5 : this.bits;
    for (const h of literal.slots) if (!((bits[h >>> 3] ?? 0) & (1 << (h & 7)))) return false;
    return true;
  }
}

/** A literal as the slots of its 5-grams (five characters or more) or of its trigrams. */
export interface Literal {
  readonly long: boolean;
  readonly slots: readonly number[];
}

const toLiteral = (s: string): Literal =>
  s.length >= 5
    ? { long: true, slots: Array.from({ length: s.length - 4 }, (_, i) => slot5(s, i)) }
    : { long: false, slots: Array.from({ length: s.length - 2 }, (_, i) => slot(s, i)) };

/** A gate in the form `runRules` checks, literals as trigram slots. */
export type Gate = readonly (readonly (readonly Literal[])[])[];

export function compiledGate(pattern: RegExp): Gate | null {
  return patternGate(pattern)?.map((sets) => sets.map((set) => set.map(toLiteral))) ?? null;
}

/** False only when no text with these trigrams can match the gated pattern. */
export function mayMatch(gate: Gate, index: TrigramIndex): boolean {
  return gate.some((sets) => sets.every((set) => set.some((literal) => index.mayContain(literal))));
}
