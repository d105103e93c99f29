/** Business constants from docs/product.md §9, shared by server and client. */
export const TRIAL_DAYS = 7;
export const TRIAL_SCAN_LIMIT = 5;
export const PREMIUM_PRICE_CENTS = 999;
export const PREMIUM_PRICE_LABEL = '$9.99';
/**
 * The one lead time before the trial's end (docs/product.md §9: "3 or fewer days remaining"): the header's
 * badge and dialog warn from then on, and the reminder e-mail goes out then (decision 115).
 */
export const TRIAL_WARNING_DAYS = 3;
/**
 * How every page, dialog and e-mail describes the trial, word for word (decision 041). Every text that
 * names a trial or reminder figure builds it from these constants (server/src/test/trial-figures.test.ts).
 */
export const TRIAL_TERMS = `${TRIAL_DAYS} days or ${TRIAL_SCAN_LIMIT} scans, whichever comes first`;
export const RISK_BAND_SCAM = 70;
export const RISK_BAND_SUSPICIOUS = 40;
/** Analytics events use another scale (docs/product.md §4, kept as specified). */
export const ANALYTICS_BAND_HIGH = 7;
export const ANALYTICS_BAND_MEDIUM = 4;
export const DEFAULT_CONFIDENCE = 0.5;
/** Decision 048 (the product spec's 6 is raised to 10). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAGIC_LINK_MINUTES = 60;
export const MAX_MESSAGE_LENGTH = 10_000;
/** The most links one forwarded mail contributes to its scan; the rest are counted, not checked. */
export const MAX_FORWARDED_LINKS = 200;
/** At most this many decoded QR links per scan (a screenshot rarely holds more than one or two codes). */
export const MAX_QR_LINKS = 5;
export const MESSAGE_PREVIEW_CHARS = 50;
export const REASONS_SHOWN = 2;
export const SUPPORT_EMAIL_DEFAULT = 'support@redflag.local';

/** The verdict bands of the score, strongest first (docs/product.md §2: 70 and 40). */
export const RISK_BANDS = ['scam', 'suspicious', 'legitimate'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

/** The verdict the web app shows for each band, and what /v1 answers beside the band. */
export const RISK_BAND_LABELS = {
  scam: 'SCAM DETECTED',
  suspicious: 'SUSPICIOUS',
  legitimate: 'LIKELY LEGITIMATE',
} as const satisfies Record<RiskBand, string>;
export type RiskBandLabel = (typeof RISK_BAND_LABELS)[RiskBand];

export function riskBand(score: number): RiskBand {
  if (score >= RISK_BAND_SCAM) return 'scam';
  if (score >= RISK_BAND_SUSPICIOUS) return 'suspicious';
  return 'legitimate';
}

export type AnalyticsRiskLevel = 'high' | 'medium' | 'low';

/**
 * The analytics scale of docs/product.md §4: 7 or more high, 4 or more medium, else low. It is
 * applied to the same 0-100 score as the display bands and so disagrees with them; the spec keeps both.
 */
export function analyticsRiskLevel(score: number): AnalyticsRiskLevel {
  if (score >= ANALYTICS_BAND_HIGH) return 'high';
  if (score >= ANALYTICS_BAND_MEDIUM) return 'medium';
  return 'low';
}
