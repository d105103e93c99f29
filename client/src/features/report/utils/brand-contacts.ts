/**
 * Brands whose phishing inbox we confirmed on the brand's (or a government's) own page. Matching is on
 * whole words of the message and on the look-alike brand the engine found in a link or sender address.
 */
export interface BrandContact {
  brand: string;
  words: readonly string[];
  address: string;
}

export const BRAND_CONTACTS: readonly BrandContact[] = [
  // apple.com/legal/more-resources/phishing and Apple Support: "send it to reportphishing@apple.com".
  {
    brand: 'Apple',
    words: ['apple', 'apple id', 'icloud', 'itunes', 'apple pay'],
    address: 'reportphishing@apple.com',
  },
  // PayPal's current help pages say phishing@paypal.com (older pages said spoof@paypal.com).
  { brand: 'PayPal', words: ['paypal'], address: 'phishing@paypal.com' },
  // Microsoft Learn, "Report messages to Microsoft": phish@office365.microsoft.com takes missed phishing.
  {
    brand: 'Microsoft',
    words: ['microsoft', 'office 365', 'office365', 'hotmail', 'onedrive'],
    address: 'phish@office365.microsoft.com',
  },
  // aws.amazon.com/security/report-suspicious-emails and Amazon's scam-prevention page: reportascam@amazon.com.
  { brand: 'Amazon', words: ['amazon', 'amazon prime'], address: 'reportascam@amazon.com' },
  // ebay.com/help ... recognising-spoof-emails: "Forward the message to us as an attachment at spoof@ebay.com".
  { brand: 'eBay', words: ['ebay'], address: 'spoof@ebay.com' },
];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Brands the message pretends to be, by name in the text or as the look-alike the engine found. */
export function impersonatedBrands(input: {
  message: string;
  lookalikes?: readonly (string | null | undefined)[];
}): BrandContact[] {
  const text = input.message.toLowerCase();
  const named = new Set((input.lookalikes ?? []).filter((b): b is string => Boolean(b)).map((b) => b.toLowerCase()));
  return BRAND_CONTACTS.filter(
    (contact) =>
      [...named].some(
        (name) => name === contact.brand.toLowerCase() || name.startsWith(`${contact.brand.toLowerCase()} `),
      ) || contact.words.some((word) => new RegExp(`(?<![a-z0-9])${escapeRe(word)}(?![a-z0-9])`).test(text)),
  );
}
