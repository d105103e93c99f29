/**
 * Phone intelligence, offline: libphonenumber's full metadata for validity, country and line type, and
 * the generated North American numbering table for the VoIP / app-number prior of US/Canadian numbers.
 */
import { parsePhoneNumberFromString, searchPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { PhoneAnalysis, Platform } from '@redflag/contracts/scan';
import type { NanpAnswer, NanpData } from './nanp.ts';
import { weightOf } from '../score/symbols.ts';

export type PhoneSignalId =
  | 'phone_invalid'
  | 'phone_voip'
  | 'phone_voip_wholesale'
  | 'phone_premium_rate'
  | 'phone_personal_number'
  | 'phone_unassigned_code'
  | 'phone_foreign_for_platform'
  | 'phone_country_mismatch'
  | 'phone_toll_free';

export interface PhoneSignal {
  id: PhoneSignalId;
  text: string;
  detail: string;
  weight: number;
}

export interface PhoneResult {
  analysis: PhoneAnalysis;
  signals: PhoneSignal[];
  nanp: NanpAnswer | null;
}

/** Platforms where both sides are normally local to each other (a foreign number is out of place). */
const LOCAL_PLATFORMS = new Set<Platform>(['craigslist', 'offerup', 'facebook']);
const NANP_COUNTRIES = new Set(['US', 'CA', 'PR', 'VI', 'GU', 'AS', 'MP']);

export interface PhoneContext {
  platform?: Platform | undefined;
  /** Country the message claims the sender is in (e.g. 'US' when it names the IRS or USPS). */
  claimedCountry?: string | null | undefined;
  nanp?: NanpData | null | undefined;
  defaultCountry?: CountryCode;
}

export function analyzePhone(input: string, ctx: PhoneContext = {}): PhoneResult {
  const analysis: PhoneAnalysis = {
    input,
    valid: false,
    e164: null,
    country: null,
    lineType: null,
    isVoip: null,
    carrier: null,
    notes: [],
  };
  const signals: PhoneSignal[] = [];
  const cleaned = input
    .replace(/[^\d+()\-.\s]/g, '')
    .replace(/^00/, '+')
    .slice(0, 40);
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(cleaned, ctx.defaultCountry ?? 'US');
  } catch {
    parsed = undefined;
  }
  if (!parsed || !parsed.isValid()) {
    analysis.notes.push('Not a valid phone number for any country we know.');
    if (/\d{4,}/.test(input))
      signals.push({
        id: 'phone_invalid',
        text: 'The phone number is not a valid, dialable number',
        detail: 'libphonenumber: invalid',
        weight: weightOf('phone_invalid'),
      });
    return { analysis, signals, nanp: null };
  }
  analysis.valid = true;
  analysis.e164 = parsed.number;
  analysis.country = parsed.country ?? null;
  const type = parsed.getType() ?? null;
  analysis.lineType = type;
  let nanp: NanpAnswer | null = null;
  switch (type) {
    case 'VOIP':
      analysis.isVoip = true;
      signals.push({
        id: 'phone_voip',
        text: 'The phone number is an internet (VoIP) number, easy to get anonymously',
        detail: 'line type VOIP',
        weight: weightOf('phone_voip'),
      });
      break;
    case 'PREMIUM_RATE':
      analysis.isVoip = false;
      signals.push({
        id: 'phone_premium_rate',
        text: 'The phone number is a premium-rate line that charges the caller',
        detail: 'line type PREMIUM_RATE',
        weight: weightOf('phone_premium_rate'),
      });
      break;
    case 'PERSONAL_NUMBER':
      analysis.isVoip = null;
      signals.push({
        id: 'phone_personal_number',
        text: 'The phone number is a "personal number" that forwards anywhere, often used to hide the real line',
        detail: 'line type PERSONAL_NUMBER',
        weight: weightOf('phone_personal_number'),
      });
      break;
    case 'TOLL_FREE':
      analysis.isVoip = null;
      analysis.notes.push('Toll-free numbers are used by real companies and by scam call centres alike.');
      break;
    case 'MOBILE':
    case 'FIXED_LINE':
      analysis.isVoip = false;
      break;
    default:
      analysis.isVoip = null;
  }
  if (
    parsed.countryCallingCode === '1' &&
    (type === 'FIXED_LINE_OR_MOBILE' || type === null || type === 'FIXED_LINE' || type === 'MOBILE')
  ) {
    const national = String(parsed.nationalNumber);
    nanp = ctx.nanp ? ctx.nanp.lookup(national) : null;
    if (!ctx.nanp) analysis.notes.push('Line type unknown: US/Canadian numbering data not loaded.');
    else if (nanp) {
      if (nanp.company) analysis.carrier = nanp.company;
      if (nanp.status === 'unassigned') {
        analysis.isVoip = null;
        analysis.notes.push(
          'This area code and exchange are not assigned to any carrier: the caller ID was probably faked.',
        );
        signals.push({
          id: 'phone_unassigned_code',
          text: 'The number uses an exchange that is not assigned to any phone company (likely spoofed)',
          detail: `NPA-NXX ${national.slice(0, 6)} unassigned`,
          weight: weightOf('phone_unassigned_code'),
        });
      } else {
        const via = nanp.company ? ` (${nanp.company})` : '';
        switch (nanp.lineTypeGuess) {
          case 'voip_wholesale':
            analysis.isVoip = true;
            analysis.lineType = 'VOIP';
            analysis.notes.push(
              `Number block originally assigned to a VoIP / app-number wholesale provider${via}. Numbers can be ported, so this is a prior, not proof.`,
            );
            signals.push({
              id: 'phone_voip_wholesale',
              text: `The number comes from a block of internet/app phone numbers${via}, the kind anonymous texting apps hand out`,
              detail: `block holder ${nanp.ocn ?? '?'} voip_wholesale`,
              weight: weightOf('phone_voip_wholesale'),
            });
            break;
          case 'voip_wholesale_unverified':
            analysis.isVoip = true;
            analysis.lineType = 'VOIP';
            analysis.notes.push(`Number block originally assigned to a probable VoIP provider${via} (unverified).`);
            signals.push({
              id: 'phone_voip_wholesale',
              text: `The number probably comes from a block of internet phone numbers${via}`,
              detail: `block holder ${nanp.ocn ?? '?'} voip_wholesale_unverified`,
              weight: weightOf('phone_voip_wholesale', 'unverified'),
            });
            break;
          case 'voip_fixed_cable':
            analysis.isVoip = true;
            analysis.lineType = 'FIXED_LINE';
            analysis.notes.push(`Home phone service over cable${via}.`);
            break;
          case 'wireless':
            analysis.isVoip = false;
            analysis.lineType = 'MOBILE';
            analysis.notes.push(`Number block originally assigned to a mobile carrier${via}; numbers can be ported.`);
            break;
          case 'wireline':
            analysis.isVoip = false;
            analysis.lineType = 'FIXED_LINE';
            analysis.notes.push(`Number block originally assigned to a landline carrier${via}; numbers can be ported.`);
            break;
          default:
            analysis.notes.push(`Number block held by a competitive carrier${via}; line type not known.`);
        }
        if (nanp.status === 'not_in_service') analysis.notes.push('The exchange is marked not in service.');
      }
    }
  }
  const country = analysis.country;
  if (country && ctx.platform && LOCAL_PLATFORMS.has(ctx.platform) && !NANP_COUNTRIES.has(country)) {
    signals.push({
      id: 'phone_foreign_for_platform',
      text: `A ${country} phone number on a local-pickup marketplace is out of place`,
      detail: `country ${country}`,
      weight: weightOf('phone_foreign_for_platform'),
    });
  }
  if (
    country &&
    ctx.claimedCountry &&
    ctx.claimedCountry !== country &&
    !(NANP_COUNTRIES.has(country) && NANP_COUNTRIES.has(ctx.claimedCountry))
  ) {
    signals.push({
      id: 'phone_country_mismatch',
      text: `The message claims to come from ${ctx.claimedCountry} but the number is from ${country}`,
      detail: `claimed ${ctx.claimedCountry}, number ${country}`,
      weight: weightOf('phone_country_mismatch'),
    });
  }
  return { analysis, signals, nanp };
}

