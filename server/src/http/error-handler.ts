import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES } from '@redflag/contracts/errors';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { rateLimitRefusalFields } from './rate-limit.ts';
import type { AppEnv } from './types.ts';

/** What @hono/node-server hands a route as `c.env` (absent for in-process requests in tests). */
interface NodeBindings {
  incoming?: { readableAborted?: boolean; aborted?: boolean; complete?: boolean; destroyed?: boolean };
}

/**
 * The client closed the connection before its request was read (a closed tab, a cancelled fetch, a lost
 * network). Reading the body then fails with node's ECONNRESET "aborted", which is not ours to fix and
 * must not be mistaken for the database going away. Told from the request itself.
 */
function isClientAbort(c: Context<AppEnv>): boolean {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (
    incoming &&
    (incoming.readableAborted === true ||
      incoming.aborted === true ||
      (incoming.destroyed === true && incoming.complete === false))
  )
    return true;
  try {
    return c.req.raw.signal.aborted;
  } catch {
    return false;
  }
}

/** nginx's "client closed request": only ever seen in our own access log, the client is gone. */
const CLIENT_CLOSED_REQUEST = 499 as ContentfulStatusCode;

export function errorBody(
  code: string,
  message: string,
  extra: { details?: unknown; retryAfterSeconds?: number } = {},
) {
  return {
    error: {
      code,
      message,
      ...(extra.details !== undefined ? { details: extra.details } : {}),
      ...(extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: extra.retryAfterSeconds } : {}),
    },
  };
}

/** The one error handler: AppError → its status and code; anything unknown → logged, generic 500. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    // Every 429 carries the RateLimit fields of the rule that refused it, added to any the route already set
    // for its other policies.
    const refusal = rateLimitRefusalFields(err);
    if (refusal && !(c.res.headers.get('RateLimit-Policy') ?? '').includes(refusal['RateLimit-Policy'] ?? ''))
      for (const [name, value] of Object.entries(refusal)) c.header(name, value, { append: true });
    return c.json(
      errorBody(err.code, err.message, { details: err.details, retryAfterSeconds: err.retryAfterSeconds }),
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413)
      return c.json(errorBody('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE ?? 'Too large'), 413);
    if (status === 401) return c.json(errorBody('UNAUTHORIZED', 'Authentication required'), 401);
    return c.json(errorBody('BAD_REQUEST', err.message || 'Bad request'), status as ContentfulStatusCode);
  }
  const log = c.get('log');
  if (isClientAbort(c)) {
    // Not an error of ours: info, and only the error's type and code (never what the client had sent).
    const code = (err as { code?: unknown }).code;
    log?.info(
      { abort: { type: err.name, ...(typeof code === 'string' ? { code } : {}) } },
      'client aborted the request',
    );
    return c.json(errorBody('BAD_REQUEST', 'Request aborted by the client'), CLIENT_CLOSED_REQUEST);
  }
  if (isDatabaseUnavailable(err)) {
    log?.warn({ err }, 'database unavailable');
    c.header('Retry-After', '5');
    return c.json(
      errorBody('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again in a moment.'),
      503,
    );
  }
  // Through the logger's error serializer: name, code, query text and stack frames, never the message of a
  // failed query (it carries the parameters: message text, phone, e-mail, names) nor driver detail.
  log?.error({ err }, 'unhandled error');
  return c.json(errorBody('INTERNAL_ERROR', 'Something went wrong. Please try again.'), 500);
}
