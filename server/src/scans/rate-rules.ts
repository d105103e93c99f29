import type { RateRule } from '../http/rate-limit.ts';

/**
 * A person pasting messages does a few a minute; this stops scripted abuse of one account. Shared by the web
 * app's POST /api/scans and the public API's POST /v1/scans (one bucket per account for both).
 */
export const SCANS_PER_USER: RateRule = { name: 'scans:user', limit: 30, windowSeconds: 60 };
