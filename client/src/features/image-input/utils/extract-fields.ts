import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/min';
import type { Platform } from '@redflag/contracts/scan';

/** What the review pre-fills from the text read in a screenshot. */
export interface ExtractedFields {
  phoneNumber?: string;
  email?: string;
  links: string[];
  platform?: Platform;
}

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'()]+/gi;

/**
 * The app or inbox a screenshot came from, from words its screen shows (a chat header, an e-mail's
 * From/Subject lines). Only when one answer is clear; otherwise the user picks.
 */
function platformOf(text: string): Platform | undefined {
  const found = new Set<Platform>();
  if (/\bwhats ?app\b/i.test(text)) found.add('whatsapp');
  if (/\bmarketplace\b/i.test(text)) found.add('facebook');
  if (/\bofferup\b/i.test(text)) found.add('offerup');
  if (/\bcraigslist\b/i.test(text)) found.add('craigslist');
  if (/\betsy\b/i.test(text) && /\b(?:order|shop|buyer|seller)\b/i.test(text)) found.add('etsy');
  if (/^\s*(?:from|de|von)\s*:/im.test(text) && /^\s*(?:subject|asunto|assunto|objet|betreff|subjek)\s*:/im.test(text))
    found.add('email');
  if (/\b(?:text message|imessage|sms)\b/i.test(text)) found.add('sms');
  return found.size === 1 ? [...found][0] : undefined;
}

const trimLink = (s: string) => s.replace(/[.,;:!?]+$/, '');

/** Phone number, e-mail address, links and platform found in a screenshot's text. */
export function extractFields(text: string, defaultCountry?: CountryCode): ExtractedFields {
  const out: ExtractedFields = { links: [...new Set((text.match(LINK) ?? []).map(trimLink))] };
  const email = text.match(EMAIL)?.[0];
  if (email) out.email = email;
  // An e-mail address or a link is not a phone number even when it holds digits.
  const withoutAddresses = text.replace(EMAIL, ' ').replace(LINK, ' ');
  const phone = findPhoneNumbersInText(withoutAddresses, defaultCountry ? { defaultCountry } : undefined)[0];
  if (phone) out.phoneNumber = phone.number.formatInternational();
  const platform = platformOf(text);
  if (platform) out.platform = platform;
  return out;
}

/** The country the browser's language names (en-GB -> GB), to read a local number without its +code. */
export function countryFromLocale(locale: string | undefined): CountryCode | undefined {
  const region = locale?.match(/[-_]([A-Z]{2})\b/i)?.[1]?.toUpperCase();
  return region ? (region as CountryCode) : undefined;
}
