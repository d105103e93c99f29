import { describe, expect, it } from 'vitest';
import { scanRequestSchema } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';

const message = 'Parking fine unpaid. Scan to pay now\nQR code: https://pay-parking-fines.top/ticket?id=88213';

describe('links decoded from a QR code', () => {
  it('says "QR code leads to ..." with the link\'s place in the message, and scores as the pasted text does', () => {
    const plain = analyzeLocal({ message });
    const withQr = analyzeLocal(
      scanRequestSchema.parse({ message, qrLinks: ['https://pay-parking-fines.top/ticket?id=88213'] }),
    );
    const reason = withQr.reasonDetails.find((r) => r.id === 'qr_link');
    expect(reason?.text).toBe('QR code leads to https://pay-parking-fines.top/ticket?id=88213');
    const evidence = reason?.evidence[0];
    expect(evidence?.kind === 'url' && message.slice(evidence.start ?? 0, evidence.end)).toBe(
      'https://pay-parking-fines.top/ticket?id=88213',
    );
    expect(withQr.riskScore).toBe(plain.riskScore);
    // The link analysis itself still speaks: the risky ending is a reason of its own.
    expect(withQr.reasonDetails.some((r) => r.id === 'link_risky_tld')).toBe(true);
    expect(plain.reasonDetails.some((r) => r.id === 'qr_link')).toBe(false);
  });

  it('refuses more than five QR links in a request', () => {
    const qrLinks = Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`);
    expect(scanRequestSchema.safeParse({ message: 'hi there', qrLinks }).success).toBe(false);
  });
});
