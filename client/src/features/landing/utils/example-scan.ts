import { riskBand } from '@redflag/contracts/constants';
import example from './example-scan.json';

/**
 * The landing page's worked example (hero phone and "How it works"): a marketplace overpayment message and
 * what the shipped engine answered for it, stored as the engine produced it. server/src/detection/
 * landing-example.test.ts runs the engine on the same text and fails when the stored answer drifts, so the
 * score on the landing page is measured, never typed in.
 */
export interface ExampleSegment {
  text: string;
  /** The reason this piece of text is evidence for, when it is. */
  reason: string | null;
}

export const EXAMPLE_SCAN = example;

export const EXAMPLE_VERDICT = (
  { scam: 'Scam Detected', suspicious: 'Suspicious', legitimate: 'Likely Legitimate' } as const
)[riskBand(example.riskScore)];

/** The message cut into plain and highlighted pieces, in order (evidence spans never overlap here). */
export function exampleSegments(
  message: string,
  reasons: ReadonlyArray<{ text: string; evidence: ReadonlyArray<{ start: number; end: number }> }>,
): ExampleSegment[] {
  const spans = reasons
    .flatMap((r) => r.evidence.map((e) => ({ start: e.start, end: e.end, reason: r.text })))
    .filter((s) => s.start >= 0 && s.end <= message.length && s.start < s.end)
    .sort((a, b) => a.start - b.start);
  const out: ExampleSegment[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    if (s.start > at) out.push({ text: message.slice(at, s.start), reason: null });
    out.push({ text: message.slice(s.start, s.end), reason: s.reason });
    at = s.end;
  }
  if (at < message.length) out.push({ text: message.slice(at), reason: null });
  return out;
}
