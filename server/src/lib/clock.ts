/**
 * The one source of "now" for rules that depend on time (trial end, period end, magic-link expiry checks).
 * With TEST_CLOCK=true (never in production) tests may move it forward through POST /api/test/clock.
 */
export interface Clock {
  now(): Date;
  /** Moves the clock forward; only allowed when the clock is adjustable. */
  advance(ms: number): void;
  readonly adjustable: boolean;
}

export function createClock(adjustable = false): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      if (!adjustable) throw new Error('clock is not adjustable');
      offsetMs += ms;
    },
    adjustable,
  };
}
