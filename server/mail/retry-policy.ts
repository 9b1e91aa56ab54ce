/**
 * When a failed delivery is tried again, and when it is given up. Temporary failures
 * (no connection, time-outs, 4xx replies) are retried with capped exponential backoff and
 * jitter for about five days, as RFC 5321 §4.5.4.1 advises; a 5xx reply is final.
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

export type FailureKind = 'temporary' | 'permanent';

export interface ClassifiedFailure {
  kind: FailureKind;
  /** SMTP reply code, when the server answered. */
  responseCode?: number;
  /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EENVELOPE, EAUTH, …). */
  code?: string;
  /** One line for the store and the logs. */
  detail: string;
}

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)[key]
    : undefined;
}

// Addresses in a server's reply may be the visitor's: the logs and the store keep only the domain.
const ADDRESS_IN_TEXT = /[^\s<>@"']+@([^\s<>@"']+)/g;

/** Removes the local part of any email address in a text. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, '…@$1');
}

/**
 * Sorts a send error: a 5xx reply is permanent, except an authentication failure, which is
 * the server's settings (SMTP_URL) and not the message's fault, so it waits for a fix. All
 * else (4xx, connection, TLS, time-out) is temporary.
 */
export function classifySendError(error: unknown): ClassifiedFailure {
  const responseCode = property(error, 'responseCode');
  const code = property(error, 'code');
  const reply = property(error, 'response');
  const message =
    typeof reply === 'string'
      ? reply
      : error instanceof Error
        ? error.message
        : 'the mail could not be sent';
  const detail = withoutAddresses(message.replace(/\s+/g, ' ').trim()).slice(0, 500);
  const result: ClassifiedFailure = { kind: 'temporary', detail };
  if (typeof code === 'string') result.code = code;
  if (typeof responseCode === 'number') {
    result.responseCode = responseCode;
    if (responseCode >= 500 && responseCode < 600 && code !== 'EAUTH') result.kind = 'permanent';
  }
  return result;
}
