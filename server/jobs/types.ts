/**
 * The job queue: every task done after a request (a message's mail, the owner's push
 * notifications, the digest of mail waiting past the hourly cap) is a row of one `jobs` table, claimed under a lease by one instance,
 * tried, then sent, tried again later or dead.
 */

/** What a job does; its handler. */
export type JobKind = 'mail' | 'notify' | 'digest';

export type JobState = 'pending' | 'sending' | 'sent' | 'dead';

/** A job's row. */
export interface JobRecord {
  kind: JobKind;
  /** Unique within its kind; a job about a message has the message's id. */
  id: string;
  messageId: string | null;
  /** What the job needs beyond its message (a notification of a pause: its reason). */
  detail: string | null;
  state: JobState;
  /** Start of its current cycle: retries give up counting from here. */
  queuedAt: number;
  nextAttemptAt: number;
  attempts: number;
  leaseHolder: string | null;
  leaseUntil: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
  sentAt: number | null;
  /** What the receiver answered when it took the job (the mail server's reply). */
  response: string | null;
}

/** A job claimed by a worker, with the number of this attempt. */
export interface ClaimedJob {
  id: string;
  attempt: number;
  queuedAt: number;
  messageId: string | null;
  detail: string | null;
}

export interface JobClaimOptions {
  now: number;
  /** The claiming worker; only it may renew or record the claim. */
  holder: string;
  leaseMs: number;
  /** Jobs claimed at most. */
  limit: number;
  /**
   * The retries' first delay and longest delay, in ms: a claim whose lease runs out with
   * no outcome (the process died running it) is due again that much after its lease ends,
   * doubled with each attempt.
   */
  retryBaseMs: number;
  retryCapMs: number;
  /**
   * Jobs of the kind per hour at most, over every instance: those sent in the last hour
   * and those being run now count. 0 or none: no cap.
   */
  maxPerHour?: number;
}
