import type { Platform, ScamType } from '@redflag/contracts/scan';

/**
 * Where to report a scam, by its type, the channel it came through and the user's country.
 * Every address and link below was checked against the organisation's own public page; where we could not
 * find a page for the exact task we link the help centre's root and say so beside it. Nothing here is
 * guessed: a brand whose abuse address we could not confirm is simply not listed (decision 068).
 */

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

/** Types where money is usually lost online: these go to the FBI's IC3 (US) and ReportCyber (AU) as well. */
export const ONLINE_FRAUD_TYPES: ReadonlySet<ScamType> = new Set<ScamType>([
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
  'extortion',
  'fake_invoice',
  'recovery',
  'loan',
  'fake_shop',
  'payment_redirect',
]);

/**
 * A step of its own for the types where money leaves by bank transfer or card and speed decides whether it
 * comes back: the user's bank first, before any agency (issue #32: each new type has its report steps).
 */
export const YOUR_BANK: ReportDestination = {
  id: 'your-bank',
  kind: 'in-app',
  name: "Your bank's fraud line",
  action: 'If you already paid, call your bank now on the number on your card or in its app: a transfer or card payment stopped within hours can often be recalled.',
};

/** Extortion is a crime against you: the police first, and never pay. */
export const POLICE_EXTORTION: ReportDestination = {
  id: 'police-extortion',
  kind: 'in-app',
  name: 'The police',
  action: 'Report the threat to the police (online or on the non-emergency number), with the message and any payment address it gives. Do not pay and do not reply.',
};

/** The types whose first step is the user's bank. */
export const BANK_FIRST_TYPES: ReadonlySet<ScamType> = new Set<ScamType>(['payment_redirect', 'fake_invoice', 'recovery', 'loan', 'fake_shop', 'marketplace_overpayment']);

export const TEXT_7726: ReportDestination = {
  id: 'text-7726',
  kind: 'forward-text',
  name: 'Forward the text to 7726',
  address: '7726',
  action: 'Forward the text message to 7726 (it spells SPAM). It is free, and your mobile carrier uses it to block the sender.',
};

/** https://reportfraud.ftc.gov/ is the FTC's own reporting site. */
export const FTC: ReportDestination = {
  id: 'ftc',
  kind: 'website',
  name: 'FTC ReportFraud',
  url: 'https://reportfraud.ftc.gov/',
  action: 'Tell the Federal Trade Commission what happened. Reports help it spot and stop scams.',
};

/** https://www.ic3.gov/ is the FBI's Internet Crime Complaint Center. */
export const IC3: ReportDestination = {
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
export const ACTION_FRAUD: ReportDestination = {
  id: 'action-fraud',
  kind: 'website',
  name: 'Report Fraud (formerly Action Fraud)',
  url: 'https://www.reportfraud.police.uk/',
  action: "Report it to the UK's national fraud and cyber crime reporting service, especially if you lost money or were hacked.",
};

/** The NCSC's Suspicious Email Reporting Service, named on actionfraud.police.uk/reportscam. */
export const UK_PHISHING_INBOX: ReportDestination = {
  id: 'uk-phishing-inbox',
  kind: 'email',
  name: 'NCSC Suspicious Email Reporting Service',
  address: 'report@phishing.gov.uk',
  action: 'Forward the e-mail to report@phishing.gov.uk. The National Cyber Security Centre takes down the sites it links to.',
};

export const SCAMWATCH: ReportDestination = {
  id: 'scamwatch',
  kind: 'website',
  name: 'Scamwatch',
  url: 'https://www.scamwatch.gov.au/report-a-scam',
  action: "Report the scam to the National Anti-Scam Centre's Scamwatch so it can warn others.",
};

/** cyber.gov.au's "Report" page, where ReportCyber takes cybercrime reports. */
export const REPORT_CYBER: ReportDestination = {
  id: 'reportcyber',
  kind: 'website',
  name: 'ReportCyber',
  url: 'https://www.cyber.gov.au/report-and-recover/report',
  action: 'If you lost money or your accounts were taken over, report the cybercrime to police through ReportCyber.',
};

export const CAFC: ReportDestination = {
  id: 'cafc',
  kind: 'website',
  name: 'Canadian Anti-Fraud Centre',
  url: 'https://antifraudcentre-centreantifraude.ca/',
  action: 'Report the scam to the Canadian Anti-Fraud Centre, online or at 1-888-495-8501.',
};

export const LOCAL_POLICE: ReportDestination = {
  id: 'local-authority',
  kind: 'in-app',
  name: 'Your national fraud reporting service',
  action: "Report it to your country's fraud or consumer protection agency, and to the police if you lost money.",
};

/** The platform's own report page; users report from inside the app, these pages say where the button is. */
export const PLATFORM_DESTINATIONS: Partial<Record<Platform, ReportDestination>> = {
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

export const DATING_APP: ReportDestination = {
  id: 'platform-dating',
  kind: 'in-app',
  name: 'Report on the dating app or social network',
  action: "Use the app's own Report button on the person's profile so it can remove them before they reach others.",
};
