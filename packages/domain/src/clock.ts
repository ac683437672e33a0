/**
 * The one source of "now" for the server, the sample data and the rules. Production reads the system clock; tests
 * set a clock that starts at a chosen instant (any weekday, any daylight-saving edge) so that no test depends on
 * the day it runs. Code never calls `new Date()` or `Date.now()` for the current time: it calls `now()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

/** The current instant from the clock in force. */
export function now(): Date {
  return current.now();
}

/** Replaces the clock in force (tests, the sample generator); answers the one it replaced. */
export function setClock(clock: Clock): Clock {
  const previous = current;
  current = clock;
  return previous;
}

/**
 * A clock that starts at `start` and then runs at real speed, so durations (idle sessions, throttling windows)
 * behave as they do in production while the calendar day is the one chosen.
 */
export function clockFrom(start: Date | string, realNow: () => number = Date.now): Clock {
  const startMs = typeof start === 'string' ? Date.parse(start) : start.getTime();
  if (Number.isNaN(startMs)) throw new Error(`not an instant: ${String(start)}`);
  const origin = realNow();
  return { now: () => new Date(startMs + (realNow() - origin)) };
}

/** Runs `fn` with the clock set to `clock`, then puts the previous clock back. */
export async function withClock<T>(clock: Clock, fn: () => Promise<T> | T): Promise<T> {
  const previous = setClock(clock);
  try {
    return await fn();
  } finally {
    setClock(previous);
  }
}
