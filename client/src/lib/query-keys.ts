import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { API_ROUTES } from '@redflag/contracts/api-routes';

const R = API_ROUTES;

/**
 * Every TanStack Query key of the app, from one factory. A key starts with the API path it reads, taken
 * from the route table (the spec's cached keys are '/api/auth/user', '/api/users/plan', ...), so invalidating a path's
 * key refreshes everything under it: `scans.all` covers every history page, report, feedback and share.
 */
export const queryKeys = {
  config: [R.getConfig.path] as const,
  session: [R.getSession.path] as const,
  authUser: {
    all: [R.getAuthUser.path] as const,
    /** Per signed-in user, so a different account never sees the previous one's cached record. */
    forUser: (userId: string | null) => [R.getAuthUser.path, userId] as const,
  },
  signInMethods: [R.listSignInMethods.path] as const,
  plan: [R.getPlan.path] as const,
  scanUsage: [R.getScanUsage.path] as const,
  trialStatus: [R.getTrialStatus.path] as const,
  stats: [R.getScanStats.path] as const,
  subscriptionStatus: [R.getSubscriptionStatus.path] as const,
  conversionPreview: [R.getConversionPreview.path] as const,
  scans: {
    all: [R.listScans.path] as const,
    /** A page of the history: its search, filters and page number are part of the key. */
    list: (query: object) => [R.listScans.path, 'list', query] as const,
    detail: (id: string) => [R.listScans.path, id] as const,
    feedback: (id: string) => [R.listScans.path, id, 'feedback'] as const,
    share: (id: string) => [R.listScans.path, id, 'share'] as const,
  },
  shared: (token: string) => ['/api/shared', token] as const,
  apiKeys: [R.listApiKeys.path] as const,
  forwardingAddress: [R.getForwardingAddress.path] as const,
  reportSharing: [R.getReportSharing.path] as const,
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
