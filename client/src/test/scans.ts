import { storedScanSchema, type ReasonDetail, type StoredScan } from '@redflag/contracts/scan';

export const SCAM_TEXT =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned. <script>alert(1)</script>';

/** A span of evidence pointing at `text` inside `message`, as the engine writes it. */
export function span(message: string, text: string) {
  const start = message.indexOf(text);
  if (start < 0) throw new Error(`"${text}" is not in the message`);
  return { kind: 'span' as const, start, end: start + text.length, text };
}

export function reason(detail: Partial<ReasonDetail> & Pick<ReasonDetail, 'id' | 'text'>): ReasonDetail {
  return { weight: 1.5, severity: 'high', evidence: [], ...detail };
}

/**
 * A stored scan as the API answers it, checked against the contracts' schema so a fixture cannot drift
 * from what the server sends.
 */
export function storedScan(overrides: Partial<StoredScan> = {}): StoredScan {
  // The defaults describe SCAM_TEXT; a test that changes the message gives its own reasons and links.
  return storedScanSchema.parse({
    id: 'scan-1',
    message: SCAM_TEXT,
    platform: 'sms',
    phoneNumber: null,
    email: null,
    source: 'text',
    createdAt: '2026-11-23T10:00:00.000Z',
    riskScore: 86,
    confidence: 0.91,
    scamType: 'delivery_smishing',
    reasons: ['Asks you to pay a small fee to release a parcel'],
    reasonDetails: [
      reason({
        id: 'delivery_fee',
        text: 'Asks you to pay a small fee to release a parcel',
        evidence: [span(SCAM_TEXT, 'unpaid shipping fee of $1.99')],
      }),
      reason({
        id: 'risky_tld',
        text: 'Links to a cheap, throwaway web address',
        severity: 'medium',
        evidence: [{ kind: 'url', url: 'https://usps-redelivery-fee.top/pay' }],
      }),
    ],
    links: [
      {
        url: 'https://usps-redelivery-fee.top/pay',
        host: 'usps-redelivery-fee.top',
        domain: 'usps-redelivery-fee.top',
        start: SCAM_TEXT.indexOf('https://'),
        end: SCAM_TEXT.indexOf(' or it'),
        flags: ['risky_tld'],
      },
    ],
    advice: 'Do not pay. Check the parcel on the carrier’s own site.',
    engineVersion: 'test-engine-1',
    language: { code: 'en', name: 'English' },
    ...overrides,
  });
}