export interface NumberInText {
  start: number;
  end: number;
  e164: string;
  type: string | null;
  country: string | null;
}

/**
 * How many digit runs that are not numbers libphonenumber may try before it gives up on the text. Without a
 * bound, 10,000 characters of "1." took 130-200 ms (each run a failed parse). 500 changes the numbers found in
 * none of the 8,292 development messages that have a digit run (300 changed 4), and bounds a pass at ~10 ms.
 */
const MAX_PHONE_TRIES = 500;
/** Numbers read per pass, repeats included (at most 10 distinct ones are kept). */
const MAX_PHONE_MATCHES = 50;

/**
 * Where numbers can be: runs of digits joined only by what libphonenumber accepts inside a number (spaces,
 * dashes, dots, slashes, brackets, tildes; at most four together), holding at least 10 digits (a number
 * dialled without "+", as the search's default countries need) or at least 7 after a "+" (the shortest valid
 * numbers with their calling code), widened by CONTEXT characters each side for what libphonenumber reads
 * around a candidate (an extension, a time-stamp) and merged where they overlap. Null when there are more than
 * MAX_WINDOWS: the text is then searched whole, as before (bounded by MAX_PHONE_TRIES). A long e-mail has
 * dozens of short digit runs (dates, prices, times, figures) that libphonenumber tried to parse one by one:
 * a tenth of the engine's time on the slowest messages went there.
 */
