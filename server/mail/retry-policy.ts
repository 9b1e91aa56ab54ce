/**
 * When a failed delivery is tried again, and when it is given up. Temporary failures
 * (no connection, time-outs, 4xx replies) are retried with capped exponential backoff and
 * jitter for about five days, as RFC 5321 §4.5.4.1 advises. A refusal of the site itself
 * (its login, its sender address, the relay, the owner's address) pauses all delivery; only
 * a refusal of one message's content is final for that message.
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
 * `temporary`: this message is tried again later. `permanent`: this message is refused for
 * good (dead). `pause`: the mail server refuses the site, not the message; every message
 * waits until the settings are fixed.
 */
export type FailureKind = 'temporary' | 'permanent' | 'pause';

export interface ClassifiedFailure {
  kind: FailureKind;
  /** SMTP reply code, when the server answered. */
  responseCode?: number;
  /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EENVELOPE, EAUTH, …). */
  code?: string;
  /** The SMTP stage that failed (CONN, AUTH PLAIN, MAIL FROM, RCPT TO, DATA, …). */
  command?: string;
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

/** Stages of the SMTP session that concern the site, not one message's content. */
const SITE_STAGES = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH\b.*|MAIL FROM|RCPT TO)$/;

/**
 * Sorts a send error:
 * - `pause`: a refused login or a login required (530, 535, any EAUTH), a security or
 *   policy refusal (enhanced status 5.7.x), a 5xx reply at connection, greeting, STARTTLS,
 *   MAIL FROM (the site's sender) or RCPT TO (the owner's own address), and a TLS failure
 *   (a certificate or STARTTLS problem): all settings of the site, the same for every message;
 * - `permanent`: any other 5xx reply, that is to the message itself (DATA);
 * - `temporary`: everything else (4xx, no connection, time-outs).
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
  const command = property(error, 'command');
  const result: ClassifiedFailure = { kind: 'temporary', detail };
  if (typeof code === 'string') result.code = code;
  if (typeof command === 'string') result.command = command;
  if (typeof responseCode === 'number') result.responseCode = responseCode;
  const refused = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  if (
    code === 'EAUTH' ||
    code === 'ETLS' ||
    responseCode === 530 ||
    responseCode === 535 ||
    (refused && /^5\d\d[ -]5\.7\.\d{1,3}\b/.test(typeof reply === 'string' ? reply : '')) ||
    (refused && typeof command === 'string' && SITE_STAGES.test(command))
  ) {
    result.kind = 'pause';
  } else if (refused) {
    result.kind = 'permanent';
  }
  return result;
}
