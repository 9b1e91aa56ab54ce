/**
 * Where the server reads the time and waits for it. Everything that stamps, ages or limits by
 * time (receipt times, the limits' windows, Retry-After, readiness's ages, the store's sweep,
 * the mail outbox) and everything that waits (the outbox's and the notifier's sleeps, lease
 * renewals, readiness's time limit, the sweeps and the visit counter's flushes) takes a clock
 * from buildApp, so tests move time by hand instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once, `ms` from now. */
  setTimeout(callback: () => void, ms: number): Timer;
  /** Stops a timer from `setTimeout`; one that has fired or stopped already is left alone. */
  clearTimeout(timer: Timer | undefined): void;
  /** Calls `callback` every `ms`. */
  setInterval(callback: () => void, ms: number): Timer;
  /** Stops a timer from `setInterval`. */
  clearInterval(timer: Timer | undefined): void;
}

/** A timer a clock started. */
export interface Timer {
  /** Lets the process end while the timer waits. */
  unref(): void;
}

/** The system's own clock and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout | undefined),
};
