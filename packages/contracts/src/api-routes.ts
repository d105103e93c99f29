import { z } from 'zod';
import type { PathParamNames, RouteSpec } from './route-spec.ts';
import { accountExportSchema, deleteAccountRequestSchema, deleteAccountResponseSchema } from './account.ts';
import { apiKeyListSchema, apiKeySchema, createApiKeyRequestSchema, createdApiKeySchema } from './api.ts';
import {
  authActionResponseSchema,
  authUserSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  linkedAccountListSchema,
  sessionResponseSchema,
} from './auth.ts';
import {
  checkoutSessionResponseSchema,
  conversionPreviewSchema,
  conversionResponseSchema,
  createPortalSessionRequestSchema,
  planSchema,
  portalResponseSchema,
  scanUsageSchema,
  subscriptionStatusResponseSchema,
  trialConversionCheckSchema,
  trialStatusSchema,
} from './billing.ts';
import { publicConfigSchema } from './config.ts';
import { scanContextPatchSchema } from './scan-context.ts';
import { contactRequestSchema, contactResponseSchema } from './contact.ts';
import { analyticsEventSchema } from './events.ts';
import { forwardingAddressSchema } from './inbound.ts';
import { reportSharingSchema } from './reputation.ts';
import {
  feedbackRequestSchema,
  feedbackResponseSchema,
  sharedScanSchema,
  shareRequestSchema,
  shareResponseSchema,
} from './feedback.ts';
import {
  deleteScansResponseSchema,
  type SCAN_TOTAL_HEADER,
  scanListQuerySchema,
  scanListSchema,
  scanRequestSchema,
  storedScanSchema,
  userStatsSchema,
} from './scan.ts';

/**
 * The web app's API, one row per route: method, path, what it takes and what it answers (docs/decisions/083).
 * The client builds every call from this table and parses every answer with the row's `response`
 * (client/src/lib/api.ts); server/src/test/route-table.test.ts calls each row on the real app and parses
 * the real answers, so a server change that breaks a row fails a test. Paths name their parameters
 * `:like-this`; `response` is the 2xx body (`z.undefined()` for 204 No Content); `status` is the 2xx status
 * when it is 201 (else 200, or 204 for `z.undefined()`); `headers` lists the response headers the client
 * reads, by lower-case name. `access: 'public'` marks the rows that answer without a session; every other row
 * answers 401 UNAUTHORIZED to a request without one (server/src/test/route-table.test.ts holds the server to it).
 * The fields are the one route spec's (route-spec.ts), which the public API's rows share.
 */

/** A row of the web app's API: the one route spec (route-spec.ts) with audience 'web', under /api. */
export type ApiRouteSpec = RouteSpec & { audience: 'web'; path: `/api/${string}` };

/** GET /api/scans's X-Total-Count, by the lower-case name Headers objects use. */
const TOTAL_HEADER = 'x-total-count' satisfies Lowercase<typeof SCAN_TOTAL_HEADER>;

const route = <const R extends Omit<ApiRouteSpec, 'audience'>>(spec: R): R & { audience: 'web' } => ({
  audience: 'web',
  ...spec,
});

