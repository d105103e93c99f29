import type { AppContext } from '../http/types.ts';

/**
 * The seam between accounts and billing for GET /api/auth/user: the billing feature replaces the body of
 * this one function with its real answer (plan record → subscriptionStatus, paymentSetupComplete).
 * Until then every account is new: DESIGN.md section 4 says a new account is `setup_required`.
 */
export interface AccountBillingState {
  subscriptionStatus: 'setup_required' | 'processing' | 'trialing' | 'active' | 'inactive';
  paymentSetupComplete: boolean;
}

export async function getAccountBillingState(_ctx: AppContext, _userId: string): Promise<AccountBillingState> {
  return { subscriptionStatus: 'setup_required', paymentSetupComplete: false };
}
