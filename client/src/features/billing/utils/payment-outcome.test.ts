import { describe, expect, it } from 'vitest';
import type { Plan } from '@redflag/contracts/billing';
import { plan } from '@/test/plans';
import { paymentOutcome } from './payment-outcome';

const base: Plan = plan({
  subscriptionStatus: 'processing',
  computedStatus: { status: 'setup_required', hasUsedTrial: false },
});

describe('payment success copy', () => {
  it('a started trial says nothing was charged and names the first charge date, never "Payment successful"', () => {
    const out = paymentOutcome(
      { ...base, subscriptionStatus: 'trialing', isTrialing: true, trialEndsAt: '2026-12-01T10:00:00.000Z' },
      true,
    );
    expect(out.kind).toBe('trial_started');
    expect(out.title).toBe('Your free trial has started');
    expect(out.paragraphs.join(' ')).toContain(
      'Nothing was charged today. Your trial is 7 days or 5 scans, whichever comes first.',
    );
    expect(out.paragraphs.join(' ')).toContain('charged $9.99 on December 1, 2026, then monthly');
    expect(out.paragraphs.join(' ')).not.toMatch(/receipt/i);
  });

  it('only a paid Premium says payment successful and promises a receipt', () => {
    const out = paymentOutcome({ ...base, planTier: 'premium', subscriptionStatus: 'active', isPremium: true }, true);
    expect(out.title).toBe('Payment successful');
    expect(out.paragraphs.join(' ')).toContain('a receipt is on its way');
  });

  it('while the provider has not confirmed, and when signed out, it claims no charge at all', () => {
    for (const out of [paymentOutcome(base, true), paymentOutcome(undefined, true), paymentOutcome(undefined, false)]) {
      expect(out.title).not.toMatch(/payment successful/i);
      expect(out.paragraphs.join(' ')).toContain('what was charged, if anything');
    }
  });
});
