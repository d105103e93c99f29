import { getUserBillingSummary } from './billing.service.ts';
import type { AppContext } from '../context.ts';

/**
 * The seam between accounts and billing for GET /api/auth/user: the plan record as the billing service
 * computes it from stored provider state (a user without one is new: `setup_required`, docs/design.md §4).
 */
export interface AccountBillingState {
  subscriptionStatus: 'setup_required' | 'processing' | 'trialing' | 'active' | 'inactive';
  paymentSetupComplete: boolean;
}

export async function getAccountBillingState(ctx: AppContext, userId: string): Promise<AccountBillingState> {
  const { subscriptionStatus, paymentSetupComplete } = await getUserBillingSummary(ctx, userId);
  return { subscriptionStatus, paymentSetupComplete };
}
