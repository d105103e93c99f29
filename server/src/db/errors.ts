/**
 * PostgreSQL errors by SQLSTATE, read through the wrappers the drivers and Drizzle put around them
 * (DrizzleQueryError keeps the driver's error as `cause`). Same codes on PGlite and node-postgres.
 */
function* causes(err: unknown): Generator<Record<string, unknown>> {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as Record<string, unknown>;
  }
}

/** True when `err` is a unique violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of causes(err)) {
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint)) return true;
  }
  return false;
}

// "The database is not there right now": network errors of the driver's socket and PostgreSQL's shutdown /
// connection-failure SQLSTATEs. Answered 503 so that clients and load balancers retry; the pool reconnects
// by itself when the database is back. A client that aborts its own request raises ECONNRESET too: the
// error handler tells that case apart first (http/error-handler.ts), from the request, not the error.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGE = /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i;

/** True when `err` says the database cannot be reached (or went away mid-query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
