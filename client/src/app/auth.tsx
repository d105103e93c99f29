import { createContext, use, type ReactNode } from 'react';
import type { SessionAuthState, SessionAuthUser, SubscriptionStatus } from '@/features/auth/types';

/**
 * The seam between the route table and whoever knows the session: app/providers.tsx feeds it with the
 * accounts feature's useAuthState(), and the route gates in ./routes pick the signed-in screens of
 * docs/product.md §2. The shapes are the accounts feature's (features/auth/types.ts), named here
 * for the app's components.
 */
export type AuthStatus = SessionAuthState['status'];
export type { SubscriptionStatus };
export type AuthUser = SessionAuthUser;
export type AuthState = SessionAuthState;

export const SIGNED_OUT: AuthState = { status: 'signed_out', user: null };

const AuthContext = createContext<AuthState>(SIGNED_OUT);

export function AuthProvider({ value = SIGNED_OUT, children }: { value?: AuthState; children: ReactNode }) {
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  return use(AuthContext);
}
