import { describe, expect, it } from 'vitest';
import {
  canVerify,
  checkoutMayBePaid,
  computedStatus,
  decideScan,
  effectiveStatus,
  NEW_ACCOUNT,
  needsConversion,
  trialDaysLeft,
  type PlanState,
} from './plan-state.ts';
import type { SubscriptionSnapshot } from './providers/types.ts';
import { planPatchFromSnapshot } from './sync.ts';

const now = new Date('2026-01-10T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const state = (s: Partial<PlanState>): PlanState => ({ ...NEW_ACCOUNT, ...s });
const snap = (s: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
  id: 'sub_1',
  status: 'trialing',
  trialStart: now,
  trialEnd: new Date(now.getTime() + 7 * day),
  currentPeriodEnd: new Date(now.getTime() + 7 * day),
  cancelAtPeriodEnd: false,
  paymentError: null,
  card: null,
  latestInvoice: null,
  livemode: false,
  ...s,
});

describe('plan rules', () => {
  it('days left round up and stop at 0', () => {
    expect(trialDaysLeft(state({ trialEndsAt: new Date(now.getTime() + 2.1 * day) }), now)).toBe(3);
    expect(trialDaysLeft(state({ trialEndsAt: new Date(now.getTime() - day) }), now)).toBe(0);
    expect(trialDaysLeft(state({}), now)).toBe(0);
  });

  it('processing lapses to setup_required after 30 minutes', () => {
    const s = state({ subscriptionStatus: 'processing', checkoutStartedAt: new Date(now.getTime() - 29 * 60_000) });
    expect(effectiveStatus(s, now)).toBe('processing');
    expect(effectiveStatus({ ...s, checkoutStartedAt: new Date(now.getTime() - 31 * 60_000) }, now)).toBe(
      'setup_required',
    );
  });

  it('a checkout started a short while ago is asked about; one left long ago or already confirmed is not', () => {
    expect(checkoutMayBePaid(state({ checkoutStartedAt: new Date(now.getTime() - 29 * 60_000) }), now)).toBe(true);
    expect(checkoutMayBePaid(state({ checkoutStartedAt: new Date(now.getTime() - 31 * 60_000) }), now)).toBe(false);
    expect(checkoutMayBePaid(NEW_ACCOUNT, now)).toBe(false);
    expect(checkoutMayBePaid(state({ subscriptionStatus: 'trialing', checkoutStartedAt: now }), now)).toBe(false);
  });

  it('computed statuses follow the account gate', () => {
    expect(computedStatus(NEW_ACCOUNT, now)).toBe('new');
    // A checkout started and left changes nothing; a used trial does.
    expect(computedStatus(state({ checkoutStartedAt: now }), now)).toBe('new');
    expect(computedStatus(state({ hasUsedTrial: true }), now)).toBe('setup_required');
    expect(
      computedStatus(state({ subscriptionStatus: 'trialing', trialEndsAt: new Date(now.getTime() + day) }), now),
    ).toBe('trialing');
    expect(computedStatus(state({ subscriptionStatus: 'trialing', trialEndsAt: now }), now)).toBe('trial_expired');
    expect(computedStatus(state({ subscriptionStatus: 'inactive', providerStatus: 'past_due' }), now)).toBe(
      'trial_expired',
    );
    expect(computedStatus(state({ subscriptionStatus: 'inactive', providerStatus: 'canceled' }), now)).toBe(
      'cancelled',
    );
    expect(computedStatus(state({ planTier: 'premium', subscriptionStatus: 'active' }), now)).toBe('active');
  });

  it('premium needs tier premium and an active or trialing status', () => {
    expect(decideScan(state({ planTier: 'premium', subscriptionStatus: 'inactive' }), now)).toEqual({
      allowed: false,
      code: 'TRIAL_EXPIRED',
    });
    expect(decideScan(state({ planTier: 'premium', subscriptionStatus: 'trialing' }), now)).toEqual({
      allowed: true,
      kind: 'premium',
    });
  });

  it("phone and e-mail checks come with Premium and with Premium's trial while it lasts, never without a plan", () => {
    const trial = state({
      subscriptionStatus: 'trialing',
      paymentSetupComplete: true,
      hasUsedTrial: true,
      trialEndsAt: new Date(now.getTime() + day),
    });
    expect(canVerify(trial, now)).toBe(true);
    expect(canVerify({ ...trial, trialScansUsed: 4 }, now)).toBe(true);
    expect(canVerify({ ...trial, trialEndsAt: now }, now)).toBe(false);
    expect(canVerify(state({ planTier: 'premium', subscriptionStatus: 'active' }), now)).toBe(true);
    expect(canVerify(NEW_ACCOUNT, now)).toBe(false);
    expect(canVerify(state({ subscriptionStatus: 'processing', checkoutStartedAt: now }), now)).toBe(false);
    expect(
      canVerify(state({ subscriptionStatus: 'inactive', providerStatus: 'canceled', hasUsedTrial: true }), now),
    ).toBe(false);
  });

  it('conversion is due at the fifth scan or at the trial end', () => {
    const trial = state({ subscriptionStatus: 'trialing', trialEndsAt: new Date(now.getTime() + day) });
    expect(needsConversion({ ...trial, trialScansUsed: 4 }, now)).toBe(false);
    expect(needsConversion({ ...trial, trialScansUsed: 5 }, now)).toBe(true);
    expect(needsConversion({ ...trial, trialEndsAt: now }, now)).toBe(true);
  });
});

describe('planPatchFromSnapshot', () => {
  it('trialing: tier free, trial dates, setup complete, trial used', () => {
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({}))).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      hasUsedTrial: true,
      paymentSetupComplete: true,
    });
  });
  it('active: premium and paid', () => {
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'active' }))).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      everPaid: true,
    });
  });
  it('active in live mode: paid real money; in test mode or with the test provider, not (decision 129)', () => {
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'active', livemode: true }))).toMatchObject({
      everPaid: true,
      everPaidLive: true,
    });
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'active' }))).not.toHaveProperty('everPaidLive');
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'canceled', livemode: true }))).not.toHaveProperty(
      'everPaidLive',
    );
  });
  it('past_due / canceled: free and inactive', () => {
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'past_due' }))).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
    });
    expect(planPatchFromSnapshot(NEW_ACCOUNT, snap({ status: 'canceled' }))).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'inactive',
      providerStatus: 'canceled',
    });
  });
  it('no subscription: unchanged for a newcomer, inactive for a former subscriber', () => {
    expect(planPatchFromSnapshot(NEW_ACCOUNT, null)).toEqual({});
    expect(planPatchFromSnapshot(state({ hasUsedTrial: true }), null)).toMatchObject({
      subscriptionStatus: 'inactive',
    });
  });
  it('is idempotent: applying the same snapshot twice gives the same patch', () => {
    const s = snap({ status: 'active' });
    const first = planPatchFromSnapshot(NEW_ACCOUNT, s);
    expect(planPatchFromSnapshot({ ...NEW_ACCOUNT, ...(first as Partial<PlanState>) }, s)).toEqual(first);
  });
});
