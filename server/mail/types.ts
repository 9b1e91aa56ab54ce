/**
 * Mail delivery: the outbox's rows and the queue the outbox worker claims messages from,
 * under a lease, recording each attempt.
 */
import type { StoredMessage } from '../intake/types.ts';
import type { JobClaimOptions } from '../jobs/types.ts';

/** A message claimed for sending, with the number of this attempt. */
export interface ClaimedMessage extends StoredMessage {
  attempt: number;
  queuedAt: number;
}

export interface DeliveryAttempt {
  attempt: number;
  startedAt: number;
  finishedAt: number;
  outcome: 'sent' | 'retry' | 'dead';
  detail: string | null;
}

export interface DeliveryCounts {
  /** Waiting for delivery, including those being sent now. */
  pending: number;
  /** Being sent now (leased). */
  sending: number;
  sent: number;
  dead: number;
  spam: number;
  /** When the oldest message still waiting was received; null when none waits. */
  oldestPendingReceivedAt: number | null;
}

export interface AttemptOutcome {
  /** The worker that claimed the message. */
  holder: string;
  attempt: number;
  startedAt: number;
  finishedAt: number;
  detail: string;
}

/** A claim of mail: always under the hourly cap (0: none). */
export interface ClaimOptions extends JobClaimOptions {
  maxPerHour: number;
}

/** Delivery stopped for every message because the mail server refuses the site itself. */
export interface DeliveryPause {
  /** The mail server's reply, without addresses. */
  reason: string;
  since: number;
  /** When delivery is tried again (one message). */
  retryAt: number;
}

/** The outbox worker: claims due messages under a lease and records each attempt. */
export interface OutboxQueue {
  /**
   * Claims due messages (and those whose lease ran out) in sending order, leased to
   * `holder` until `now + leaseMs`; no other worker gets them meanwhile. Each claim counts
   * as an attempt.
   */
  claim(options: ClaimOptions): Promise<ClaimedMessage[]>;
  /** Extends a lease still held by `holder`; false when it was lost. */
  renewLease(id: string, holder: string, until: number): Promise<boolean>;
  recordSent(id: string, outcome: AttemptOutcome): Promise<void>;
  recordRetry(id: string, outcome: AttemptOutcome & { nextAttemptAt: number }): Promise<void>;
  recordDead(id: string, outcome: AttemptOutcome): Promise<void>;
  /** Gives back `holder`'s claims at once (a graceful stop), due at `now`; returns how many. */
  releaseClaims(holder: string, now: number): Promise<number>;
  /** When the next message falls due (or a lease runs out); undefined when none waits. */
  nextDueAt(): Promise<number | undefined>;
  /** How many messages are due now. */
  countDue(now: number): Promise<number>;
  /** Due messages in the order they will be sent, from `offset`. */
  dueInSendOrder(now: number, limit: number, offset?: number): Promise<StoredMessage[]>;
  /** Mails sent after `since`, and when the first of them was sent. */
  sentSince(since: number): Promise<{ count: number; first: number | null }>;
  /** The current pause of delivery, if the mail server refuses the site. */
  deliveryPause(): Promise<DeliveryPause | undefined>;
  /**
   * Pauses delivery (or moves the next try of a pause); keeps the time it began. Resolves
   * true when delivery was not paused before; then, with `notify`, a push notification of
   * the pause is queued with it.
   */
  pauseDelivery(pause: DeliveryPause, notify?: boolean): Promise<boolean>;
  /** Ends a pause of delivery; true when there was one. */
  resumeDelivery(): Promise<boolean>;
  /**
   * Takes the turn to mail the digest of waiting messages, leased to `holder`: false when
   * one went out in the last hour, another instance holds it, or a failed one waits.
   */
  claimDigest(options: Omit<JobClaimOptions, 'limit'>): Promise<boolean>;
  /** The digest went out at `at`: the next one is an hour later at the soonest. */
  digestSent(at: number): Promise<void>;
  /** The digest could not be mailed: it is tried again at `retryAt`. */
  digestFailed(holder: string, retryAt: number, error: string): Promise<void>;
}

export interface AttemptRecord extends DeliveryAttempt {
  messageId: string;
}
