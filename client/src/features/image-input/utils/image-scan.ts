import type { Platform } from '@redflag/contracts/scan';

/** What the review hands to the analyzer form once the user has checked the text. */
export interface ImageScanText {
  /** The reviewed text, with each QR link on a line of its own ("QR code: <link>") so the link analysis reads it. */
  message: string;
  phoneNumber?: string;
  email?: string;
  platform?: Platform;
  /** http(s) links decoded from QR codes, sent as the scan request's qrLinks. */
  qrLinks: string[];
}

/** The message as scanned: the reviewed text, then any QR link the text does not already hold. */
export function messageWithQrLinks(text: string, qrLinks: readonly string[]): string {
  const missing = qrLinks.filter((l) => !text.includes(l));
  if (!missing.length) return text.trim();
  return [text.trim(), ...missing.map((l) => `QR code: ${l}`)].filter(Boolean).join('\n');
}

/**
 * A decoded QR text is a link we can analyse when it is an http(s) URL (or a bare www. address). It lives
 * here, not beside jsQR in utils/qr.ts, so the page's chunk does not carry jsQR: codes are decoded in the worker.
 */
export function qrLink(text: string): string | null {
  const t = text.trim();
  if (/^https?:\/\/\S+$/i.test(t)) return t;
  if (/^www\.\S+$/i.test(t)) return `https://${t}`;
  return null;
}
