import { createContext, use, type ReactNode } from 'react';

/**
 * The seam between the route table and whoever knows the session. Today nobody is signed in; the accounts
 * feature replaces the provider's `value` with better-auth's session (keeping this shape) and the route
 * gates in ./routes pick the signed-in screens of product-spec.md section 2.
 */
export type AuthStatus = 'loading' | 'signed_out' | 'signed_in';

/** product-spec.md section 3 "Client user": values seen for subscriptionStatus. */
export type SubscriptionStatus = 'loading' | 'setup_required' | 'processing' | 'active' | 'inactive' | 'trialing';

export interface AuthUser {
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

export type AuthState =
  { status: 'loading'; user: null } | { status: 'signed_out'; user: null } | { status: 'signed_in'; user: AuthUser };

export const SIGNED_OUT: AuthState = { status: 'signed_out', user: null };

const AuthContext = createContext<AuthState>(SIGNED_OUT);

export function AuthProvider({ value = SIGNED_OUT, children }: { value?: AuthState; children: ReactNode }) {
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  return use(AuthContext);
}
