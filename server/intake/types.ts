/**
 * Feedback: a message as the visitor sent it and as it is stored, its status, and the
 * store's side of the feedback route (accepting a message once, within the caps).
 * Times are milliseconds since the epoch.
 */
import type { FeedbackFormValues } from '../../common/feedback.ts';

/** How long an Idempotency-Key is remembered: 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'dead';

/** A message's status as the owner sees it. */
export type MessageStatus = DeliveryState | 'spam';

export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'pending',
  'sending',
  'sent',
  'dead',
  'spam',
];

/**
 * Why a message was taken for spam: the hidden field was filled (`honeypot`), the form was
 * sent within two seconds of being opened (`too-fast`), the message is mostly links
 * (`mostly-links`), or the owner marked it (`owner`).
 */
/**
 * Why a message is kept from the owner's mail: a spam signal, or (`over-hourly-cap`) it came
 * past the hourly cap over all visitors and is held for the owner to read and release, or
 * (`owner`) the owner marked it as spam.
 */
export type SpamReason = 'honeypot' | 'too-fast' | 'mostly-links' | 'over-hourly-cap' | 'owner';

/**
 * A cap on accepted messages, kept in the store so that it holds across restarts and
 * across every instance on one database: at most `max` messages under `key` in any
 * `windowMs`. 0 turns it off.
 */
export interface AcceptanceCap {
  key: string;
  max: number;
  windowMs: number;
}

/** A message to store: the form's fields, and how it came. */
export interface NewFeedback extends FeedbackFormValues {
  appName: string;
  /** Taken for spam: stored, never mailed. */
  spam: boolean;
  /** Why it was taken for spam; default `honeypot`. */
  spamReason?: SpamReason;
  idempotencyKey?: string;
  receivedAt: number;
  /** The caps this message counts against; it is refused when one is full. */
  caps?: readonly AcceptanceCap[];
  /** Queue a push notification of it (never for spam); default false. */
  notify?: boolean;
  /** The language of the page it was sent from, where not the site's default (`es`). */
  language?: string;
}

export type AcceptResult =
  | { kind: 'stored'; id: string }
  /** The Idempotency-Key was seen before: nothing new was stored. */
  | { kind: 'replayed'; id: string }
  /** A cap is full: nothing was stored; it has room again at `retryAt`. */
  | { kind: 'capped'; key: string; retryAt: number };

/** A message's own row: as stored, without its delivery (its columns: `MESSAGES`, tables.ts). */
export interface MessageRecord extends FeedbackFormValues {
  id: string;
  receivedAt: number;
  appName: string;
  spam: boolean;
  /** Why it was taken for spam; null when it was not. */
  spamReason: SpamReason | null;
  /** When the owner marked it read; null while unread. */
  readAt: number | null;
  /** The language of the page it was sent from (`es`); null: the site's default language. */
  language: string | null;
}

/** A message with its delivery. */
export interface StoredMessage extends MessageRecord {
  status: MessageStatus;
  attempts: number;
  queuedAt: number | null;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
  sentAt: number | null;
  leaseUntil: number | null;
}

/** Too many messages wait for their commit: the store is slow or stalled. Try again later. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  constructor(limit: number) {
    super(`${limit} messages already wait for the store`);
  }
}

/** The feedback route: stores messages, once each, within the caps. */
export interface FeedbackIntake {
  /**
   * Stores a message (with its outbox entry) durably; resolves once it is committed.
   * Rejects with a QueueFullError, at once, when too many wait for their commit already.
   */
  accept(item: NewFeedback): Promise<AcceptResult>;
  /** The id stored under an Idempotency-Key seen in the last 24 hours. */
  findReplay(key: string, now: number): Promise<string | undefined>;
  /**
   * Forgets the caps' secret that older versions kept in the store beside the digests it
   * made (a backup of both reversed to the addresses): the secret is now the server's
   * (`CAPS_KEY`, or one made at start), never stored.
   */
  forgetKeySalt(): Promise<void>;
  /** Forgets Idempotency-Keys older than 24 hours and caps' entries past their window. */
  forgetExpired(now: number): Promise<void>;
}
