import { z } from 'zod';
import { scanRequestSchema, type ScanRequest } from '@redflag/contracts/scan';

/** What the analyzer form holds. `platform` is '' until the user picks one (the select has no '' item). */
export interface ScanFormValues {
  message: string;
  platform: string;
  phoneNumber: string;
  email: string;
}

export const EMPTY_SCAN_FORM: ScanFormValues = { message: '', platform: '', phoneNumber: '', email: '' };

/** The form's scan; a message read from a screenshot also carries its QR links and source 'image'. */
export type ScanPayload = Pick<ScanRequest, 'message' | 'phoneNumber' | 'email' | 'qrLinks' | 'source'> & {
  platform?: string;
};

export type BuildScanPayloadResult =
  { ok: true; payload: ScanPayload } | { ok: false; title: string; description: string };

/**
 * docs/product.md §5: inputs are trimmed, a blank message is refused with "Message Required",
 * and empty phone, e-mail and platform are left out of the payload.
 */
export function buildScanPayload(values: ScanFormValues): BuildScanPayloadResult {
  const message = values.message.trim();
  if (!message) return { ok: false, title: 'Message Required', description: 'Please enter a message to analyze' };
  const payload: ScanPayload = { message };
  const phoneNumber = values.phoneNumber.trim();
  const email = values.email.trim();
  const platform = values.platform.trim();
  if (phoneNumber) payload.phoneNumber = phoneNumber;
  if (email) payload.email = email;
  if (platform) payload.platform = platform;
  return { ok: true, payload };
}

/**
 * The analyzer form's schema: the contracts' scan request (packages/contracts/src/scan.ts) for the message,
 * phone and e-mail, so the browser trims, requires and caps them as the server does. The platform is any
 * string here: the select offers only the contracts' platforms, and the form holds '' until one is picked.
 */
export const scanFormSchema = scanRequestSchema.pick({ message: true, phoneNumber: true, email: true }).extend({
  platform: z.string().trim(),
});
export type ScanFormInput = z.input<typeof scanFormSchema>;
export type ScanFormOutput = z.output<typeof scanFormSchema>;

/** The payload for a checked form: empty optional fields left out (docs/product.md §5). */
export function scanPayloadOf(values: ScanFormOutput): ScanPayload {
  const payload: ScanPayload = { message: values.message };
  if (values.phoneNumber) payload.phoneNumber = values.phoneNumber;
  if (values.email) payload.email = values.email;
  if (values.platform) payload.platform = values.platform;
  return payload;
}
