import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The user's country for reporting. Where a person should report depends on where they live, which a
 * scam message usually gives away (it is written for people there): the sender's number, numbers and
 * amounts in the text, the banks, wallets and agencies it names and its links' country domains. The user's
 * own choice, once made, wins and is remembered (ReportNextSteps). The browser's region comes last.
 */
export const REPORT_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'UK', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
  { value: 'CA', label: 'Canada' },
  { value: 'IN', label: 'India' },
  { value: 'IE', label: 'Ireland' },
  { value: 'KE', label: 'Kenya' },
  { value: 'NZ', label: 'New Zealand' },
  { value: 'NG', label: 'Nigeria' },
  { value: 'PH', label: 'Philippines' },
  { value: 'SG', label: 'Singapore' },
  { value: 'ZA', label: 'South Africa' },
  { value: 'other', label: 'Another country' },
] as const;
export type ReportCountry = (typeof REPORT_COUNTRIES)[number]['value'];
export type PlacedCountry = Exclude<ReportCountry, 'other'>;

export function isReportCountry(value: unknown): value is ReportCountry {
  return REPORT_COUNTRIES.some((c) => c.value === value);
}

export function countryLabel(country: ReportCountry): string {
  return REPORT_COUNTRIES.find((c) => c.value === country)?.label ?? 'Another country';
}

/** +1 is shared by the US, Canada and the Caribbean: an unplaceable +1 number is taken as US, the largest. */
const CALLING_CODE_REGION: Record<string, string> = {
  '1': 'US',
  '44': 'GB',
  '61': 'AU',
  '91': 'IN',
  '234': 'NG',
  '254': 'KE',
  '63': 'PH',
  '65': 'SG',
  '27': 'ZA',
  '353': 'IE',
  '64': 'NZ',
};

const ISO_TO_REPORT_COUNTRY: Record<string, PlacedCountry> = {
  US: 'US',
  GB: 'UK',
  AU: 'AU',
  CA: 'CA',
  IN: 'IN',
  NG: 'NG',
  KE: 'KE',
  PH: 'PH',
  SG: 'SG',
  ZA: 'ZA',
  IE: 'IE',
  NZ: 'NZ',
};

/** The report country of an ISO 3166 region code; territories that share +1 but are not US/CA count as other. */
export function reportCountryFromRegion(region: string | null | undefined): ReportCountry | null {
  if (!region) return null;
  const code = region.toUpperCase();
  if (code === 'UK') return 'UK';
  return ISO_TO_REPORT_COUNTRY[code] ?? 'other';
}

/** The country of one international number (+44…, 0044…), or null for a national one. */
function countryOfInternationalNumber(raw: string): ReportCountry | null {
  const trimmed = raw.trim();
  const international = trimmed.startsWith('+') ? trimmed : trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : null;
  if (!international) return null;
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed) return null;
  // A number outside the numbering plan (scammers' and test numbers often are) still names its country code.
  return reportCountryFromRegion(parsed.country ?? CALLING_CODE_REGION[parsed.countryCallingCode] ?? 'ZZ');
}

/**
 * The sender's country from their number: the engine's own finding first, else the number as typed
 * (international format only; a national number says nothing about the country without a guess).
 */
export function countryFromPhone(
  phone: string | null | undefined,
  engineCountry?: string | null,
): ReportCountry | null {
  const fromEngine = reportCountryFromRegion(engineCountry);
  if (fromEngine) return fromEngine;
  if (!phone) return null;
  return countryOfInternationalNumber(phone);
}

/** The browser's region (en-GB -> UK); a language without a region, or an unknown one, is "other". */
export function countryFromLocale(locale: string | null | undefined): ReportCountry {
  if (!locale) return 'other';
  let region: string | undefined;
  try {
    // maximize() would guess a region for a bare language (en -> US); only an explicit region counts.
    region = new Intl.Locale(locale).region;
  } catch {
    region = undefined;
  }
  return reportCountryFromRegion(region) ?? 'other';
}

// --- Evidence in the message ------------------------------------------------------------------------------

/** A bank or wallet a person may need to call: the report steps name it ("GCash's fraud line"). */
export interface Institution {
  name: string;
  country: PlacedCountry;
}

interface Clue {
  country: PlacedCountry;
  /** What the user is told the country was read from ("₹", "UPI", "a +91 number"). */
  label: string;
  pattern: RegExp;
  /** 2: says the country on its own; 1: only together with another clue. */
  weight: 1 | 2;
  /** Set for a bank or wallet: the name of its fraud-line step. */
  institution?: string;
}

