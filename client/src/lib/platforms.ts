/**
 * The platform options of product-spec.md section 2, mirrored from @redflag/contracts/scan.
 * That module builds zod schemas at load time, and importing it would put zod (~25 KB gzipped) into the
 * landing bundle, so the client keeps this copy; platforms.test.ts fails if the two ever differ.
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
