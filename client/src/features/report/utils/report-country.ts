import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The user's country for reporting: from the sender's number, the engine's guess or the browser's locale. */
export const REPORT_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'UK', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
  { value: 'CA', label: 'Canada' },
  { value: 'other', label: 'Another country' },
] as const;
export type ReportCountry = (typeof REPORT_COUNTRIES)[number]['value'];

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