const MAX_JOIN = 4;
const MIN_DIGITS = 10;
const MIN_DIGITS_AFTER_PLUS = 7;
const CONTEXT = 32;
const MAX_WINDOWS = 40;
/** libphonenumber's VALID_PUNCTUATION (dashes, slashes, dots, spaces, brackets, tildes) and the tab. */
const JOINER =
  /^[-x\u2010-\u2015\u2212\u30FC\uFF0D/\uFF0F.\uFF0E \t\u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]*$/;
export function numberWindows(text: string): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  const keep = (from: number, to: number): boolean => {
    const a = Math.max(0, from - CONTEXT);
    const b = Math.min(text.length, to + CONTEXT);
    const prev = out[out.length - 1];
    if (prev && a <= prev[1]) prev[1] = b;
    else out.push([a, b]);
    return out.length <= MAX_WINDOWS;
  };
  const enough = (start: number, count: number): boolean =>
    count >= MIN_DIGITS ||
    (count >= MIN_DIGITS_AFTER_PLUS && /[+\uFF0B]/.test(text.slice(Math.max(0, start - 3), start)));
  let start = -1;
  let last = -1;
  let count = 0;
  const digit = /\p{Nd}/gu;
  for (let m = digit.exec(text); m; m = digit.exec(text)) {
    const at = m.index;
    if (count > 0 && at - last - 1 <= MAX_JOIN && JOINER.test(text.slice(last + 1, at))) {
      count++;
      last = at + m[0].length - 1;
      continue;
    }
    if (count > 0 && enough(start, count) && !keep(start, last + 1)) return null;
    start = at;
    last = at + m[0].length - 1;
    count = 1;
  }
  if (count > 0 && enough(start, count) && !keep(start, last + 1)) return null;
  return out;
}

/**
 * A calendar date written with "/" or "." ("05/14/2001", "14 . 05 . 2001", "1/2/26"), not part of a longer
 * run of dot-separated digit groups (a French "01.23.45.67.89" is a number). libphonenumber rejects a date
 * only when its slashes are unspaced, so the dates of a tokenised e-mail ("05 / 14 / 2001 10 : 30") were
 * parsed, and their every inner group parsed again: the commonest digit runs of long e-mails. Their digits
 * are hidden before the search (the text keeps its length, so positions stand).
 */
