import { rateLimitFieldsOf, type RateHit, type RateRule } from '../http/rate-limit.ts';

/** Each API key's quota over all /v1 calls (docs/decisions/074). The scans also count in the web app's per-user limit. */
export const API_PER_KEY: RateRule = { name: 'api-key', limit: 60, windowSeconds: 60 };

/**
 * GET /v1/lookup per account, over all its keys (decision 103): enough for any honest integration, too few to
 * walk a numbering plan and learn which numbers were reported.
 */
export const LOOKUPS_PER_USER: RateRule = { name: 'lookups:user', limit: 1000, windowSeconds: 86_400 };

/**
 * Requests with a missing, unknown or revoked key, per client address and key prefix (the key's first 12
 * characters, `rf_live_` and four more; anything that is no key of ours counts as one prefix). Past the limit
 * that client's failures answer 429 instead of 401, and a key it was refused is refused again from memory
 * with no database lookup, until the window ends. A valid key is never refused by it, and counting by prefix
 * as well means one broken client behind a shared address slows down itself, not every API user there.
 */
export const API_KEY_FAILURES: RateRule = { name: 'api-key-failures:ip-prefix', limit: 30, windowSeconds: 600 };

/** The RateLimit fields of one policy (rate-limit.ts rateLimitFieldsOf). */
export function rateLimitHeaders(rule: RateRule, hit: RateHit): Record<string, string> {
  return rateLimitFieldsOf([[rule, hit]]);
}

/** Several policies that all apply to a request, as the fields' lists: a client keeps under every one. */
export const rateLimitHeadersOf = rateLimitFieldsOf;
