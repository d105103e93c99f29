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
