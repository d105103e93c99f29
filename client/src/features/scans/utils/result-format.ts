import { DEFAULT_CONFIDENCE, riskBand } from '@redflag/contracts/constants';

/** docs/product.md §5: confidence as a rounded percent, 50% when it is not a number. */
export function confidencePercent(confidence: unknown): number {
  const value = typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : DEFAULT_CONFIDENCE;
  return Math.round(Math.min(1, Math.max(0, value)) * 100);
}

/** The analytics event for a result's display band (docs/product.md §7). */
export function verdictEvent(riskScore: number): 'scam_detected' | 'potential_scam_detected' | 'legitimate_message' {
  const band = riskBand(riskScore);
  return band === 'scam' ? 'scam_detected' : band === 'suspicious' ? 'potential_scam_detected' : 'legitimate_message';
}

const LINK_FLAG_LABELS: Record<string, string> = {
  homoglyph: 'Look-alike characters',
  lookalike: 'Imitates a brand',
  typosquat: 'Misspelled brand',
  brand_in_domain: 'Brand name in domain',
  brand_mismatch: 'Not the named company',
  ip_address: 'Bare IP address',
  userinfo: 'Hidden destination',
  punycode: 'Encoded characters',
  risky_tld: 'Risky domain ending',
  shortener: 'Link shortener',
  free_hosting: 'Free web host',
  port: 'Unusual port',
  deep_subdomains: 'Many sub-domains',
  defanged: 'Disguised link',
  insecure_http: 'Not encrypted',
  official: 'Official site',
};

/** A readable name for an engine link flag; unknown flags are shown as words rather than dropped. */
export function linkFlagLabel(flag: string): string {
  const known = LINK_FLAG_LABELS[flag];
  if (known) return known;
  const words = flag.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : flag;
}

/** A tri-state finding: null means the engine could not tell (e.g. VoIP for US numbers), never "no". */
export function yesNoUnknown(value: boolean | null | undefined): 'Yes' | 'No' | 'Unknown' {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return 'Unknown';
}

/** libphonenumber's line types (FIXED_LINE_OR_MOBILE...) as words. */
export function lineTypeLabel(lineType: string | null | undefined): string {
  if (!lineType) return 'Unknown';
  const words = lineType.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A country code (US) as its English name (United States), falling back to the code. */
export function countryLabel(code: string | null | undefined): string {
  if (!code) return 'Unknown';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