const word = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${w})(?![\\p{L}\\p{N}])`, 'iu');
/** Acronyms match in capitals only ("SSS", "LTO"), so common words do not count. */
const acronym = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${w})(?![\\p{L}\\p{N}])`, 'u');

const clue = (country: PlacedCountry, label: string, pattern: RegExp, weight: 1 | 2 = 2): Clue => ({
  country,
  label,
  pattern,
  weight,
});
const bank = (country: PlacedCountry, name: string, pattern: RegExp = word(name)): Clue => ({
  country,
  label: name,
  pattern,
  weight: 2,
  institution: name,
});

/**
 * Currencies, banks, wallets and government bodies that belong to one country. Names shared by two countries
 * (ANZ, Westpac, Medicare, Revolut, HSBC) are left out: they would point the wrong way as often as not.
 */
const CLUES: readonly Clue[] = [
  // India
  clue('IN', '₹', /₹/u),
  clue('IN', 'INR', /(?<![\p{L}])INR\s?\d/u),
  // Rs. and rupees are also Pakistan's and Sri Lanka's: they count only beside another clue.
  clue('IN', 'Rs.', /(?<![\p{L}])Rs\.?\s?\d/u, 1),
  clue('IN', 'rupees', word('rupees?'), 1),
  clue('IN', 'UPI', acronym('UPI')),
  clue('IN', 'Aadhaar', word('aadhaar|aadhar')),
  clue('IN', 'PAN card', word('pan card')),
  clue('IN', 'India Post', word('india ?post')),
  clue('IN', 'TRAI', acronym('TRAI')),
  clue('IN', 'EPFO', acronym('EPFO')),
  bank('IN', 'Paytm'),
  bank('IN', 'PhonePe'),
  bank('IN', 'SBI', /(?<![\p{L}])(?:SBI|State Bank of India)(?![\p{L}])/u),
  bank('IN', 'HDFC Bank', /(?<![\p{L}])HDFC(?![\p{L}])/u),
  bank('IN', 'ICICI Bank', /(?<![\p{L}])ICICI(?![\p{L}])/u),
  bank('IN', 'Axis Bank', word('axis bank')),
  bank('IN', 'Kotak', word('kotak')),
  // Nigeria
  clue('NG', '₦', /₦/u),
  clue('NG', 'naira', /(?<![\p{L}])(?:ngn\s?\d|naira)(?![\p{L}])/iu),
  clue('NG', 'BVN', acronym('BVN')),
  clue('NG', 'NIN', acronym('NIN')),
  clue('NG', 'EFCC', acronym('EFCC')),
  clue('NG', 'NIMC', acronym('NIMC')),
  clue('NG', 'FIRS', acronym('FIRS')),
  bank('NG', 'GTBank', /(?<![\p{L}])(?:GTBank|GTB|Guaranty Trust)(?![\p{L}])/u),
  bank('NG', 'Access Bank', word('access bank')),
  bank('NG', 'Zenith Bank', word('zenith bank')),
  bank('NG', 'First Bank', word('first ?bank of nigeria|firstbank')),
  bank('NG', 'UBA', acronym('UBA')),
  bank('NG', 'OPay', word('opay')),
  bank('NG', 'PalmPay', word('palmpay')),
  bank('NG', 'Moniepoint', word('moniepoint')),
  // Kenya
  clue('KE', 'KSh', /(?<![\p{L}])(?:ksh|kes)\.?\s?\d/iu),
  clue('KE', 'KRA', acronym('KRA')),
  clue('KE', 'Huduma', word('huduma')),
  clue('KE', 'eCitizen', word('ecitizen')),
  clue('KE', 'NTSA', acronym('NTSA')),
  clue('KE', 'HELB', acronym('HELB')),
  bank('KE', 'M-Pesa', word('m-?pesa')),
  bank('KE', 'Safaricom', word('safaricom')),
  bank('KE', 'Fuliza', word('fuliza')),
  bank('KE', 'Equity Bank', word('equity bank')),
  bank('KE', 'KCB', acronym('KCB')),
  // Philippines
  clue('PH', '₱', /₱/u),
  clue('PH', 'pesos', /(?<![\p{L}])php\s?\d/iu, 2),
  clue('PH', 'PhilHealth', word('philhealth')),
  clue('PH', 'Pag-IBIG', word('pag-?ibig')),
  clue('PH', 'SSS', acronym('SSS'), 1),
  clue('PH', 'LTO', acronym('LTO'), 1),
  clue('PH', 'PhilPost', word('philpost')),
  bank('PH', 'GCash'),
  bank('PH', 'Maya', word('paymaya|maya wallet')),
  bank('PH', 'BDO', acronym('BDO')),
  bank('PH', 'BPI', acronym('BPI')),
  bank('PH', 'Metrobank', word('metrobank')),
  bank('PH', 'Landbank', word('land ?bank')),
  bank('PH', 'UnionBank', word('union ?bank of the philippines|unionbank')),
  // Singapore
  clue('SG', 'S$', /(?<![\p{L}])(?:S\$|SGD\s?)\d/u),
  clue('SG', 'Singpass', word('singpass')),
  clue('SG', 'CPF', acronym('CPF'), 1),
  clue('SG', 'IRAS', acronym('IRAS')),
  clue('SG', 'SingPost', word('singpost')),
  clue('SG', 'PayNow', word('paynow')),
  bank('SG', 'DBS', acronym('DBS')),
  bank('SG', 'POSB', acronym('POSB')),
  bank('SG', 'OCBC', acronym('OCBC')),
  bank('SG', 'UOB', acronym('UOB')),
  // South Africa
  clue(
    'ZA',
    'rand',
    /(?<![\p{L}])(?:ZAR\s?\d|R\s?\d{2,3}(?:[ ,]\d{3})*(?:[.,]\d{2})?(?![\p{L}\p{N}]))|(?<![\p{L}])rand(?![\p{L}])/u,
    1,
  ),
  clue('ZA', 'SARS', acronym('SARS')),
  clue('ZA', 'SASSA', acronym('SASSA')),
  bank('ZA', 'Capitec', word('capitec')),
  bank('ZA', 'FNB', acronym('FNB')),
  bank('ZA', 'Absa', word('absa')),
  bank('ZA', 'Standard Bank', word('standard bank')),
  bank('ZA', 'Nedbank', word('nedbank')),
  // Ireland
  clue('IE', 'PPS number', word('pps ?n(?:o|umber)')),
  clue('IE', 'An Post', word('an post')),
  clue('IE', 'eFlow', word('eflow')),
  clue('IE', 'Garda', word('garda')),
  clue('IE', 'MyGovID', word('mygovid')),
  clue('IE', 'Revenue.ie', word('revenue\\.ie')),
  bank('IE', 'AIB', acronym('AIB')),
  bank('IE', 'Bank of Ireland', word('bank of ireland')),
  bank('IE', 'PTSB', /(?<![\p{L}])(?:PTSB|Permanent TSB)(?![\p{L}])/u),
  // New Zealand
  clue('NZ', 'NZ$', /(?<![\p{L}])(?:NZ\$|NZD\s?)\d/u),
  clue('NZ', 'NZ Post', word('nz ?post')),
  clue('NZ', 'Inland Revenue', word('inland revenue'), 1),
  clue('NZ', 'IRD', acronym('IRD')),
  clue('NZ', 'Waka Kotahi', word('waka kotahi|nzta')),
  bank('NZ', 'Kiwibank', word('kiwibank')),
  bank('NZ', 'BNZ', acronym('BNZ')),
  bank('NZ', 'ASB', acronym('ASB')),
  // Today's four, so their messages are placed as surely as the others.
  clue('UK', '£', /£/u, 1),
  clue('UK', 'HMRC', acronym('HMRC')),
  clue('UK', 'Royal Mail', word('royal mail')),
  clue('UK', 'DVLA', acronym('DVLA')),
  clue('UK', 'NHS', acronym('NHS')),
  clue('UK', 'Evri', word('evri')),
  clue('US', 'USPS', acronym('USPS')),
  clue('US', 'IRS', acronym('IRS')),
  clue('US', 'E-ZPass', word('e-?zpass')),
  clue('US', 'Social Security', word('social security')),
  clue('US', 'Zelle', word('zelle')),
  clue('US', 'Venmo', word('venmo')),
  clue('US', 'Cash App', word('cash ?app')),
  clue('AU', 'A$', /(?<![\p{L}])(?:A\$|AUD\s?)\d/u),
  clue('AU', 'myGov', word('mygov')),
  clue('AU', 'ATO', acronym('ATO')),
  clue('AU', 'Australia Post', word('australia ?post|auspost')),
  clue('AU', 'Linkt', word('linkt')),
  bank('AU', 'CommBank', word('commbank|commonwealth bank')),
  clue('CA', 'C$', /(?<![\p{L}])(?:C\$|CAD\s?)\d/u),
  clue('CA', 'Canada Post', word('canada post')),
  clue('CA', 'CRA', acronym('CRA')),
  clue('CA', 'Interac', word('interac')),
  clue('CA', 'Service Canada', word('service canada')),
];

