import type { ScanResult } from '@redflag/contracts/scan';
import type { Db } from '../db/client.ts';
import { scans } from '../db/schema/scans.ts';

/** A message whose every distinctive part (words, link, number) can be looked for in a shared page. */
export const SECRET_MESSAGE =
  'Hi Marguerite, your parcel 7QX-ZEBRA is held. Pay the fee at http://parcel-fee.example/pay or call +1 202 555 0173';

/** Stores a scan directly (fixtures make state), with evidence that quotes the message. */
export async function seedScan(
  db: Db,
  userId: string,
  opts: {
    riskScore?: number;
    scamType?: string | null;
    engineVersion?: string;
    platform?: string | null;
    message?: string;
    createdAt?: Date;
  } = {},
): Promise<string> {
  const message = opts.message ?? SECRET_MESSAGE;
  const riskScore = opts.riskScore ?? 88;
  const engineVersion = opts.engineVersion ?? 'test-engine-1';
  const result: ScanResult = {
    riskScore,
    confidence: 0.9,
    scamType: (opts.scamType === undefined ? 'delivery_smishing' : opts.scamType) as ScanResult['scamType'],
    reasons: [
      'Asks you to pay a fee for a held parcel',
      'The link parcel-fee.example imitates USPS but is not their website',
    ],
    reasonDetails: [
      {
        id: 'parcel_fee',
        text: 'Asks you to pay a fee for a held parcel',
        weight: 30,
        severity: 'high',
        evidence: [{ kind: 'span', start: 20, end: 42, text: 'parcel 7QX-ZEBRA is held' }],
      },
      {
        id: 'llm_quote',
        text: 'Says "parcel 7QX-ZEBRA is held" and asks to call +1 (202) 555-0173',
        weight: 5,
        severity: 'low',
        evidence: [{ kind: 'llm', detail: 'reviewer' }],
      },
      {
        id: 'suspicious_link',
        text: 'The link parcel-fee.example imitates USPS but is not their website',
        weight: 20,
        severity: 'medium',
        evidence: [{ kind: 'url', url: 'http://parcel-fee.example/pay' }],
      },
    ],
    phoneAnalysis: {
      input: '+1 202 555 0173',
      valid: true,
      e164: '+12025550173',
      country: 'US',
      lineType: null,
      isVoip: null,
      carrier: null,
      notes: [],
    },
    emailAnalysis: null,
    links: [
      {
        url: 'http://parcel-fee.example/pay',
        host: 'parcel-fee.example',
        domain: 'parcel-fee.example',
        start: 60,
        end: 89,
        flags: ['lookalike'],
      },
    ],
    advice: 'Do not pay. Track parcels only on the carrier’s own site.',
    engineVersion,
  };
  const [row] = await db
    .insert(scans)
    .values({
      userId,
      message,
      platform: opts.platform === undefined ? 'sms' : opts.platform,
      phoneNumber: '+1 202 555 0173',
      email: null,
      riskScore,
      confidence: 0.9,
      scamType: result.scamType ?? null,
      reasons: result.reasons,
      result,
      engineVersion,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning({ id: scans.id });
  if (!row) throw new Error('no row');
  return row.id;
}
