import type { Plan } from '@redflag/contracts/billing';

/** GET /api/users/plan for an account with no plan yet; a test overrides what its case is about. */
export function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    planTier: 'free',
    subscriptionStatus: 'setup_required',
    trialEndsAt: null,
    isPremium: false,
    isTrialing: false,
    trialDaysLeft: 0,
    paymentSetupComplete: false,
    computedStatus: { status: 'new', hasUsedTrial: false },
    nextBillingDate: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    paymentError: null,
    billingProvider: 'local',
    ...overrides,
  };
}
