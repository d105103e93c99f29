import { describe, expect, it } from 'vitest';
import { cardLabel, chargeSummary, formatAmount, formatBillingDate } from './conversion-copy';

describe('trial-limit dialog copy', () => {
  it('states amount, interval and card', () => {
    expect(chargeSummary({ amountCents: 999, card: { brand: 'Visa', last4: '4242' } })).toBe(
      '$9.99 today, then monthly; Visa ending in 4242',
    );
  });

  it('names the card generically when the provider does not know it', () => {
    expect(cardLabel(null)).toBe('the card on file');
    expect(chargeSummary({ amountCents: 1000, card: null })).toBe('$10.00 today, then monthly; the card on file');
  });

  it('writes the date in UTC, as the e-mails do', () => {
    expect(formatBillingDate('2026-12-01T23:30:00.000Z')).toBe('December 1, 2026');
    expect(formatBillingDate('2026-12-02T00:30:00.000Z')).toBe('December 2, 2026');
    expect(formatAmount(0)).toBe('$0.00');
  });
});
