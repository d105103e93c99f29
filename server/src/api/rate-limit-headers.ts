import type { RateHit, RateRule } from '../http/rate-limit.ts';

/** Each API key's quota over all /v1 calls (docs/decisions/074). The scans also count in the web app's per-user limit. */
export const API_PER_KEY: RateRule = { name: 'api-key', limit: 60, windowSeconds: 60 };

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy as quota `q` per window `w`
 * seconds, and what is left of it, `r` requests for `t` more seconds, both under the policy's name.
 */
export function rateLimitHeaders(rule: RateRule, hit: RateHit): Record<string, string> {
  const reset = hit.retryAfterSeconds > 0 ? hit.retryAfterSeconds : rule.windowSeconds;
  return {
    'RateLimit-Policy': `"${rule.name}";q=${rule.limit};w=${rule.windowSeconds}`,
    RateLimit: `"${rule.name}";r=${hit.remaining};t=${reset}`,
  };
}
