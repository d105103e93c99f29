import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  MAX_ACTIVE_API_KEYS,
  type ApiKey,
  type CreatedApiKey,
} from '@redflag/contracts/api';
import type { ScanInput, StoredScan } from '@redflag/contracts/scan';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { getScan, runScan, type ScanRate } from '../scans/scans.service.ts';
import {
  claimIdempotency,
  completeIdempotency,
  countActiveApiKeys,
  dropStaleIdempotency,
  findActiveKeyByHash,
  findIdempotency,
  insertApiKey,
  listApiKeys,
  releaseIdempotency,
  revokeApiKey,
  sweepIdempotency,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repo.ts';

type Ctx = Pick<
  AppContext,
  'config' | 'database' | 'clock' | 'logger' | 'metrics' | 'engine' | 'enginePool' | 'knownBad'
>;

/** The caller of a /v1 request, as its key identifies it. */
export interface ApiCaller {
  keyId: string;
  userId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A claim older than this whose scan never finished is taken to be abandoned (the server stopped mid-scan). */
const ABANDONED_CLAIM_MS = 5 * 60_000;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * A new key: 256 random bits after the recognisable prefix. Only its SHA-256 is stored (a key has full
 * entropy, so a fast hash is enough: there is nothing to guess), and the key is returned this once.
 */
export async function createApiKey(ctx: Ctx, userId: string, name: string): Promise<CreatedApiKey> {
  if ((await countActiveApiKeys(ctx.database.db, userId)) >= MAX_ACTIVE_API_KEYS) {
    throw new AppError(
      'CONFLICT',
      `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
    );
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const row = await insertApiKey(ctx.database.db, {
    userId,
    name,
    prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
    keyHash: sha256(key),
    createdAt: ctx.clock.now(),
  });
  ctx.logger.info({ apiKeyId: row.id }, 'api key created');
  return { ...toApiKey(row), key };
}

export async function getApiKeys(ctx: Ctx, userId: string): Promise<ApiKey[]> {
  return (await listApiKeys(ctx.database.db, userId)).map(toApiKey);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function revokeKey(ctx: Ctx, userId: string, id: string): Promise<ApiKey> {
  const row = UUID.test(id) ? await revokeApiKey(ctx.database.db, userId, id, ctx.clock.now()) : null;
  if (!row) throw new AppError('NOT_FOUND', 'API key not found');
  ctx.logger.info({ apiKeyId: row.id }, 'api key revoked');
  return toApiKey(row);
}

/** The hash a key is looked up by, from an Authorization header; 401 when it holds no key of ours. */
export function apiKeyHashOf(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  if (!key || !key.startsWith(API_KEY_PREFIX)) {
    throw new AppError('UNAUTHORIZED', 'Send a valid API key as Authorization: Bearer rf_live_...');
  }
  return sha256(key);
}

/** The 401 of a well-formed key that names no usable key (unknown or revoked). */
export const unknownApiKey = () => new AppError('UNAUTHORIZED', 'This API key is not valid or has been revoked');

/** The bearer key of a /v1 request → its owner; anything else (missing, unknown, revoked) is 401. */
export async function authenticateApiKey(ctx: Ctx, authorization: string | undefined): Promise<ApiCaller> {
  const row = await findActiveKeyByHash(ctx.database.db, apiKeyHashOf(authorization));
  if (!row) throw unknownApiKey();
  await touchApiKey(ctx.database.db, row.id, ctx.clock.now());
  return { keyId: row.id, userId: row.userId };
}

/** The body as the scan sees it, in a stable form: key order and absent fields do not change the hash. */
function requestHash(input: ScanInput): string {
  const entries = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return sha256(JSON.stringify(entries));
}

/**
 * POST /v1/scans: the web app's scan (same entitlement, quota and engine), optionally under an
 * Idempotency-Key. The first request with a key claims it before scanning, so a concurrent retry gets 409
 * instead of a second scan; a later retry with the same body gets the stored scan back (replayed); with a
 * different body, 422. A failed scan releases the key. Keys are kept 24 hours.
 */
export async function createScanForApi(
  ctx: Ctx,
  caller: ApiCaller,
  input: ScanInput,
  idempotencyKey: string | undefined,
  rate: ScanRate | null = null,
): Promise<{ scan: StoredScan; replayed: boolean }> {
  if (idempotencyKey === undefined)
    return { scan: await runScan(ctx, caller.userId, input, { rate }), replayed: false };

  const { db } = ctx.database;
  const now = ctx.clock.now();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
  await dropStaleIdempotency(
    db,
    caller.keyId,
    idempotencyKey,
    expiredBefore,
    new Date(now.getTime() - ABANDONED_CLAIM_MS),
  );
  const hash = requestHash(input);

  if (
    !(await claimIdempotency(db, { apiKeyId: caller.keyId, key: idempotencyKey, requestHash: hash, createdAt: now }))
  ) {
    const held = await findIdempotency(db, caller.keyId, idempotencyKey);
    if (held && held.requestHash !== hash) {
      throw new AppError('VALIDATION_ERROR', 'This Idempotency-Key was already used with a different request body', {
        details: { reason: 'idempotency_key_reused' },
      });
    }
    if (held?.scanId) return { scan: await getScan(ctx, caller.userId, held.scanId), replayed: true };
    throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed; retry in a moment', {
      retryAfterSeconds: 1,
    });
  }

  let scan: StoredScan;
  try {
    scan = await runScan(ctx, caller.userId, input, { rate });
  } catch (err) {
    await releaseIdempotency(db, caller.keyId, idempotencyKey);
    throw err;
  }
  await completeIdempotency(db, caller.keyId, idempotencyKey, scan.id);
  void sweepIdempotency(db, expiredBefore).catch(() => {});
  return { scan, replayed: false };
}
