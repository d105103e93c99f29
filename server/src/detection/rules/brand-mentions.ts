/** Brands named in the message text, with where they are named (for look-alike and mismatch checks). */
import { BRANDS, type Brand } from '../url/brands.ts';
import { spanToOriginal, type Folded } from '../text/normalize.ts';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORD_TO_BRAND = new Map<string, Brand>();
for (const brand of BRANDS)
  for (const w of brand.words) if (w.length >= 3 && !WORD_TO_BRAND.has(w)) WORD_TO_BRAND.set(w, brand);
const ALL_WORDS = [...WORD_TO_BRAND.keys()].sort((a, b) => b.length - a.length);
const MENTION_RE = new RegExp(`(?<![a-z0-9])(${ALL_WORDS.map(escape).join('|')})(?![a-z0-9])`, 'g');

/** Country a brand's messages come from, to spot a sender number from elsewhere. */
const BRAND_COUNTRY: Record<string, string> = {
  IRS: 'US',
  'Social Security Administration': 'US',
  USPS: 'US',
  Medicare: 'US',
  USCIS: 'US',
  FBI: 'US',
  DMV: 'US',
  'E-ZPass': 'US',
  SunPass: 'US',
  FasTrak: 'US',
  TxTag: 'US',
  'Illinois Tollway': 'US',
  'Good To Go': 'US',
  'Peach Pass': 'US',
  Chase: 'US',
  'Bank of America': 'US',
  'Wells Fargo': 'US',
  'Navy Federal': 'US',
  USAA: 'US',
  'Capital One': 'US',
  HMRC: 'GB',
  'GOV.UK': 'GB',
  'Royal Mail': 'GB',
  Evri: 'GB',
  NatWest: 'GB',
  Barclays: 'GB',
  Lloyds: 'GB',
  Halifax: 'GB',
  'Canada Revenue Agency': 'CA',
  'Service Canada': 'CA',
  'Canada Post': 'CA',
  Interac: 'CA',
  RBC: 'CA',
  Scotiabank: 'CA',
  ATO: 'AU',
  'Australia Post': 'AU',
  'Commonwealth Bank': 'AU',
  Westpac: 'AU',
};

export interface BrandMention {
  brand: Brand;
  start: number;
  end: number;
  text: string;
}

export function findBrandMentions(folded: Folded, original: string, max = 20): BrandMention[] {
  const out: BrandMention[] = [];
  MENTION_RE.lastIndex = 0;
  for (let m = MENTION_RE.exec(folded.text); m && out.length < max; m = MENTION_RE.exec(folded.text)) {
    const brand = WORD_TO_BRAND.get(m[1] ?? '');
    if (!brand) continue;
    const { start, end } = spanToOriginal(folded, m.index, m.index + m[0].length);
    out.push({ brand, start, end, text: original.slice(start, end) });
  }
  return out;
}

export function claimedCountry(mentions: readonly BrandMention[]): string | null {
  for (const m of mentions) {
    const c = BRAND_COUNTRY[m.brand.name];
    if (c) return c;
  }
  return null;
}
