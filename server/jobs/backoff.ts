/**
 * When a failed job is tried again, and when it is given up: capped exponential backoff
 * with jitter, from a first delay, for a set time from when the job was queued. Every kind
 * of job follows it (mail: `mail/retry-policy.ts` decides which failures are worth a retry;
 * the push notifier: which answers are).
 */

export interface RetryPolicy {
  /** Delay after the first failure, in ms; doubled each time. */
  baseMs: number;
  /** Longest delay between two attempts, in ms. */
  capMs: number;
  /** Time from the first attempt after which a message is given up, in ms. */
  giveUpAfterMs: number;
}

export const HOUR_MS = 60 * 60 * 1000;

export function retryPolicy(settings: { baseMs: number; giveUpAfterHours: number }): RetryPolicy {
  return {
    baseMs: settings.baseMs,
    capMs: Math.max(HOUR_MS, settings.baseMs),
    giveUpAfterMs: settings.giveUpAfterHours * HOUR_MS,
  };
}

/**
 * The wait before the attempt after `attempt` failures: base·2^(attempt−1), capped, with
 * "equal jitter" (half fixed, half random) so many messages that failed together do not
 * come back together, and none comes back sooner than half its delay.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  const full = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.round(full / 2 + random() * (full / 2));
}

/**
 * When a job that failed at `at` in its attempt `job.attempt` is tried again; undefined
 * when that would be past its give-up time (then it is given up).
 */
export function nextAttemptAt(
  job: { attempt: number; queuedAt: number },
  at: number,
  policy: RetryPolicy,
  random = Math.random,
): number | undefined {
  const next = at + retryDelayMs(job.attempt, policy, random);
  return next > job.queuedAt + policy.giveUpAfterMs ? undefined : next;
}
