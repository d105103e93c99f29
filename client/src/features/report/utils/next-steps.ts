import type { Platform, ScamType } from '@redflag/contracts/scan';
import type { BrandContact } from './brand-contacts';
import { channelOf } from './channel';
import {
  ACTION_FRAUD,
  BANK_FIRST_TYPES,
  CAFC,
  DATING_APP,
  FTC,
  IC3,
  LOCAL_POLICE,
  ONLINE_FRAUD_TYPES,
  PLATFORM_DESTINATIONS,
  POLICE_EXTORTION,
  REPORT_CYBER,
  SCAMWATCH,
  TEXT_7726,
  UK_PHISHING_INBOX,
  YOUR_BANK,
  type ReportDestination,
} from './destinations';
import type { ReportCountry } from './report-country';

/**
 * Which destinations one scan should be reported to, in order. The parts live beside it, one job each:
 * the user's country (report-country.ts), the channel (channel.ts), the destinations themselves
 * (destinations.ts), brands' phishing inboxes (brand-contacts.ts) and the text to paste (summary.ts).
 */

export interface NextStepsInput {
  scamType: ScamType | null | undefined;
  platform: Platform | null | undefined;
  country: ReportCountry;
  senderPhone?: string | null;
  senderEmail?: string | null;
  brands?: readonly BrandContact[];
}

/** The destinations for one scan, most direct first: the channel, the platform, the brand, then the country. */
export function nextSteps(input: NextStepsInput): ReportDestination[] {
  const { scamType, platform, country } = input;
  const channel = channelOf(platform, scamType, { phone: input.senderPhone, email: input.senderEmail });
  const online = Boolean(scamType && ONLINE_FRAUD_TYPES.has(scamType)) || channel === 'marketplace';
  const out: ReportDestination[] = [];
  if (scamType && BANK_FIRST_TYPES.has(scamType)) out.push(YOUR_BANK);
  if (scamType === 'extortion') out.push(POLICE_EXTORTION);

  // 7726 is run by the carriers in the US and the UK; elsewhere the short code is not the same service.
  if (channel === 'text' && (country === 'US' || country === 'UK')) out.push(TEXT_7726);
  if (channel === 'email' && country === 'UK') out.push(UK_PHISHING_INBOX);

  const platformStep = platform ? PLATFORM_DESTINATIONS[platform] : undefined;
  if (platformStep) out.push(platformStep);
  else if (scamType === 'romance' || (platform === 'other' && online)) out.push(DATING_APP);

  for (const brand of input.brands ?? []) {
    out.push({
      id: `brand-${brand.brand.toLowerCase()}`,
      kind: 'email',
      name: `${brand.brand} phishing reports`,
      address: brand.address,
      action: `If the message pretends to come from ${brand.brand}, forward it (or a screenshot of a text) to ${brand.address}.`,
    });
  }

  if (country === 'US') {
    out.push(FTC);
    if (online) out.push(IC3);
  } else if (country === 'UK') {
    out.push(ACTION_FRAUD);
  } else if (country === 'AU') {
    out.push(SCAMWATCH);
    if (online) out.push(REPORT_CYBER);
  } else if (country === 'CA') {
    out.push(CAFC);
  } else {
    out.push(LOCAL_POLICE);
  }
  return out;
}
