/**
 * docs/product.md §2: platform values, their labels and categories. No zod here, so the client's
 * landing page can import it without the schema library (scan.ts builds `platformSchema` from it).
 */
export const PLATFORMS = [
  { value: 'sms', label: 'SMS / Text', category: 'Communication' },
  { value: 'whatsapp', label: 'WhatsApp', category: 'Communication' },
  { value: 'email', label: 'Email', category: 'Communication' },
  { value: 'facebook', label: 'Facebook Marketplace', category: 'Marketplace' },
  { value: 'craigslist', label: 'Craigslist', category: 'Marketplace' },
  { value: 'offerup', label: 'OfferUp', category: 'Marketplace' },
  { value: 'ebay', label: 'eBay', category: 'Marketplace' },
  { value: 'etsy', label: 'Etsy', category: 'Marketplace' },
  { value: 'other', label: 'Other (dating app, social media...)', category: 'Other' },
] as const;

export type PlatformOption = (typeof PLATFORMS)[number];
export type PlatformValue = PlatformOption['value'];

/** The values alone, in order, as a non-empty tuple (what z.enum takes). */
export const PLATFORM_VALUES = PLATFORMS.map((p) => p.value) as [PlatformValue, ...PlatformValue[]];

/** The marketplace platforms (category Marketplace): one list for the engine, the report and the titles. */
export const MARKETPLACE_PLATFORMS: ReadonlySet<PlatformValue> = new Set(
  PLATFORMS.filter((p) => p.category === 'Marketplace').map((p) => p.value),
);

/** Whether a value is one of the platforms (a string from a dataset or a form). */
export function isPlatform(value: string): value is PlatformValue {
  return PLATFORMS.some((p) => p.value === value);
}
