/**
 * The owner: the owner's queries and changes over messages (the command and the inbox),
 * and the owner's access (passkeys, sessions, sign-in tickets, the audit list).
 */
import type { AcceptanceCap, MessageStatus, StoredMessage } from '../intake/types.ts';
import type { DeliveryAttempt, DeliveryCounts, DeliveryPause } from '../mail/types.ts';

export interface ListOptions {
  status?: MessageStatus | undefined;
  appName?: string | undefined;
  /** Only messages whose sender's name or address, or text, hold these words (any case). */
  search?: string | undefined;
  /** Only those the owner has not marked read. */
  unread?: boolean | undefined;
  /** Only those after this one in the order (a page after the last of the one before). */
  after?: Pick<StoredMessage, 'receivedAt' | 'id'> | undefined;
  /** Newest first, at most this many; default all. */
  limit?: number | undefined;
}

/** What `purge` removes: delivered messages by delivery time, spam by receipt time. */
export interface PurgeCounts {
  sent: number;
  spam: number;
}

export type RetryResult =
  | {
      kind: 'queued';
      message: StoredMessage;
      /**
       * What it was: dead or spam (queued again, with a fresh delivery cycle), or waiting,
       * `pending` or `sending` (due now, its attempts kept).
       */
      was: MessageStatus;
    }
  | { kind: 'not-found' }
  | { kind: 'ambiguous'; ids: string[] }
  | { kind: 'already'; message: StoredMessage };

/** What became of the owner's change of one message (marking it spam). */
export type ChangeResult =
  | { kind: 'changed'; message: StoredMessage }
  | { kind: 'not-found' }
  | { kind: 'ambiguous'; ids: string[] }
  /** It is already so, or being sent right now: left as it is. */
  | { kind: 'already'; message: StoredMessage };

export type FindResult = StoredMessage | { ambiguous: string[] } | undefined;

/** The owner's command: queries and the owner's own changes. */
export interface OwnerQueries {
  /** A message by its full id, or by a prefix that only one id has. */
  find(idOrPrefix: string): Promise<FindResult>;
  attemptsOf(id: string): Promise<DeliveryAttempt[]>;
  /** Messages, newest first. */
  list(options?: ListOptions): Promise<StoredMessage[]>;
  /** Messages one at a time (for exports of any size), newest first. */
  iterate(options?: ListOptions): AsyncIterable<StoredMessage>;
  /**
   * Queues a dead message again, with a fresh delivery cycle; spam gets an outbox entry. A
   * waiting message is due now, its attempts kept; in a pause of delivery, so is the pause's
   * next try.
   */
  retry(idOrPrefix: string, now: number): Promise<RetryResult>;
  /** Releases a message taken for spam to the outbox; only spam. */
  releaseSpam(idOrPrefix: string, now: number): Promise<RetryResult>;
  /**
   * Takes a message for spam: it leaves the outbox (never mailed, or not again) and is
   * listed as spam, until released. A message being sent right now is left as it is.
   */
  markSpam(idOrPrefix: string): Promise<ChangeResult>;
  /** Marks a message read at `now`, or unread; undefined when there is no such message. */
  markRead(id: string, read: boolean, now: number): Promise<StoredMessage | undefined>;
  /** Queues every dead message again; returns how many. */
  retryAllDead(now: number): Promise<number>;
  counts(): Promise<DeliveryCounts>;
  sentSince(since: number): Promise<{ count: number; first: number | null }>;
  deliveryPause(): Promise<DeliveryPause | undefined>;
  /** Messages per app, most first. */
  countByApp(): Promise<{ appName: string; count: number }[]>;
  /** What `purge(before)` would delete. */
  countPurgeable(before: number): Promise<PurgeCounts>;
  /**
   * Deletes messages delivered before `before` and spam received before it, with their
   * delivery attempts and Idempotency-Keys. Waiting and dead messages are kept, however old.
   */
  purge(before: number, now: number): Promise<PurgeCounts>;
  /** How many messages were sent from this address (any case), in any status. */
  countBySender(email: string): Promise<number>;
  /** Deletes every message from this address (any case), in any status: an erasure request. */
  forgetSender(email: string): Promise<number>;
  /**
   * After a deletion: no copy of a deleted row is left where the engine can clear it.
   * Resolves false when something running kept part of that from happening (try again).
   */
  reclaimSpace(): Promise<boolean>;
  /** Where the store is and how large, for the owner's eyes. */
  location(): Promise<{ description: string; bytes: number }>;
  /** A consistent copy of the whole store in `file`, taken while the server runs. */
  backup(file: string): Promise<void>;
}

