import { z } from 'zod';
import { RISK_BAND_LABELS, RISK_BAND_SCAM, RISK_BAND_SUSPICIOUS, RISK_BANDS, riskBand } from './constants.ts';
import { storedScanSchema, type StoredScan } from './scan.ts';
import { storableString } from './text.ts';

/**
 * The public API (/v1, docs/decisions/073): API keys as the account page manages them,
 * and the headers the API adds to the web app's scan contracts (scan.ts), which it reuses unchanged.
 */

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs, support). */
export const API_KEY_PREFIX = 'rf_live_';
/** How many characters of a key are stored and shown in the list: `rf_live_` and four more. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
/** Active (not revoked) keys one account may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_NAME_MAX_LENGTH = 60;

export const createApiKeyRequestSchema = z.object({
  name: storableString({ error: 'Please give the key a name' })
    .trim()
    .min(1, 'Please give the key a name')
    .max(API_KEY_NAME_MAX_LENGTH, `A key name can be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as the account page lists it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `rf_live_AbCd`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

/** POST /api/api-keys: the one answer that holds the whole key. It is not stored and cannot be shown again. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().startsWith(API_KEY_PREFIX) });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** POST /v1/scans: a retry with the same key and body answers the first request's scan (kept 24 hours). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that replays an earlier request's result. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Printable ASCII without spaces, as UUIDs and the usual random tokens are. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is 1 to 255 printable ASCII characters');

/**
 * A scan as /v1 answers it: the stored scan of the web app, with the verdict the web app shows for its score,
 * as a band to branch on and as the label people read.
 */
export const apiScanSchema = storedScanSchema.extend({
  verdict: z
    .enum(RISK_BANDS)
    .describe(
      `The verdict for riskScore, as the web app shows it: \`scam\` from ${RISK_BAND_SCAM}, \`suspicious\` from ${RISK_BAND_SUSPICIOUS} to ${RISK_BAND_SCAM - 1}, \`legitimate\` below ${RISK_BAND_SUSPICIOUS}.`,
    ),
  verdictLabel: z
    .enum([RISK_BAND_LABELS.scam, RISK_BAND_LABELS.suspicious, RISK_BAND_LABELS.legitimate])
    .describe('The verdict in the words the web app shows it.'),
});
export type ApiScan = z.infer<typeof apiScanSchema>;

/** The /v1 answer for a stored scan: its verdict from the score bands, beside everything else. */
export function withVerdict(scan: StoredScan): ApiScan {
  const band = riskBand(scan.riskScore);
  return { ...scan, verdict: band, verdictLabel: RISK_BAND_LABELS[band] };
}
