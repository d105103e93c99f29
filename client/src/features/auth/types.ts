/**
 * The session as the accounts feature produces it. The shell's seam (client/src/app/auth.tsx) re-exports
 * these shapes; app/providers.tsx feeds it with useAuthState().
 */
export type SubscriptionStatus = 'loading' | 'setup_required' | 'processing' | 'active' | 'inactive' | 'trialing';

export interface SessionAuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionStatus: SubscriptionStatus;
  paymentSetupComplete: boolean;
  isPremium: boolean;
  isTrialing: boolean;
}

export type SessionAuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed_out'; user: null }
  | { status: 'signed_in'; user: SessionAuthUser };
