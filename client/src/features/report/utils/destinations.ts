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
  /** A number to call, shown as a tap-to-call link ("1930"). */
  phone?: string;
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
 * comes back: the user's bank first, before any agency (each new type has its report steps).
 */
export const YOUR_BANK: ReportDestination = {
  id: 'your-bank',
  kind: 'in-app',
  name: "Your bank's fraud line",
  action:
    'If you already paid, call your bank now on the number on your card or in its app: a transfer or card payment stopped within hours can often be recalled.',
};

/** Extortion is a crime against you: the police first, and never pay. */
export const POLICE_EXTORTION: ReportDestination = {
  id: 'police-extortion',
  kind: 'in-app',
  name: 'The police',
  action:
    'Report the threat to the police (online or on the non-emergency number), with the message and any payment address it gives. Do not pay and do not reply.',
};

/** The types whose first step is the user's bank. */
export const BANK_FIRST_TYPES: ReadonlySet<ScamType> = new Set<ScamType>([
  'payment_redirect',
  'fake_invoice',
  'recovery',
  'loan',
  'fake_shop',
  'marketplace_overpayment',
]);

export const TEXT_7726: ReportDestination = {
  id: 'text-7726',
  kind: 'forward-text',
  name: 'Forward the text to 7726',
  address: '7726',
  action:
    'Forward the text message to 7726 (it spells SPAM). It is free, and your mobile carrier uses it to block the sender.',
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
  action:
    "File a complaint with the FBI's Internet Crime Complaint Center, especially if you paid or shared account details.",
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
  action:
    "Report it to the UK's national fraud and cyber crime reporting service, especially if you lost money or were hacked.",
};

