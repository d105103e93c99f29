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
  IE_GARDA,
  IN_CHAKSHU,
  IN_CYBERCRIME,
  IN_TEXT_1909,
  institutionStep,
  KE_DCI,
  KE_SAFARICOM_333,
  LOCAL_POLICE,
  NG_EFCC,
  NZ_NETSAFE,
  NZ_POLICE,
  NZ_TEXT_7726,
  ONLINE_FRAUD_TYPES,
  PH_CICC,
  PH_PNP_ACG,
  PLATFORM_DESTINATIONS,
  POLICE_EXTORTION,
  REPORT_CYBER,
  SCAMWATCH,
  SG_POLICE,
  SG_SCAMSHIELD,
  TEXT_7726,
  UK_PHISHING_INBOX,
  YOUR_BANK,
  ZA_SABRIC,
  ZA_SAPS,
  type ReportDestination,
} from './destinations';
import type { Institution, ReportCountry } from './report-country';

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
  /** Banks and wallets the message names (report-country.ts): each gets its own fraud-line step. */
  institutions?: readonly Institution[];
}

/** The destinations for one scan, most direct first: the channel, the platform, the brand, then the country. */
export function nextSteps(input: NextStepsInput): ReportDestination[] {
  const { scamType, platform, country } = input;
  const channel = channelOf(platform, scamType, { phone: input.senderPhone, email: input.senderEmail });
  const online = Boolean(scamType && ONLINE_FRAUD_TYPES.has(scamType)) || channel === 'marketplace';
  const out: ReportDestination[] = [];
  if (scamType && BANK_FIRST_TYPES.has(scamType)) out.push(YOUR_BANK);
  if (scamType === 'extortion') out.push(POLICE_EXTORTION);

  // The bank or wallet the message names, by name, in the place of the general "your bank" step.
  const institutions = input.institutions ?? [];
  if (institutions.length > 0) {
    const at = out.indexOf(YOUR_BANK);
    const named = institutions.map((i) => institutionStep(i.name));
    if (at >= 0) out.splice(at, 1, ...named);
    else out.push(...named);
  }

  // 7726 is run by the carriers in the US and the UK and by the DIA in New Zealand; elsewhere the carriers'
  // own short code, where there is one (India's 1909, Safaricom's 333).
  if (channel === 'text') {
    if (country === 'US' || country === 'UK') out.push(TEXT_7726);
    else if (country === 'NZ') out.push(NZ_TEXT_7726);
    else if (country === 'IN') out.push(IN_TEXT_1909);
    else if (country === 'KE') out.push(KE_SAFARICOM_333);
  }
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
  } else if (country === 'IN') {
    out.push(IN_CYBERCRIME, IN_CHAKSHU);
  } else if (country === 'NG') {
    out.push(NG_EFCC);
  } else if (country === 'KE') {
    out.push(KE_DCI);
  } else if (country === 'PH') {
    out.push(PH_CICC);
    if (online) out.push(PH_PNP_ACG);
  } else if (country === 'SG') {
    out.push(SG_SCAMSHIELD);
    if (online) out.push(SG_POLICE);
  } else if (country === 'ZA') {
    out.push(ZA_SAPS);
    if (online) out.push(ZA_SABRIC);
  } else if (country === 'IE') {
    out.push(IE_GARDA);
  } else if (country === 'NZ') {
    out.push(NZ_NETSAFE);
    if (online) out.push(NZ_POLICE);
  } else {
    out.push(LOCAL_POLICE);
  }
  return out;
}
