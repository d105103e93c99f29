import type { Platform, ScamType } from '@redflag/contracts/scan';
import { MARKETPLACE_PLATFORMS } from '@redflag/contracts/platforms';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Where to report a scam, by its type, the channel it came through and the user's country.
 * Every address and link below was checked against the organisation's own public page; where we could not
 * find a page for the exact task we link the help centre's root and say so beside it. Nothing here is
 * guessed: a brand whose abuse address we could not confirm is simply not listed (decision 068).
 */

export const REPORT_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'UK', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
  { value: 'CA', label: 'Canada' },
  { value: 'other', label: 'Another country' },
] as const;
export type ReportCountry = (typeof REPORT_COUNTRIES)[number]['value'];

export type DestinationKind = 'forward-text' | 'website' | 'email' | 'in-app';

export interface ReportDestination {
  id: string;
  kind: DestinationKind;
  name: string;
  /** One sentence: what to do there. */
  action: string;
  /** https:// page to open, for `website` and (as the how-to page) for `in-app`. */
  url?: string;
  /** A short code (7726) or an e-mail address, shown so it can be typed or copied. */
  address?: string;
}

/** +1 is shared by the US, Canada and the Caribbean: an unplaceable +1 number is taken as US, the largest. */
const CALLING_CODE_REGION: Record<string, string> = { '1': 'US', '44': 'GB', '61': 'AU' };

const ISO_TO_REPORT_COUNTRY: Record<string, ReportCountry> = { US: 'US', GB: 'UK', AU: 'AU', CA: 'CA' };

/** The report country of an ISO 3166 region code; territories that share +1 but are not US/CA count as other. */
export function reportCountryFromRegion(region: string | null | undefined): ReportCountry | null {
  if (!region) return null;
  const code = region.toUpperCase();
  if (code === 'UK') return 'UK';
  return ISO_TO_REPORT_COUNTRY[code] ?? 'other';
}

/**
 * The sender's country from their number: the engine's own finding first, else the number as typed
 * (international format only; a national number says nothing about the country without a guess).
 */
export function countryFromPhone(phone: string | null | undefined, engineCountry?: string | null): ReportCountry | null {
  const fromEngine = reportCountryFromRegion(engineCountry);
  if (fromEngine) return fromEngine;
  if (!phone) return null;
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+') ? trimmed : trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : null;
  if (!international) return null;
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed) return null;
  // A number outside the numbering plan (scammers' and test numbers often are) still names its country code.
  return reportCountryFromRegion(parsed.country ?? CALLING_CODE_REGION[parsed.countryCallingCode] ?? 'ZZ');
}

/** The browser's region (en-GB -> UK); a language without a region, or an unknown one, is "other". */
export function countryFromLocale(locale: string | null | undefined): ReportCountry {
  if (!locale) return 'other';
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
    // maximize() guesses a region for a bare language (en -> US); only an explicit region counts.
    if (!new Intl.Locale(locale).region) region = undefined;
  } catch {
    region = undefined;
  }
  return reportCountryFromRegion(region) ?? 'other';
}

export function initialCountry(phone: string | null | undefined, engineCountry: string | null | undefined, locale: string | null | undefined): ReportCountry {
  return countryFromPhone(phone, engineCountry) ?? countryFromLocale(locale);
}

/** The channel the message came through: texts go to 7726, e-mails to the national phishing inbox. */
export type Channel = 'text' | 'email' | 'chat' | 'marketplace' | 'unknown';


