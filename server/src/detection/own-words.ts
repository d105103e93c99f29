/**
 * The rewriting of a rule's sentence: its generic examples replaced by the message's own words, and its matched
 * spans as evidence.
 */
import type { Evidence } from '@redflag/contracts/scan';

/** Quoted examples in a rule's sentence: `("act now", "within 24 hours")`. */
const RULE_EXAMPLES = / \((?:"[^"]+"(?:, )?)+\)/;
const MAX_OWN_WORDS = 3;
const MAX_OWN_WORD_LENGTH = 40;

/**
 * A rule's sentence with its generic examples replaced by the message's own words (the first few distinct
 * matches), so the reason points at what the person received. Shared verdicts without the message redact
 * them like every other quote (feedback/redact.ts).
 */
export function withOwnWords(text: string, spans: readonly { text: string }[]): string {
  const seen = new Set<string>();
  const own: string[] = [];
  for (const s of spans) {
    const q = s.text.replace(/\s+/g, ' ').trim();
    if (!q || q.length > MAX_OWN_WORD_LENGTH || q.includes('"') || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    own.push(q);
    if (own.length === MAX_OWN_WORDS) break;
  }
  if (!own.length || !RULE_EXAMPLES.test(text)) return text;
  return text.replace(RULE_EXAMPLES, ` (${own.map((q) => `"${q}"`).join(', ')})`);
}

export function spanEvidence(spans: readonly { start: number; end: number; text: string }[]): Evidence[] {
  return spans.map((s) => ({ kind: 'span', start: s.start, end: s.end, text: s.text }));
}
