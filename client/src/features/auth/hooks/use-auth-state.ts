import { useQuery } from '@tanstack/react-query';
import type { AuthUserResponse } from '@redflag/contracts/auth';
import type { SessionAuthState as AuthState, SessionAuthUser as AuthUser } from '../types';
import { authUserQueryOptions } from '../api/auth-user';
import { sessionQueryOptions } from '../api/session';

/** docs/product.md §4 "Loading the user": 3 attempts, growing 1 s waits. */
const USER_ATTEMPTS = 3;

interface SessionUserLike {
  id: string;
  email: string;
  image?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

function fromServer(u: AuthUserResponse): AuthUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    subscriptionStatus: u.subscriptionStatus,
    paymentSetupComplete: u.paymentSetupComplete,
    // The plan view (GET /api/users/plan) refines these where it is loaded; the server enforces entitlements.
    isPremium: u.subscriptionStatus === 'active',
    isTrialing: u.subscriptionStatus === 'trialing',
  };
}

function fromSession(u: SessionUserLike, status: 'loading' | 'trialing'): AuthUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.image ?? null,
    subscriptionStatus: status,
    // section 4: after the user call fails, a fallback user (trialing, setup complete) is shown. It only
    // changes what is displayed; the server decides what is allowed (docs/design.md §3.3).
    paymentSetupComplete: status === 'trialing',
    isPremium: false,
    isTrialing: status === 'trialing',
  };
}

/** The session (better-auth) plus the user call, as the shell's AuthState. */
export function useAuthState(): AuthState {
  const session = useQuery(sessionQueryOptions);
  const sessionUser: SessionUserLike | null = session.data?.user ?? null;
  const userQuery = useQuery({
    ...authUserQueryOptions(sessionUser?.id ?? null),
    retry: (failureCount) => failureCount < USER_ATTEMPTS - 1,
    retryDelay: (attempt) => 1000 * (attempt + 1),
  });

  if (session.isPending) return { status: 'loading', user: null };
  if (!sessionUser) return { status: 'signed_out', user: null };
  if (userQuery.data) return { status: 'signed_in', user: fromServer(userQuery.data) };
  if (userQuery.isError) return { status: 'signed_in', user: fromSession(sessionUser, 'trialing') };
  return { status: 'signed_in', user: fromSession(sessionUser, 'loading') };
}
