import { MESSAGE_PREVIEW_CHARS, riskBand } from './constants.ts';
import { MARKETPLACE_PLATFORMS } from './platforms.ts';
import { scamTypeLabel } from './scan.ts';

export interface ScanTitleInput {
  riskScore: number;
  scamType?: string | null;
  platform?: string | null;
  message: string;
}

export interface ScanTitle {
  title: string;
  /** 'message' when the title is the message's own first words (the list then does not repeat them). */
  source: 'verdict' | 'message';
}

/** The first characters of the message on one line, cut on a word where one is near, with an ellipsis. */
export function messageOpening(message: string, max: number = MESSAGE_PREVIEW_CHARS): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  // Code points, so an emoji is never split in half.
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max).join('');
  // Cut right before a space: the last word is whole. Else back to the last space, if it is not too far.
  const lastSpace = chars[max] === ' ' ? cut.length : cut.lastIndexOf(' ');
  const words = lastSpace >= max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,.;:!?-]+$/, '')}...`;
}

/**
 * A stored scan's title in the history and on its report (History), from what the engine found:
 *
 * - scam (70+): the scam type ('Delivery Scam'), or 'Scam Detected';
 * - suspicious (40+): 'Possible Delivery Scam', or 'Suspicious Message';
 * - legitimate: 'Legitimate Buyer' only when the message came through a marketplace (the spec's wording,
 *   true there), otherwise the message's own first words. A type below 40 is a closest match, not a
 *   finding (the result card says 'not enough to flag'), so it never titles a green scan.
 *
 * 'Other Scam' says nothing the verdict does not, so that type titles as its verdict.
 */
export function scanTitle(scan: ScanTitleInput): ScanTitle {
  const band = riskBand(scan.riskScore);
  const label = scan.scamType === 'other' ? null : scamTypeLabel(scan.scamType);
  if (band === 'scam') return { title: label ?? 'Scam Detected', source: 'verdict' };
  if (band === 'suspicious') return { title: label ? `Possible ${label}` : 'Suspicious Message', source: 'verdict' };
  if (scan.platform && (MARKETPLACE_PLATFORMS as ReadonlySet<string>).has(scan.platform))
    return { title: 'Legitimate Buyer', source: 'verdict' };
  const opening = messageOpening(scan.message);
  return opening ? { title: opening, source: 'message' } : { title: 'Legitimate Message', source: 'verdict' };
}
