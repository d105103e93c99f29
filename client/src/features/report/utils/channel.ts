import type { Platform, ScamType } from '@redflag/contracts/scan';
import { MARKETPLACE_PLATFORMS } from '@redflag/contracts/platforms';

/** The channel the message came through: texts go to 7726, e-mails to the national phishing inbox. */
export type Channel = 'text' | 'email' | 'chat' | 'marketplace' | 'unknown';

export function channelOf(
  platform: Platform | null | undefined,
  scamType: ScamType | null | undefined,
  sender: { phone?: string | null; email?: string | null },
): Channel {
  if (platform === 'sms') return 'text';
  if (platform === 'email') return 'email';
  if (platform === 'whatsapp') return 'chat';
  if (platform && (MARKETPLACE_PLATFORMS as ReadonlySet<string>).has(platform)) return 'marketplace';
  if (platform === 'other') return 'unknown';
  // No platform given: "smishing" types arrive by text by definition; otherwise the sender the user gave says it.
  if (scamType === 'delivery_smishing' || scamType === 'toll_smishing') return 'text';
  if (sender.phone && !sender.email) return 'text';
  if (sender.email && !sender.phone) return 'email';
  return 'unknown';
}