export const API_ROUTES = {
  // Public
  getConfig: route({ method: 'GET', path: '/api/config', access: 'public', response: publicConfigSchema }),
  sendContact: route({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    body: contactRequestSchema,
    response: contactResponseSchema,
  }),
  sendEvent: route({
    method: 'POST',
    path: '/api/events',
    access: 'public',
    body: analyticsEventSchema,
    response: z.undefined(),
  }),
  getSharedScan: route({ method: 'GET', path: '/api/shared/:token', access: 'public', response: sharedScanSchema }),

  // Accounts (better-auth's endpoints where the path says /api/auth, except /api/auth/user)
  getSession: route({
    method: 'GET',
    path: '/api/auth/get-session',
    access: 'public',
    response: sessionResponseSchema,
  }),
  getAuthUser: route({ method: 'GET', path: '/api/auth/user', response: authUserSchema }),
  listSignInMethods: route({ method: 'GET', path: '/api/auth/list-accounts', response: linkedAccountListSchema }),
  changeEmail: route({
    method: 'POST',
    path: '/api/auth/change-email',
    body: changeEmailBodySchema,
    response: authActionResponseSchema,
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/change-password',
    body: changePasswordBodySchema,
    response: authActionResponseSchema,
  }),
  /** Signing out without a session is not an error: it answers success, as better-auth does. */
  signOut: route({
    method: 'POST',
    path: '/api/auth/sign-out',
    access: 'public',
    body: z.object({}),
    response: authActionResponseSchema,
  }),
  /** Signs every device out, this one included (the account page's "sign out everywhere"). */
  revokeSessions: route({
    method: 'POST',
    path: '/api/auth/revoke-sessions',
    body: z.object({}),
    response: authActionResponseSchema,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/api/account/delete',
    body: deleteAccountRequestSchema,
    response: deleteAccountResponseSchema,
  }),
  /** A file download: the browser saves the answer under the name in Content-Disposition. */
  exportAccount: route({
    method: 'GET',
    path: '/api/account/export',
    response: accountExportSchema,
    headers: z.object({ 'content-disposition': z.string() }),
  }),
  // Whether the account's flagged scans count in reports for other users (decision 103)
  getReportSharing: route({ method: 'GET', path: '/api/account/report-sharing', response: reportSharingSchema }),
  saveReportSharing: route({
    method: 'PUT',
    path: '/api/account/report-sharing',
    body: reportSharingSchema,
    response: reportSharingSchema,
  }),

  // Plan, trial and billing
  getPlan: route({ method: 'GET', path: '/api/users/plan', response: planSchema }),
  getScanUsage: route({ method: 'GET', path: '/api/users/scan-usage', response: scanUsageSchema }),
  getTrialStatus: route({ method: 'GET', path: '/api/users/trial-status', response: trialStatusSchema }),
  getSubscriptionStatus: route({
    method: 'GET',
    path: '/api/stripe/subscription-status',
    response: subscriptionStatusResponseSchema,
  }),
  checkTrialConversion: route({
    method: 'GET',
    path: '/api/check-trial-conversion',
    response: trialConversionCheckSchema,
  }),
  getConversionPreview: route({
    method: 'GET',
    path: '/api/billing/conversion-preview',
    response: conversionPreviewSchema,
  }),
  convertTrial: route({ method: 'POST', path: '/api/convert-trial', response: conversionResponseSchema }),
  cancelSubscription: route({ method: 'POST', path: '/api/billing/cancel', response: planSchema }),
  createCheckoutSession: route({
    method: 'POST',
    path: '/api/create-checkout-session',
    response: checkoutSessionResponseSchema,
  }),
  openBillingPortal: route({ method: 'POST', path: '/api/billing/portal', response: portalResponseSchema }),
  createPortalSession: route({
    method: 'POST',
    path: '/api/stripe/create-portal-session',
    body: createPortalSessionRequestSchema,
    response: portalResponseSchema,
  }),

  // Scans
  createScan: route({ method: 'POST', path: '/api/scans', body: scanRequestSchema, response: storedScanSchema }),
  listScans: route({
    method: 'GET',
    path: '/api/scans',
    query: scanListQuerySchema,
    response: scanListSchema,
    headers: z.object({ [TOTAL_HEADER]: z.coerce.number().int().min(0) }),
  }),
  getScan: route({ method: 'GET', path: '/api/scans/:id', response: storedScanSchema }),
  /** The user's answers about the sender and the chat, given or changed later: the scan is re-scored with them. */
  answerScan: route({
    method: 'PATCH',
    path: '/api/scans/:id',
    body: scanContextPatchSchema,
    response: storedScanSchema,
  }),
  deleteScan: route({ method: 'DELETE', path: '/api/scans/:id', response: deleteScansResponseSchema }),
  deleteAllScans: route({ method: 'DELETE', path: '/api/scans', response: deleteScansResponseSchema }),
  getScanStats: route({ method: 'GET', path: '/api/users/stats', response: userStatsSchema }),
  getFeedback: route({ method: 'GET', path: '/api/scans/:id/feedback', response: feedbackResponseSchema }),
  saveFeedback: route({
    method: 'PUT',
    path: '/api/scans/:id/feedback',
    body: feedbackRequestSchema,
    response: feedbackResponseSchema,
  }),
  getShare: route({ method: 'GET', path: '/api/scans/:id/share', response: shareResponseSchema }),
  saveShare: route({
    method: 'PUT',
    path: '/api/scans/:id/share',
    body: shareRequestSchema,
    response: shareResponseSchema,
  }),
  revokeShare: route({
    method: 'DELETE',
    path: '/api/scans/:id/share',
    response: z.object({ revoked: z.number().int().min(1) }),
  }),

  // API keys (the account page)
  listApiKeys: route({ method: 'GET', path: '/api/api-keys', response: apiKeyListSchema }),
  createApiKey: route({
    method: 'POST',
    path: '/api/api-keys',
    body: createApiKeyRequestSchema,
    response: createdApiKeySchema,
    status: 201,
  }),
  revokeApiKey: route({ method: 'DELETE', path: '/api/api-keys/:id', response: apiKeySchema }),

  // The forwarding address for e-mails to check (the account page)
  getForwardingAddress: route({ method: 'GET', path: '/api/forwarding-address', response: forwardingAddressSchema }),
  /** A new address; the old one is refused from then on. */
  renewForwardingAddress: route({
    method: 'POST',
    path: '/api/forwarding-address/renew',
    body: z.object({}),
    response: forwardingAddressSchema,
  }),
} as const satisfies Record<string, ApiRouteSpec>;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRouteName = keyof ApiRoutes;

type ParamsInput<R extends ApiRouteSpec> = [PathParamNames<R['path']>] extends [never]
  ? unknown
  : { params: Record<PathParamNames<R['path']>, string> };
type QueryInput<R extends ApiRouteSpec> = R extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : unknown;
type BodyInput<R extends ApiRouteSpec> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown;

/** What a call of the route needs: path parameters, query and body, each only when the route has one. */
export type ApiRouteInput<N extends ApiRouteName> = ParamsInput<ApiRoutes[N]> &
  QueryInput<ApiRoutes[N]> &
  BodyInput<ApiRoutes[N]>;
/** The route's answer, parsed. */
export type ApiRouteResponse<N extends ApiRouteName> = z.output<ApiRoutes[N]['response']>;
/** The response headers the route's caller reads, parsed; undefined when it reads none. */
export type ApiRouteHeaders<N extends ApiRouteName> = ApiRoutes[N] extends { headers: infer H extends z.ZodType }
  ? z.output<H>
  : undefined;

/** The route's path with its parameters filled in (each URI-encoded). */
export function apiRoutePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The query string for a route's query object: empty and absent values are left out. */
export function apiRouteSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
