import { describe, expect, it } from 'vitest';
import type { Plan } from '@redflag/contracts/billing';
import { plan } from '@/test/plans';
import { planDisplay } from './plan-display';

const none: Plan = plan();

const trialing: Plan = {
  ...none,
  subscriptionStatus: 'trialing',
  isTrialing: true,
  trialDaysLeft: 7,
  trialEndsAt: '2026-12-23T12:00:00.000Z',
  nextBillingDate: '2026-12-23T12:00:00.000Z',
  paymentSetupComplete: true,
  computedStatus: { status: 'trialing', hasUsedTrial: true },
};

const premium: Plan = {
  ...none,
  planTier: 'premium',
  subscriptionStatus: 'active',
  isPremium: true,
  paymentSetupComplete: true,
  currentPeriodEnd: '2026-12-23T12:00:00.000Z',
  nextBillingDate: '2026-12-23T12:00:00.000Z',
  computedStatus: { status: 'active', hasUsedTrial: true },
};

describe('planDisplay', () => {
  it('a trial just started is a TRIAL with its days and first charge, never FREE or an upgrade offer', () => {
    expect(planDisplay(trialing)).toMatchObject({
      kind: 'trial',
      badge: 'TRIAL',
      name: 'Free trial',
      status: '7 days left, first charge on December 23, 2026',
      renews: true,
      cancellable: true,
      upgrade: null,
    });
  });

  it('premium set to cancel says so everywhere instead of "active", and is no longer cancellable', () => {
    expect(planDisplay({ ...premium, cancelAtPeriodEnd: true, nextBillingDate: null })).toMatchObject({
      kind: 'premium',
      badge: 'PREMIUM',
      status: 'Cancels on December 23, 2026: Premium until then, no further charge',
      renews: false,
      cancellable: false,
    });
    expect(planDisplay(premium).status).toBe('Active');
  });

  it('a cancelled trial says nothing will be charged', () => {
    expect(planDisplay({ ...trialing, cancelAtPeriodEnd: true, nextBillingDate: null })).toMatchObject({
      kind: 'trial',
      status: 'Trial cancelled: ends on December 23, 2026, nothing will be charged',
      cancellable: false,
    });
  });

  it('offers the trial before it was used, and a subscription after', () => {
    expect(planDisplay(none)).toMatchObject({
      kind: 'free',
      badge: 'FREE',
      status: 'No plan yet',
      upgrade: { label: 'Start Free Trial' },
    });
    expect(
      planDisplay({
        ...none,
        subscriptionStatus: 'inactive',
        computedStatus: { status: 'trial_expired', hasUsedTrial: true },
      }),
    ).toMatchObject({
      status: 'Trial ended',
      upgrade: { to: '/checkout', label: 'Subscribe Now' },
    });
  });

  it('a trial whose time is over is no longer shown as a trial', () => {
    expect(planDisplay({ ...trialing, computedStatus: { status: 'trial_expired', hasUsedTrial: true } }).kind).toBe(
      'free',
    );
  });
});