/** Country domains of links in the message (.co.in, .gov.ng, .ie …). */
const TLD_COUNTRY: Record<string, PlacedCountry> = {
  in: 'IN',
  ng: 'NG',
  ke: 'KE',
  ph: 'PH',
  sg: 'SG',
  za: 'ZA',
  ie: 'IE',
  nz: 'NZ',
  uk: 'UK',
  au: 'AU',
  ca: 'CA',
};

/** International numbers written in the text (+91 98…, 00234 80…). */
const NUMBER_IN_TEXT = /(?<![\p{N}])(?:\+|00)\d[\d ()-]{6,17}\d/gu;

export interface CountryEvidence {
  country: PlacedCountry;
  /** What it was read from, for the line under the country choice. */
  labels: string[];
}

/** The country the message points to, or null when nothing (or two countries equally) does. */
export function countryFromMessage(message: string, links: readonly string[] = []): CountryEvidence | null {
  const score = new Map<PlacedCountry, { points: number; labels: string[] }>();
  const add = (country: ReportCountry | null, label: string, points: number) => {
    if (!country || country === 'other') return;
    const entry = score.get(country) ?? { points: 0, labels: [] };
    if (entry.labels.includes(label)) return;
    entry.points += points;
    entry.labels.push(label);
    score.set(country, entry);
  };
  for (const c of CLUES) if (c.pattern.test(message)) add(c.country, c.label, c.weight);
  for (const match of message.matchAll(NUMBER_IN_TEXT)) {
    const country = countryOfInternationalNumber(match[0].replace(/[ ()-]/g, ''));
    if (country && country !== 'other') add(country, `a +${CALLING_CODE_OF[country]} number`, 2);
  }
  for (const link of links) {
    let host = '';
    try {
      host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link}`).hostname;
    } catch {
      continue;
    }
    const tld = host.split('.').pop() ?? '';
    const country = TLD_COUNTRY[tld];
    if (country) add(country, `.${tld} links`, 1);
  }
  const ranked = [...score.entries()].sort((a, b) => b[1].points - a[1].points);
  const [best, second] = ranked;
  if (!best || best[1].points < 2) return null;
  if (second && second[1].points === best[1].points) return null;
  return { country: best[0], labels: best[1].labels };
}

const CALLING_CODE_OF: Record<PlacedCountry, string> = {
  US: '1',
  CA: '1',
  UK: '44',
  AU: '61',
  IN: '91',
  NG: '234',
  KE: '254',
  PH: '63',
  SG: '65',
  ZA: '27',
  IE: '353',
  NZ: '64',
};

/** The banks and wallets the message names (at most two), for their own "call its fraud line" step. */
export function namedInstitutions(message: string): Institution[] {
  const out: Institution[] = [];
  for (const c of CLUES) {
    if (!c.institution || !c.pattern.test(message)) continue;
    if (!out.some((i) => i.name === c.institution)) out.push({ name: c.institution, country: c.country });
    if (out.length === 2) break;
  }
  return out;
}

export type CountrySource = 'remembered' | 'sender' | 'message' | 'locale';

export interface CountryChoice {
  country: ReportCountry;
  source: CountrySource;
  /** For `message`: what it was read from. */
  labels: string[];
}

export interface CountryInput {
  /** The user's own earlier choice (browser storage). */
  remembered?: string | null;
  phone?: string | null;
  engineCountry?: string | null;
  message?: string | null;
  links?: readonly string[];
  locale?: string | null;
}

const EURO = /€|(?<![\p{L}])(?:EUR|euros?)(?![\p{L}])/iu;

/** The user's remembered choice, else the sender's number, else the message's clues, else the browser. */
export function chooseCountry(input: CountryInput): CountryChoice {
  if (isReportCountry(input.remembered)) return { country: input.remembered, source: 'remembered', labels: [] };
  const sender = countryFromPhone(input.phone, input.engineCountry);
  if (sender && sender !== 'other') return { country: sender, source: 'sender', labels: [] };
  const fromMessage = input.message ? countryFromMessage(input.message, input.links) : null;
  if (fromMessage) return { country: fromMessage.country, source: 'message', labels: fromMessage.labels };
  if (sender) return { country: sender, source: 'sender', labels: [] };
  // Euros with nothing placing the message in Ireland: a country without its own steps here, not the browser's.
  const euro = input.message ? EURO.exec(input.message) : null;
  if (euro) return { country: 'other', source: 'message', labels: [euro[0].includes('€') ? '€' : 'euros'] };
  return { country: countryFromLocale(input.locale), source: 'locale', labels: [] };
}

export function initialCountry(
  phone: string | null | undefined,
  engineCountry: string | null | undefined,
  locale: string | null | undefined,
): ReportCountry {
  return chooseCountry({ phone, engineCountry, locale }).country;
}
