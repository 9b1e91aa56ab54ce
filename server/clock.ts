/**
 * Where the server reads the time. Everything that stamps, ages or limits by time (receipt
 * times, the limits' windows, Retry-After, readiness's ages, the store's sweep, the mail
 * outbox) takes a clock from buildApp, so tests move time by hand instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The system's own clock. */
export const systemClock: Clock = { now: () => Date.now() };
