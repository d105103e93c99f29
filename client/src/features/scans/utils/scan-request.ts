import type { ScanRequest, ScanSource } from '@redflag/contracts/scan';
// Relative import: the root vitest.config.ts does not resolve the client's '@/' alias.
import { PLATFORMS, type PlatformValue } from '@redflag/contracts/platforms';

/** What the analyzer form hands over: trimmed, empty fields omitted; platform is any string until checked. */
export interface ScanSubmission {
  message: string;
  phoneNumber?: string;
  email?: string;
  platform?: string;
  /** Links decoded from QR codes in a scanned screenshot. */
  qrLinks?: string[];
  /** 'image' when the message was read from a screenshot on the device (the result page says so). */
  source?: ScanSource;
}

export function platformOf(value: string | undefined): PlatformValue | undefined {
  return PLATFORMS.find((p) => p.value === value)?.value;
}

/** The POST /api/scans body: empty optional fields omitted, and a platform only when it is a known one. */
export function toScanRequest(submission: ScanSubmission): ScanRequest {
  const request: ScanRequest = { message: submission.message };
  if (submission.phoneNumber) request.phoneNumber = submission.phoneNumber;
  if (submission.email) request.email = submission.email;
  const platform = platformOf(submission.platform);
  if (platform) request.platform = platform;
  if (submission.qrLinks?.length) request.qrLinks = submission.qrLinks;
  if (submission.source === 'image') request.source = 'image';
  return request;
}
