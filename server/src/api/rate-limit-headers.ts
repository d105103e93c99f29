import type { RateHit, RateRule } from '../http/rate-limit.ts';

/** Each API key's quota over all /v1 calls (docs/decisions/074). The scans also count in the web app's per-user limit. */
export const API_PER_KEY: RateRule = { name: 'api-key', limit: 60, windowSeconds: 60 };

/**
 * GET /v1/lookup per account, over all its keys (decision 103): enough for any honest integration, too few to
 * walk a numbering plan and learn which numbers were reported.
 */
export const LOOKUPS_PER_USER: RateRule = { name: 'lookups:user', limit: 1000, windowSeconds: 86_400 };

/**
 * Requests from one address with a missing, unknown or revoked key. Past the limit the address gets 429
 * without a database lookup (each instance remembers the refusal until the window ends).
 */
export const API_KEY_FAILURES_PER_IP: RateRule = { name: 'api-key-failures:ip', limit: 30, windowSeconds: 600 };

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy as quota `q` per window `w`
 * seconds, and what is left of it, `r` requests for `t` more seconds, both under the policy's name.
 */
export function rateLimitHeaders(rule: RateRule, hit: RateHit): Record<string, string> {
  return rateLimitHeadersOf([[rule, hit]]);
}

/** Several policies that all apply to a request, as the fields' lists: a client keeps under every one. */
export function rateLimitHeadersOf(policies: ReadonlyArray<readonly [RateRule, RateHit]>): Record<string, string> {
  const reset = (rule: RateRule, hit: RateHit) =>
    hit.retryAfterSeconds > 0 ? hit.retryAfterSeconds : rule.windowSeconds;
  return {
    'RateLimit-Policy': policies.map(([rule]) => `"${rule.name}";q=${rule.limit};w=${rule.windowSeconds}`).join(', '),
    RateLimit: policies.map(([rule, hit]) => `"${rule.name}";r=${hit.remaining};t=${reset(rule, hit)}`).join(', '),
  };
}
