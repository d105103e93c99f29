import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every TanStack Query key of the app, from one factory. A key starts with the API path
 * it reads (the spec's cached keys are '/api/auth/user', '/api/users/plan', ...), so invalidating a path's
 * key refreshes everything under it: `scans.all` covers every history page, report, feedback and share.
 */
export const queryKeys = {
  config: ['/api/config'] as const,
  session: ['/api/auth/get-session'] as const,
  authUser: {
    all: ['/api/auth/user'] as const,
    /** Per signed-in user, so a different account never sees the previous one's cached record. */
    forUser: (userId: string | null) => ['/api/auth/user', userId] as const,
  },
  signInMethods: ['/api/auth/list-accounts'] as const,
  plan: ['/api/users/plan'] as const,
  scanUsage: ['/api/users/scan-usage'] as const,
  trialStatus: ['/api/users/trial-status'] as const,
  stats: ['/api/users/stats'] as const,
  subscriptionStatus: ['/api/stripe/subscription-status'] as const,
  conversionPreview: ['/api/billing/conversion-preview'] as const,
  scans: {
    all: ['/api/scans'] as const,
    /** A page of the history: its search, filters and page number are part of the key. */
    list: (query: object) => ['/api/scans', 'list', query] as const,
    detail: (id: string) => ['/api/scans', id] as const,
    feedback: (id: string) => ['/api/scans', id, 'feedback'] as const,
    share: (id: string) => ['/api/scans', id, 'share'] as const,
  },
  shared: (token: string) => ['/api/shared', token] as const,
  apiKeys: ['/api/api-keys'] as const,
};

/** docs/product.md §4: after a scan (or a delete), cached scans, stats and scan usage are refreshed. */
export const SCAN_DEPENDENT_KEYS: readonly QueryKey[] = [queryKeys.scans.all, queryKeys.stats, queryKeys.scanUsage];

/** After a trial conversion: plan, trial status, subscription status, scan usage and the user. */
export const CONVERSION_DEPENDENT_KEYS: readonly QueryKey[] = [
  queryKeys.plan,
  queryKeys.trialStatus,
  queryKeys.subscriptionStatus,
  queryKeys.scanUsage,
  queryKeys.authUser.all,
];

/** After a payment (docs/product.md §7): everything a conversion touches, and the stats. */
export const PAYMENT_DEPENDENT_KEYS: readonly QueryKey[] = [...CONVERSION_DEPENDENT_KEYS, queryKeys.stats];

/** After sign-in or sign-out elsewhere: the session and the user record. */
export const SESSION_DEPENDENT_KEYS: readonly QueryKey[] = [queryKeys.session, queryKeys.authUser.all];

export async function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
