/**
 * The session as the accounts feature produces it. Same shape as the shell's AuthState seam
 * (client/src/app/auth.tsx), which app/providers.tsx feeds with useAuthState().
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