/** The NCSC's Suspicious Email Reporting Service, named on actionfraud.police.uk/reportscam. */
export const UK_PHISHING_INBOX: ReportDestination = {
  id: 'uk-phishing-inbox',
  kind: 'email',
  name: 'NCSC Suspicious Email Reporting Service',
  address: 'report@phishing.gov.uk',
  action:
    'Forward the e-mail to report@phishing.gov.uk. The National Cyber Security Centre takes down the sites it links to.',
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

/** The bank or wallet the message names: its own fraud line, reached by a number the person already trusts. */
export function institutionStep(name: string): ReportDestination {
  return {
    id: `institution-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    kind: 'in-app',
    name: `${name}'s fraud line`,
    action: `The message names ${name}. If you paid, shared a code or PIN, or signed in through a link, contact ${name} now through its own app, the number on your card or its official website, never a number or link from the message.`,
  };
}

// --- India ---------------------------------------------------------------------------------------------

/** The Ministry of Home Affairs' National Cyber Crime Reporting Portal; 1930 is its financial-fraud helpline. */
export const IN_CYBERCRIME: ReportDestination = {
  id: 'in-cybercrime',
  kind: 'website',
  name: 'National Cyber Crime Reporting Portal',
  url: 'https://cybercrime.gov.in/',
  phone: '1930',
  action:
    'If you lost money, call 1930 at once (the sooner, the likelier the bank can freeze it), then file a complaint on the portal.',
};

/** The Department of Telecommunications' Sanchar Saathi: Chakshu takes reports of fraud calls, texts and WhatsApp messages. */
export const IN_CHAKSHU: ReportDestination = {
  id: 'in-chakshu',
  kind: 'website',
  name: 'Sanchar Saathi: Chakshu',
  url: 'https://sancharsaathi.gov.in/sfc/',
  action: 'Report the fraud call, text or WhatsApp message on Chakshu so the number can be checked and cut off.',
};

/** TRAI's complaint number for unwanted calls and texts, taken by every Indian carrier. */
export const IN_TEXT_1909: ReportDestination = {
  id: 'in-1909',
  kind: 'forward-text',
  name: 'Complain to your carrier at 1909',
  address: '1909',
  action:
    "Send the text and the sender's number to 1909 (TRAI's complaint line for unwanted messages, free on every carrier), or use the TRAI DND app.",
};

// --- Nigeria -------------------------------------------------------------------------------------------

export const NG_EFCC: ReportDestination = {
  id: 'ng-efcc',
  kind: 'website',
  name: 'EFCC (Economic and Financial Crimes Commission)',
  url: 'https://www.efcc.gov.ng/',
  action:
    "Report the fraud to the EFCC, with the message, the sender's number and any account number it gave. If you paid, call your bank first.",
};

// --- Kenya ---------------------------------------------------------------------------------------------

export const KE_DCI: ReportDestination = {
  id: 'ke-dci',
  kind: 'website',
  name: 'Directorate of Criminal Investigations (DCI)',
  url: 'https://www.dci.go.ke/',
  phone: '0800 722 203',
  action:
    'Report the fraud to the DCI on its free #FichuaKwaDCI line, 0800 722 203, or at a police station if you lost money.',
};

/** Safaricom's free short code for fraud texts. */
export const KE_SAFARICOM_333: ReportDestination = {
  id: 'ke-333',
  kind: 'forward-text',
  name: 'Forward the text to 333 (Safaricom)',
  address: '333',
  action: 'On Safaricom, forward the fraud text to 333. It is free, and Safaricom uses it to block the sender.',
};

// --- Philippines ---------------------------------------------------------------------------------------

export const PH_CICC: ReportDestination = {
  id: 'ph-cicc',
  kind: 'website',
  name: 'CICC Inter-Agency Response Center',
  url: 'https://cicc.gov.ph/',
  phone: '1326',
  action: 'Report the scam text or call to the Cybercrime Investigation and Coordinating Center on its hotline 1326.',
};

export const PH_PNP_ACG: ReportDestination = {
  id: 'ph-pnp-acg',
  kind: 'website',
  name: 'PNP Anti-Cybercrime Group',
  url: 'https://acg.pnp.gov.ph/',
  action: 'If you lost money or your account was taken over, file a complaint with the police Anti-Cybercrime Group.',
};

// --- Singapore -----------------------------------------------------------------------------------------

export const SG_SCAMSHIELD: ReportDestination = {
  id: 'sg-scamshield',
  kind: 'website',
  name: 'ScamShield',
  url: 'https://www.scamshield.gov.sg/',
  phone: '1799',
  action: 'Report the scam to ScamShield, or call the ScamShield Helpline on 1799 if you are unsure or already paid.',
};

export const SG_POLICE: ReportDestination = {
  id: 'sg-police',
  kind: 'website',
  name: 'Singapore Police Force',
  url: 'https://www.police.gov.sg/',
  action: 'If you lost money, make a police report online, after calling your bank to stop the transfer.',
};

// --- South Africa --------------------------------------------------------------------------------------

export const ZA_SAPS: ReportDestination = {
  id: 'za-saps',
  kind: 'website',
  name: 'South African Police Service',
  url: 'https://www.saps.gov.za/',
  phone: '08600 10111',
  action: 'Report the fraud to the police at a station or to Crime Stop on 08600 10111, especially if you lost money.',
};

/** The South African Banking Risk Information Centre: the banks' own fraud advice and their numbers. */
export const ZA_SABRIC: ReportDestination = {
  id: 'za-sabric',
  kind: 'website',
  name: 'SABRIC',
  url: 'https://www.sabric.co.za/',
  action:
    "If you paid or shared a one-time PIN, call your bank's fraud line first; SABRIC, the banks' risk centre, explains what to do next.",
};

// --- Ireland -------------------------------------------------------------------------------------------

export const IE_GARDA: ReportDestination = {
  id: 'ie-garda',
  kind: 'website',
  name: 'An Garda Síochána',
  url: 'https://www.garda.ie/',
  action:
    'Report the fraud to the Gardaí at your local station, especially if you lost money; call your bank first to stop the payment.',
};

// --- New Zealand ---------------------------------------------------------------------------------------

/** In New Zealand the Department of Internal Affairs runs 7726 for scam texts. */
export const NZ_TEXT_7726: ReportDestination = {
  id: 'nz-7726',
  kind: 'forward-text',
  name: 'Forward the text to 7726',
  address: '7726',
  action:
    'Forward the scam text to 7726. It is free, and the Department of Internal Affairs uses it to stop the sender.',
};

export const NZ_NETSAFE: ReportDestination = {
  id: 'nz-netsafe',
  kind: 'website',
  name: 'Netsafe',
  url: 'https://netsafe.org.nz/',
  phone: '0508 638 723',
  action: "Report the scam to Netsafe, New Zealand's online safety service, online or free on 0508 638 723.",
};

export const NZ_POLICE: ReportDestination = {
  id: 'nz-police',
  kind: 'website',
  name: 'New Zealand Police',
  url: 'https://www.police.govt.nz/',
  phone: '105',
  action:
    'If you lost money, report it to the police online or on the non-emergency number 105, after calling your bank.',
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
    action:
      "Open the listing or the person's profile, choose the three dots, then Report. The link is Facebook's Help Centre.",
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
