/**
 * The keyed hashes reports are stored as (docs/decisions/103-known-bad-lists-and-reports.md): HMAC-SHA256
 * under a key derived from the server secret, so that neither a value nor an account can be read back from
 * the table, nor a guessed number checked against it, without the secret. A new secret starts the counts
 * afresh (the old rows match nothing and leave the window).
 */
import { createHmac } from 'node:crypto';
import type { SightingKind } from '@redflag/contracts/reputation';

export interface SightingKeys {
  /** Names one value: the same for every account. */
  value(kind: SightingKind, value: string): string;
  /** Names one account and one value together: one report per account and value. */
  contributor(userId: string, kind: SightingKind, value: string): string;
}

export function sightingKeys(secret: string): SightingKeys {
  // A key of its own, so that these hashes can never equal anything else the secret signs.
  const key = createHmac('sha256', secret).update('redflag/reputation-sightings/v1').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    value: (kind, value) => mac(`value\u0000${kind}\u0000${value}`),
    contributor: (userId, kind, value) => mac(`contributor\u0000${userId}\u0000${kind}\u0000${value}`),
  };
}
