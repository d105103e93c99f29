import type { ReasonDetail } from '@redflag/contracts/scan';

export type Severity = ReasonDetail['severity'];

/** A character range of the submitted (trimmed) message that a reason points at. */
export interface HighlightSpan {
  start: number;
  end: number;
  severity: Severity;
}

/** A run of the message: plain text, or text one or more reasons point at (shown in a <mark>). */
export interface MessageSegment {
  text: string;
  /** Set when the run is evidence; the strongest severity of the reasons covering it. */
  severity: Severity | null;
}

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3 };

/** Every span evidence (and link evidence with a position) of the reasons, with its reason's severity. */
export function evidenceSpans(details: readonly ReasonDetail[]): HighlightSpan[] {
  const spans: HighlightSpan[] = [];
  for (const detail of details) {
    for (const evidence of detail.evidence) {
      if (evidence.kind === 'span') spans.push({ start: evidence.start, end: evidence.end, severity: detail.severity });
      else if (evidence.kind === 'url' && evidence.start !== undefined && evidence.end !== undefined) {
        spans.push({ start: evidence.start, end: evidence.end, severity: detail.severity });
      }
    }
  }
  return spans;
}

/** A link as a reader sees one: from its scheme or "www." to the last character that is not punctuation. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'“”‘’]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}»]+$/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const LETTER = /\p{L}/u;

/** The links of the message as [start, end) ranges. */
function linkRanges(message: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of message.matchAll(LINK)) {
    const start = match.index ?? 0;
    const text = match[0].replace(TRAILING_PUNCTUATION, '');
    if (text.length > 0) ranges.push([start, start + text.length]);
  }
  return ranges;
}

/** Whether the character at `i` is part of a word (an apostrophe between two letters is: "don't"). */
function inWord(message: string, i: number): boolean {
  const ch = message[i];
  if (ch === undefined) return false;
  if (WORD_CHAR.test(ch)) return true;
  return (ch === "'" || ch === '’') && LETTER.test(message[i - 1] ?? '') && LETTER.test(message[i + 1] ?? '');
}

/**
 * A span grown so that it never starts or ends inside a word or a link: a highlight that stops in the
 * middle of "usps-redelivery-care.com" showed the link as two pieces of two colours.
 */
function snapToWords(message: string, links: ReadonlyArray<[number, number]>, span: HighlightSpan): HighlightSpan {
  let { start, end } = span;
  for (const [s, e] of links) {
    if (start > s && start < e) start = s;
    if (end > s && end < e) end = e;
  }
  while (start > 0 && inWord(message, start - 1) && inWord(message, start)) start--;
  while (end < message.length && inWord(message, end - 1) && inWord(message, end)) end++;
  return { start, end, severity: span.severity };
}

/**
 * Cuts the message into plain and highlighted runs. Spans are clamped to the message, empty or inverted
 * ones are dropped, each is grown to whole words and whole links, and overlapping spans are cut at every
 * boundary so each run carries the strongest severity covering it. The result is rendered as React text
 * nodes, never as HTML, so a message holding markup or a script shows as the characters it is.
 */
export function splitHighlights(message: string, spans: readonly HighlightSpan[]): MessageSegment[] {
  const length = message.length;
  const links = linkRanges(message);
  const valid = spans
    .map((s) => ({
      start: Math.max(0, Math.min(length, Math.floor(s.start))),
      end: Math.max(0, Math.min(length, Math.floor(s.end))),
      severity: s.severity,
    }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start)
    .map((s) => snapToWords(message, links, s));
  if (valid.length === 0) return length ? [{ text: message, severity: null }] : [];

  const cuts = new Set<number>([0, length]);
  for (const s of valid) {
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: MessageSegment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i] as number;
    const to = points[i + 1] as number;
    if (to <= from) continue;
    let severity: Severity | null = null;
    for (const s of valid) {
      if (s.start <= from && s.end >= to && (severity === null || RANK[s.severity] > RANK[severity]))
        severity = s.severity;
    }
    const last = segments[segments.length - 1];
    // Neighbouring runs of the same kind are one run (fewer <mark>s for screen readers to announce).
    if (last && last.severity === severity) last.text += message.slice(from, to);
    else segments.push({ text: message.slice(from, to), severity });
  }
  return segments;
}