/** A passkey of the owner's. */
export interface Passkey {
  /** The credential's id, base64url. */
  id: string;
  /** Its public key (COSE), base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use. */
  counter: number;
  transports: string[];
  /** What the owner called it, e.g. "Laptop". */
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A signed-in session of the owner's pages. */
export interface OwnerSession {
  /** The digest of its cookie's secret. */
  id: string;
  /** The passkey it was opened with; null once that passkey is removed. */
  passkeyId: string | null;
  createdAt: number;
  /** When it was last used (kept to the minute). */
  seenAt: number;
  /** When it was signed out or revoked; null while open. */
  endedAt: number | null;
  address: string;
  userAgent: string;
}

/**
 * A one-time ticket: an enrolment link (`enrol-link`, by the digest of its secret), or the
 * challenge of a passkey ceremony: adding the first passkey through a link (`enrol`, its
 * subject the link's id), signing in (`sign-in`), adding one while signed in
 * (`add-passkey`, its subject the session's id).
 */
export interface OwnerTicket {
  id: string;
  kind: 'enrol-link' | 'enrol' | 'sign-in' | 'add-passkey';
  subject: string | null;
  expiresAt: number;
}

/** What the owner did, or was refused, for the owner's audit list. */
export type AuditAction =
  | 'link-created'
  | 'enrolled'
  | 'signed-in'
  | 'sign-in-refused'
  | 'signed-out'
  | 'session-revoked'
  | 'passkey-added'
  | 'passkey-removed'
  | 'marked-read'
  | 'marked-unread'
  | 'marked-spam'
  | 'released-spam'
  | 'retried'
  | 'sent-now'
  | 'sender-forgotten'
  | 'purged'
  | 'exported';

export interface NewAuditEntry {
  at: number;
  action: AuditAction;
  /** What it concerned: a message id, a passkey's name, a count; never a visitor's address. */
  detail?: string | undefined;
  /** The address it came from. */
  address?: string | undefined;
}

export interface AuditEntry {
  id: string;
  at: number;
  action: AuditAction;
  detail: string | null;
  address: string | null;
}

/** The owner's sign-in: passkeys, sessions, one-time tickets and the audit list. */
export interface OwnerAccess {
  passkeys(): Promise<Passkey[]>;
  passkey(id: string): Promise<Passkey | undefined>;
  /** Keeps a ticket until it expires; a new enrolment link replaces any other. */
  issueTicket(ticket: OwnerTicket, audit?: NewAuditEntry): Promise<void>;
  /** A ticket that is there and not expired, left in place. */
  ticket(id: string, kind: OwnerTicket['kind'], now: number): Promise<OwnerTicket | undefined>;
  /** Takes a ticket once: there and not expired, it is deleted and returned. */
  takeTicket(id: string, kind: OwnerTicket['kind'], now: number): Promise<OwnerTicket | undefined>;
  /**
   * The first passkey through an enrolment link: takes the link, keeps the passkey, opens
   * the session, in one transaction. False (and nothing kept) when the link was used or
   * ran out meanwhile.
   */
  enrol(
    linkId: string,
    passkey: Passkey,
    session: OwnerSession,
    audit: NewAuditEntry,
  ): Promise<boolean>;
  /** A sign-in: the passkey's new counter and use, and the new session. */
  signIn(
    passkeyId: string,
    counter: number,
    session: OwnerSession,
    audit: NewAuditEntry,
  ): Promise<void>;
  addPasskey(passkey: Passkey, audit: NewAuditEntry): Promise<void>;
  /** Counts a passkey's use (its new counter) outside a sign-in. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  /** Removes a passkey, never the last one (the owner could no longer sign in). */
  removePasskey(id: string, audit: NewAuditEntry): Promise<'removed' | 'last' | 'not-found'>;
  session(id: string): Promise<OwnerSession | undefined>;
  /** Sessions not ended, newest first. */
  openSessions(): Promise<OwnerSession[]>;
  touchSession(id: string, at: number): Promise<void>;
  /** Ends a session (sign-out, revocation); false when it had ended already. */
  endSession(id: string, at: number, audit: NewAuditEntry): Promise<boolean>;
  audit(entry: NewAuditEntry): Promise<void>;
  /** The audit list, newest first: `limit` entries before `before` (an entry's id). */
  auditLog(limit: number, before?: string): Promise<AuditEntry[]>;
  /** Whether one of `caps` is full now (nothing is counted): when it frees up. */
  capsFull(caps: readonly AcceptanceCap[], now: number): Promise<{ retryAt: number } | null>;
  /** Counts an attempt against `caps`; refused, and not counted, when one is full. */
  countAttempt(
    caps: readonly AcceptanceCap[],
    now: number,
  ): Promise<{ ok: true } | { ok: false; retryAt: number }>;
  /** Forgets expired tickets, sessions begun before `sessionsBefore`, and old activity. */
  forgetExpired(now: number, sessionsBefore: number): Promise<void>;
}
