import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES } from '@redflag/contracts/errors';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from './types.ts';

// Errors that mean "the database is not there right now": answered 503, not 500, so that clients and
// load balancers retry; the pool reconnects by itself when it is back.
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNAVAILABLE.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

export function errorBody(code: string, message: string, extra: { details?: unknown; retryAfterSeconds?: number } = {}) {
  return { error: { code, message, ...(extra.details !== undefined ? { details: extra.details } : {}), ...(extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: extra.retryAfterSeconds } : {}) } };
}

/** The one error handler: AppError → its status and code; anything unknown → logged, generic 500. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(errorBody(err.code, err.message, { details: err.details, retryAfterSeconds: err.retryAfterSeconds }), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return c.json(errorBody('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE ?? 'Too large'), 413);
    if (status === 401) return c.json(errorBody('UNAUTHORIZED', 'Authentication required'), 401);
    return c.json(errorBody('BAD_REQUEST', err.message || 'Bad request'), status as ContentfulStatusCode);
  }
  const log = c.get('log');
  if (isDatabaseUnavailable(err)) {
    log?.warn({ err }, 'database unavailable');
    c.header('Retry-After', '5');
    return c.json(errorBody('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again in a moment.'), 503);
  }
  // Through the logger's error serializer: name, code, query text and stack frames, never the message of a
  // failed query (it carries the parameters: message text, phone, e-mail, names) nor driver detail.
  log?.error({ err }, 'unhandled error');
  return c.json(errorBody('INTERNAL_ERROR', 'Something went wrong. Please try again.'), 500);
}
