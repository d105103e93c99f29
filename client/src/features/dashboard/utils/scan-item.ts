import { DEFAULT_CONFIDENCE, MESSAGE_PREVIEW_CHARS, REASONS_SHOWN, riskBand } from '@redflag/contracts/constants';
import type { ReasonDetail } from '@redflag/contracts/scan';
import { reasonTone } from '@/lib/reason-tone';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * docs/product.md §9 relative-time labels: under an hour 'Just now', under a day in hours,
 * under a week in days, else the date.
 */
export function relativeTime(createdAt: string | Date, now: Date = new Date()): string {
  const date = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now.getTime() - time);
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The first 50 characters of the message, with an ellipsis when it was cut. */
export function messagePreview(message: string, max: number = MESSAGE_PREVIEW_CHARS): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  // Cut on code points so an emoji is never split in half.
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : flat;
}

/** Up to two reasons, and how many more there are ('+N more reasons'). */
export function reasonsSummary(
  reasons: readonly string[],
  shown: number = REASONS_SHOWN,
): { shown: string[]; more: number } {
  return { shown: reasons.slice(0, shown), more: Math.max(0, reasons.length - shown) };
}

/**
 * On a green scan, the reasons that raised its score are worth watching, not warnings: the history says so
 * by the report page's rule (lib/reason-tone.ts), so a low risk never sits beside what reads like an alarm.
 */
export function watchedReasons(scan: {
  riskScore: number;
  reasonDetails?: readonly Pick<ReasonDetail, 'text' | 'weight' | 'severity'>[] | undefined;
}): ReadonlySet<string> {
  const band = riskBand(scan.riskScore);
  return new Set((scan.reasonDetails ?? []).filter((d) => reasonTone(d, band) === 'watch').map((d) => d.text));
}

export function moreReasonsLabel(more: number): string {
  return `+${more} more ${more === 1 ? 'reason' : 'reasons'}`;
}

/** Confidence as a rounded percent, 50% when not numeric (docs/product.md §5). */
export function confidencePercent(confidence: unknown): number {
  const value = typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : DEFAULT_CONFIDENCE;
  return Math.round(Math.min(1, Math.max(0, value)) * 100);
}

/**
 * AVG RISK SCORE with the spec's fallback (section 5): the server's average when it is a number, else
 * scamsDetected / totalScans as a percent, or 0 with no scans.
 */
export function averageRisk(stats: { totalScans: number; scamsDetected: number; averageRiskScore: unknown }): number {
  const avg = stats.averageRiskScore;
  if (
    typeof avg === 'number' &&
    Number.isFinite(avg) &&
    !(avg === 0 && stats.totalScans > 0 && stats.scamsDetected > 0)
  ) {
    return Math.round(avg);
  }
  if (stats.totalScans <= 0) return 0;
  return Math.round((stats.scamsDetected / stats.totalScans) * 100);
}

/** SCAN USAGE: bar width is used / max (capped to 0-100), and the card's state. */
export function usageView(usage: { scanCount: number; maxScans: number }): {
  percent: number;
  remaining: number;
  limitReached: boolean;
} {
  const max = Math.max(0, usage.maxScans);
  const used = Math.max(0, usage.scanCount);
  const percent = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 100;
  return { percent, remaining: Math.max(0, max - used), limitReached: used >= max };
}
