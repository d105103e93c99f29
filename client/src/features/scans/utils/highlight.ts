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

/**
 * Cuts the message into plain and highlighted runs. Spans are clamped to the message, empty or inverted
 * ones are dropped, and overlapping spans are cut at every boundary so each run carries the strongest
 * severity covering it. The result is rendered as React text nodes, never as HTML, so a message holding
 * markup or a script shows as the characters it is.
 */
export function splitHighlights(message: string, spans: readonly HighlightSpan[]): MessageSegment[] {
  const length = message.length;
  const valid = spans
    .map((s) => ({ start: Math.max(0, Math.min(length, Math.floor(s.start))), end: Math.max(0, Math.min(length, Math.floor(s.end))), severity: s.severity }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start);
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
      if (s.start <= from && s.end >= to && (severity === null || RANK[s.severity] > RANK[severity])) severity = s.severity;
    }
    const last = segments[segments.length - 1];
    // Neighbouring runs of the same kind are one run (fewer <mark>s for screen readers to announce).
    if (last && last.severity === severity) last.text += message.slice(from, to);
    else segments.push({ text: message.slice(from, to), severity });
  }
  return segments;
}
