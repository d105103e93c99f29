import type { RiskBand } from '@redflag/contracts/constants';
import type { Evidence, ReasonDetail } from '@redflag/contracts/scan';
import { reasonTone, type ReasonTone } from '@/lib/reason-tone';

/** A piece of a reason's evidence, in words a person reads. */
export type EvidenceItem =
  | { kind: 'quote'; text: string; start?: number; end?: number }
  | { kind: 'link'; text: string }
  | { kind: 'source'; text: string };

export interface DisplayReason {
  id: string;
  text: string;
  tone: ReasonTone;
  /** The severity its highlights and marker are drawn with (a green verdict never paints red). */
  severity: ReasonDetail['severity'];
  evidence: EvidenceItem[];
}

export interface ReasonGroup {
  tone: 'warning' | 'watch' | 'calm';
  title: string;
  /** A short line under the title that ties the group to the verdict, when one helps. */
  note: string | null;
  reasons: DisplayReason[];
}

const QUOTE_LIMIT = 120;

/**
 * Where a reason came from when it points at no words of the message. The engine's own wording of these
 * ("text model: 3% scam-like", "line type VOIP", "MX lookup: none") is for developers and is never shown.
 */
const SOURCE_LABELS: Record<Exclude<Evidence['kind'], 'span' | 'url'>, string> = {
  model: 'the overall wording of the message',
  llm: 'a second review of the whole message',
  phone: 'the phone number you entered',
  email: 'the e-mail address you entered',
};

/** A reason's evidence as quotes, links and plain-word sources, without repeats. */
export function evidenceItems(evidence: readonly Evidence[]): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const seen = new Set<string>();
  for (const e of evidence) {
    let item: EvidenceItem | null;
    if (e.kind === 'span') {
      const text = e.text.trim();
      item = text
        ? {
            kind: 'quote',
            text: text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT).trimEnd()}…` : text,
            start: e.start,
            end: e.end,
          }
        : null;
    } else if (e.kind === 'url') {
      item = e.url ? { kind: 'link', text: e.url } : null;
    } else {
      item = { kind: 'source', text: SOURCE_LABELS[e.kind] };
    }
    if (!item) continue;
    const key = `${item.kind}:${item.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

function displaySeverity(tone: ReasonTone, severity: ReasonDetail['severity']): ReasonDetail['severity'] {
  if (tone === 'warning') return severity;
  if (tone === 'watch') return 'medium';
  return 'info';
}

/**
 * The reasons of a scan, each with its tone, display severity and evidence in words. Scans stored before
 * reasons carried details have only their sentences: those read as warnings on a red or amber verdict and
 * as context on a green one.
 */
export function displayReasons(
  scan: { reasons: readonly string[]; reasonDetails?: readonly ReasonDetail[] | null },
  band: RiskBand,
): DisplayReason[] {
  const details: readonly ReasonDetail[] =
    scan.reasonDetails && scan.reasonDetails.length > 0
      ? scan.reasonDetails
      : scan.reasons.map((text, i) => ({
          id: `reason-${i}`,
          text,
          weight: 0,
          severity: band === 'legitimate' ? 'info' : 'medium',
          evidence: [],
        }));
  return details.map((detail) => {
    const tone = reasonTone(detail, band);
    return {
      id: detail.id,
      text: detail.text,
      tone,
      severity: displaySeverity(tone, detail.severity),
      evidence: evidenceItems(detail.evidence),
    };
  });
}

/**
 * The reasons in groups that agree with the verdict: on a red or amber verdict the warning signs first,
 * then what looked normal; on a green verdict the reassuring context first, then anything worth watching.
 * Every reason is in exactly one group, in the engine's order within it.
 */
export function groupReasons(reasons: readonly DisplayReason[], band: RiskBand): ReasonGroup[] {
  const warnings = reasons.filter((r) => r.tone === 'warning');
  const watch = reasons.filter((r) => r.tone === 'watch');
  const calm = reasons.filter((r) => r.tone === 'reassuring' || r.tone === 'context');
  const groups: ReasonGroup[] = [];
  if (band === 'legitimate') {
    if (calm.length > 0) groups.push({ tone: 'calm', title: 'What we found', note: null, reasons: calm });
    if (watch.length > 0) {
      groups.push({
        tone: 'watch',
        title: 'Worth watching',
        note: 'Not enough to flag this message, but keep it in mind if the conversation goes on.',
        reasons: watch,
      });
    }
    return groups;
  }
  if (warnings.length === 0) {
    if (calm.length > 0) groups.push({ tone: 'calm', title: 'What we found', note: null, reasons: calm });
    return groups;
  }
  groups.push({ tone: 'warning', title: 'Warning signs', note: null, reasons: warnings });
  // Only what lowered the risk "looked normal"; a neutral finding or caution ("check it against the company's
  // real number", "the link is not encrypted") did not, and under that line it would read as reassurance.
  const reassuring = calm.filter((r) => r.tone === 'reassuring');
  const context = calm.filter((r) => r.tone === 'context');
  if (reassuring.length > 0) {
    groups.push({
      tone: 'calm',
      title: 'Also noted',
      note: 'These looked normal, but they do not outweigh the warning signs.',
      reasons: reassuring,
    });
  }
  if (context.length > 0) groups.push({ tone: 'calm', title: 'Also worth knowing', note: null, reasons: context });
  return groups;
}
