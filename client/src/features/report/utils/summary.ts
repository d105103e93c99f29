export interface SummaryInput {
  scamTypeLabel: string | null;
  verdictLabel: string;
  riskScore: number;
  platformLabel: string | null;
  senderPhone: string | null;
  senderEmail: string | null;
  links: readonly string[];
  /** What the message asked for and why it looks like a scam: the scan's reasons that raised the risk. */
  reasons: readonly string[];
  checkedAt: string;
  message: string;
  includeMessage: boolean;
}

/** Most reasons past this many are detail a report form does not need. */
const MAX_SUMMARY_REASONS = 8;

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/**
 * A plain-text summary to paste into a report form. It carries the message only when the user ticked the
 * box: the sender, links and reasons are enough for most forms, and the message may hold private details.
 */
export function buildSummary(input: SummaryInput): string {
  const lines: string[] = [];
  lines.push(`Suspected scam message${input.scamTypeLabel ? `: ${input.scamTypeLabel}` : ''}`);
  lines.push(`Checked on: ${formatDate(input.checkedAt)}`);
  lines.push(`Verdict: ${input.verdictLabel} (risk score ${input.riskScore}/100, checked with RedFlag)`);
  if (input.platformLabel) lines.push(`Received via: ${input.platformLabel}`);
  if (input.senderPhone) lines.push(`Sender phone: ${input.senderPhone}`);
  if (input.senderEmail) lines.push(`Sender e-mail: ${input.senderEmail}`);
  const links = [...new Set(input.links)];
  if (links.length > 0) {
    lines.push('', 'Links in the message (do not open):');
    for (const link of links) lines.push(`- ${link}`);
  }
  const reasons = input.reasons.slice(0, MAX_SUMMARY_REASONS);
  if (reasons.length > 0) {
    lines.push('', 'What the message asked for / why it looks like a scam:');
    for (const reason of reasons) lines.push(`- ${reason}`);
  }
  if (input.includeMessage && input.message.trim()) {
    lines.push('', 'Message text:', input.message.trim());
  }
  return lines.join('\n');
}