const DATE =
  /(?<!\d[ \t]?[/.][ \t]?)(?<!\d)[0-3]?\d[ \t]?([/.])[ \t]?[0-3]?\d[ \t]?\1[ \t]?(?:\d{4}|\d\d)(?![ \t]?\1[ \t]?\d)(?!\d)/g;
/**
 * A decimal number or a money amount ("1.364", "870 . 00", "0,455", "3.09090909091"): one dot or comma after
 * at most three digits, then a fraction (of at most three digits, or five and more unspaced), not after an area code's
 * bracket and with no group joined to it by another dot, comma, dash or slash. Tables of figures made
 * libphonenumber try hundreds of these as numbers (20-30 ms for one e-mail); a phone number written with dots
 * has two of them or more ("(214) 740.0923" is kept).
 */
const DECIMAL =
  /(?<!\d[ \t]?[-./,][ \t]?)(?<!\)[ \t]?)(?<!\d)\d{1,3}(?:[ \t]?[.,][ \t]?\d{1,3}|[.,]\d{5,})(?![ \t]?[-./,][ \t]?\d)(?!\d)/g;
/** Dates and decimal figures with their digits hidden: the text keeps its length, so positions stand. */
const hideFigures = (text: string): string =>
  text.replace(DATE, (d) => d.replace(/\d/g, '_')).replace(DECIMAL, (d) => d.replace(/\d/g, '_'));

/** The part of a text searched for numbers (its first 10,000 characters), or null when it holds no digit run long enough. */
function searchable(text: string): string | null {
  if (!/\d[\d\s().-]{6,}\d/.test(text)) return null;
  return text.length > 10_000 ? text.slice(0, 10_000) : text;
}

/** Phone numbers written in the message, to spot premium-rate "call now" numbers. */
export function findNumbersInText(text: string): NumberInText[] {
  const part = searchable(text);
  if (part === null) return [];
  const hidden = hideFigures(part);
  return searchNumbers(hidden, numberWindows(hidden) ?? [[0, hidden.length]]);
}

/** The same search over the whole text, as it was before windows: the reference the windows are tested against. */
export function findNumbersInWholeText(text: string): NumberInText[] {
  const part = searchable(text);
  return part === null ? [] : searchNumbers(part, [[0, part.length]]);
}

function searchNumbers(text: string, windows: ReadonlyArray<readonly [number, number]>): NumberInText[] {
  const out: NumberInText[] = [];
  const seen = new Set<string>();
  const countries: CountryCode[] = /(?:^|\D)0\d{9,10}(?:\D|$)/.test(text) ? ['US', 'GB'] : ['US'];
  // libphonenumber throws (and catches) a ParseError for every digit run that is not a number, and a long
  // e-mail has dozens: capturing their stack traces was an eighth of its time (decision 095). The call is
  // synchronous, so no other code sees the limit, and it is restored however the call ends.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    for (const c of countries) {
      // Lazily, so that a text repeating one number thousands of times stops after MAX_PHONE_MATCHES of them.
      let matches = 0;
      for (const [from, to] of windows) {
        try {
          // maxTries is PhoneNumberMatcher's option (passed through at run time; missing from the typings).
          const options = { defaultCountry: c, maxTries: MAX_PHONE_TRIES } as { defaultCountry: CountryCode };
          const part = from === 0 && to === text.length ? text : text.slice(from, to);
          for (const f of searchPhoneNumbersInText(part, options)) {
            if (++matches > MAX_PHONE_MATCHES) break;
            if (seen.has(f.number.number)) continue;
            seen.add(f.number.number);
            out.push({
              start: from + f.startsAt,
              end: from + f.endsAt,
              e164: f.number.number,
              type: f.number.getType() ?? null,
              country: f.number.country ?? null,
            });
            if (out.length >= 10) return out;
          }
        } catch {
          /* malformed input: no numbers */
        }
        if (matches > MAX_PHONE_MATCHES) break;
      }
    }
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return out;
}