export function channelOf(platform: Platform | null | undefined, scamType: ScamType | null | undefined, sender: { phone?: string | null; email?: string | null }): Channel {
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

/** Types where money is usually lost online: these go to the FBI's IC3 (US) and ReportCyber (AU) as well. */
const ONLINE_FRAUD_TYPES: ReadonlySet<ScamType> = new Set<ScamType>([
  'marketplace_overpayment',
  'marketplace_verification_code',
  'fake_payment_confirmation',
  'advance_fee',
  'prize_lottery',
  'romance',
  'crypto_investment',
  'job_task',
  'tech_support',
  'family_emergency',
]);

const TEXT_7726: ReportDestination = {
  id: 'text-7726',
  kind: 'forward-text',
  name: 'Forward the text to 7726',
  address: '7726',
  action: 'Forward the text message to 7726 (it spells SPAM). It is free, and your mobile carrier uses it to block the sender.',
};

/** https://reportfraud.ftc.gov/ is the FTC's own reporting site. */
const FTC: ReportDestination = {
  id: 'ftc',
  kind: 'website',
  name: 'FTC ReportFraud',
  url: 'https://reportfraud.ftc.gov/',
  action: 'Tell the Federal Trade Commission what happened. Reports help it spot and stop scams.',
};

/** https://www.ic3.gov/ is the FBI's Internet Crime Complaint Center. */
const IC3: ReportDestination = {
  id: 'ic3',
  kind: 'website',
  name: 'FBI IC3',
  url: 'https://www.ic3.gov/',
  action: "File a complaint with the FBI's Internet Crime Complaint Center, especially if you paid or shared account details.",
};

/**
 * Action Fraud became "Report Fraud" (reportfraud.police.uk) in 2025; its page "How to report suspicious
 * activity" also gives 7726 for texts and report@phishing.gov.uk for e-mails.
 */
const ACTION_FRAUD: ReportDestination = {
  id: 'action-fraud',
  kind: 'website',
  name: 'Report Fraud (formerly Action Fraud)',
  url: 'https://www.reportfraud.police.uk/',
  action: "Report it to the UK's national fraud and cyber crime reporting service, especially if you lost money or were hacked.",
};

/** The NCSC's Suspicious Email Reporting Service, named on actionfraud.police.uk/reportscam. */
const UK_PHISHING_INBOX: ReportDestination = {
  id: 'uk-phishing-inbox',
  kind: 'email',
  name: 'NCSC Suspicious Email Reporting Service',
  address: 'report@phishing.gov.uk',
  action: 'Forward the e-mail to report@phishing.gov.uk. The National Cyber Security Centre takes down the sites it links to.',
};

const SCAMWATCH: ReportDestination = {
  id: 'scamwatch',
  kind: 'website',
  name: 'Scamwatch',
  url: 'https://www.scamwatch.gov.au/report-a-scam',
  action: "Report the scam to the National Anti-Scam Centre's Scamwatch so it can warn others.",
};

/** cyber.gov.au's "Report" page, where ReportCyber takes cybercrime reports. */
const REPORT_CYBER: ReportDestination = {
  id: 'reportcyber',
  kind: 'website',
  name: 'ReportCyber',
  url: 'https://www.cyber.gov.au/report-and-recover/report',
  action: 'If you lost money or your accounts were taken over, report the cybercrime to police through ReportCyber.',
};

const CAFC: ReportDestination = {
  id: 'cafc',
  kind: 'website',
  name: 'Canadian Anti-Fraud Centre',
  url: 'https://antifraudcentre-centreantifraude.ca/',
  action: 'Report the scam to the Canadian Anti-Fraud Centre, online or at 1-888-495-8501.',
};

const LOCAL_POLICE: ReportDestination = {
  id: 'local-authority',
  kind: 'in-app',
  name: 'Your national fraud reporting service',
  action: "Report it to your country's fraud or consumer protection agency, and to the police if you lost money.",
};

/** The platform's own report page; users report from inside the app, these pages say where the button is. */
const PLATFORM_DESTINATIONS: Partial<Record<Platform, ReportDestination>> = {
  // No Help Centre article for Marketplace reporting could be confirmed: this is the Help Centre's root.
  facebook: {
    id: 'platform-facebook',
    kind: 'in-app',
    name: 'Report on Facebook Marketplace',
    url: 'https://www.facebook.com/help/',
    action: "Open the listing or the person's profile, choose the three dots, then Report. The link is Facebook's Help Centre.",
  },
  craigslist: {
    id: 'platform-craigslist',
    kind: 'in-app',
    name: 'Report on Craigslist',
    url: 'https://www.craigslist.org/about/scams',
    action: 'Flag the post as prohibited, and send Craigslist the details from its scams page.',
  },
  offerup: {
    id: 'platform-offerup',
    kind: 'in-app',
    name: 'Report on OfferUp',
    url: 'https://help.offerup.com/hc/en-us/articles/360032336271-How-to-report-a-user',
    action: "Open the user's profile, choose the three dots, then Report, and block them.",
  },
  // eBay's page for scam messages pretending to be eBay, which also gives spoof@ebay.com.
  ebay: {
    id: 'platform-ebay',
    kind: 'in-app',
    name: 'Report on eBay',
    url: 'https://www.ebay.com/help/account/protecting-account/recognising-spoof-emails?id=4195',
    action: 'Report the member or message inside eBay; forward fake eBay e-mails as an attachment to spoof@ebay.com.',
  },
  etsy: {
    id: 'platform-etsy',
    kind: 'in-app',
    name: 'Report on Etsy',
    url: 'https://help.etsy.com/hc/en-us/articles/360000343128-Suspicious-Messages',
    action: 'Open the message in Etsy and choose Mark as Spam; do not reply.',
  },
  whatsapp: {
    id: 'platform-whatsapp',
    kind: 'in-app',
    name: 'Report on WhatsApp',
    url: 'https://faq.whatsapp.com/414631957536067',
    action: "Open the chat, tap the sender's name, then Report and Block. WhatsApp receives their last five messages.",
  },
};

const DATING_APP: ReportDestination = {
  id: 'platform-dating',
  kind: 'in-app',
  name: 'Report on the dating app or social network',
  action: "Use the app's own Report button on the person's profile so it can remove them before they reach others.",
};

/**
 * Brands whose phishing inbox we confirmed on the brand's (or a government's) own page. Matching is on
 * whole words of the message and on the look-alike brand the engine found in a link or sender address.
 */
export interface BrandContact {
  brand: string;
  words: readonly string[];
  address: string;
}

export const BRAND_CONTACTS: readonly BrandContact[] = [
  // apple.com/legal/more-resources/phishing and Apple Support: "send it to reportphishing@apple.com".
  { brand: 'Apple', words: ['apple', 'apple id', 'icloud', 'itunes', 'apple pay'], address: 'reportphishing@apple.com' },
  // PayPal's current help pages say phishing@paypal.com (older pages said spoof@paypal.com).
  { brand: 'PayPal', words: ['paypal'], address: 'phishing@paypal.com' },
  // Microsoft Learn, "Report messages to Microsoft": phish@office365.microsoft.com takes missed phishing.
  { brand: 'Microsoft', words: ['microsoft', 'office 365', 'office365', 'hotmail', 'onedrive'], address: 'phish@office365.microsoft.com' },
  // aws.amazon.com/security/report-suspicious-emails and Amazon's scam-prevention page: reportascam@amazon.com.
  { brand: 'Amazon', words: ['amazon', 'amazon prime'], address: 'reportascam@amazon.com' },
  // ebay.com/help ... recognising-spoof-emails: "Forward the message to us as an attachment at spoof@ebay.com".
  { brand: 'eBay', words: ['ebay'], address: 'spoof@ebay.com' },
];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Brands the message pretends to be, by name in the text or as the look-alike the engine found. */
export function impersonatedBrands(input: { message: string; lookalikes?: readonly (string | null | undefined)[] }): BrandContact[] {
  const text = input.message.toLowerCase();
  const named = new Set((input.lookalikes ?? []).filter((b): b is string => Boolean(b)).map((b) => b.toLowerCase()));
  return BRAND_CONTACTS.filter(
    (contact) =>
      [...named].some((name) => name === contact.brand.toLowerCase() || name.startsWith(`${contact.brand.toLowerCase()} `)) ||
      contact.words.some((word) => new RegExp(`(?<![a-z0-9])${escapeRe(word)}(?![a-z0-9])`).test(text)),
  );
}

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
