/**
 * The feedback store as the rest of the server sees it: one small interface per consumer
 * (the feedback route, the outbox, the owner's command, the readiness probe), implemented
 * by two engines, SQLite (sqlite/engine.ts, the default, one machine) and PostgreSQL
 * (postgres/engine.ts, any number of instances on one database). open.ts picks one.
 * Nothing above these interfaces knows which engine runs.
 *
 * Times are milliseconds since the epoch. Every call is asynchronous: PostgreSQL is across
 * the network, SQLite's writes are on a thread of their own.
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

export interface ClaimOptions {
  now: number;
  /** The claiming worker; only it may renew or record the claim. */
  holder: string;
  leaseMs: number;
  /** Messages claimed at most. */
  limit: number;
  /**
   * Mails per hour at most, over every instance: those sent in the last hour and those
   * being sent now count. 0 means no cap.
   */
  maxPerHour: number;
  /**
   * The delivery retries' first delay and longest delay, in ms: a claim whose lease runs out
   * with no outcome (the process died sending it) is due again that much after its lease
   * ends, doubled with each attempt.
   */
  retryBaseMs: number;
  retryCapMs: number;
}

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

/** Delivery stopped for every message because the mail server refuses the site itself. */
export interface DeliveryPause {
  /** The mail server's reply, without addresses. */
  reason: string;
  since: number;
  /** When delivery is tried again (one message). */
  retryAt: number;
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

/** The store's settings are wrong, or it cannot be used as it is; the message says why. */
export class StoreSettingsError extends Error {
  override name = 'StoreSettingsError';
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
  /** When the last digest of waiting messages was mailed; null when never. */
  lastDigestAt(): Promise<number | null>;
  /**
   * Takes the turn to mail a digest at `at`, if the last one is still `previous` (no other
   * instance took it meanwhile); false when another did.
   */
  claimDigest(at: number, previous: number | null): Promise<boolean>;
  /** Gives the turn back after a digest that could not be mailed. */
  releaseDigest(at: number, previous: number | null): Promise<void>;
}

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

/** A push notification claimed for sending, with what it tells. */
export interface ClaimedNotification {
  id: string;
  kind: 'message' | 'delivery-paused';
  /** The number of this attempt. */
  attempt: number;
  createdAt: number;
  /** The new message (kind `message`). */
  message?: Pick<
    StoredMessage,
    'id' | 'appName' | 'firstName' | 'lastName' | 'email' | 'message' | 'receivedAt'
  >;
  /** The pause's reason (kind `delivery-paused`). */
  detail: string | null;
}

/** The push notifier: claims due notifications under a lease and records each attempt. */
export interface NotificationQueue {
  claim(options: {
    now: number;
    holder: string;
    leaseMs: number;
    limit: number;
  }): Promise<ClaimedNotification[]>;
  /** Delivered: it is deleted. */
  recordSent(id: string, holder: string): Promise<void>;
  recordRetry(id: string, holder: string, nextAttemptAt: number, error: string): Promise<void>;
  recordDead(id: string, holder: string, error: string): Promise<void>;
  releaseClaims(holder: string, now: number): Promise<number>;
  /** When the next notification falls due (or a lease runs out); undefined when none waits. */
  nextDueAt(): Promise<number | undefined>;
}

/** The readiness probe. */
export interface StoreHealth {
  /** Writes one row and commits it; rejects when the store cannot be written. */
  probeWrite(now: number): Promise<void>;
  counts(): Promise<DeliveryCounts>;
  deliveryPause(): Promise<DeliveryPause | undefined>;
  /** The engine and the version of its schema that is applied. */
  schema(): { engine: StoreEngine; version: number };
}

export type StoreEngine = 'sqlite' | 'postgres';

/** One row of any table, for copying a whole store from one engine to another. */
export type StoreRow =
  | { table: 'messages'; row: MessageRecord }
  | { table: 'outbox'; row: OutboxRecord }
  | { table: 'delivery_attempts'; row: AttemptRecord }
  | { table: 'idempotency_keys'; row: { key: string; messageId: string; createdAt: number } }
  | { table: 'meta'; row: { key: string; value: string } }
  | { table: 'visit_counts'; row: VisitCountRecord }
  | { table: 'owner_passkeys'; row: Passkey }
  | { table: 'owner_audit'; row: AuditEntry }
  | { table: 'notifications'; row: NotificationRecord };

/** A day's count of one thing, as stored: its visitors already counted. */
export interface VisitCountRecord {
  day: VisitDay;
  dimension: VisitDimension;
  key: string;
  detail: string;
  hits: number;
  visitors: number;
}

/** A push notification's row. */
export interface NotificationRecord {
  id: string;
  kind: ClaimedNotification['kind'];
  messageId: string | null;
  detail: string | null;
  createdAt: number;
  state: 'pending' | 'sending' | 'dead';
  nextAttemptAt: number;
  attempts: number;
  leaseHolder: string | null;
  leaseUntil: number | null;
  lastError: string | null;
}

export interface OutboxRecord {
  messageId: string;
  state: DeliveryState;
  queuedAt: number;
  nextAttemptAt: number;
  attempts: number;
  leaseHolder: string | null;
  leaseUntil: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
  sentAt: number | null;
  smtpResponse: string | null;
}

export interface AttemptRecord extends DeliveryAttempt {
  messageId: string;
}

/** Copying a whole store: every row out of one, into another that is empty. */
export interface StoreTransfer {
  /** Every row, parents before children. */
  rows(): AsyncIterable<StoreRow>;
  /** True when the store holds no message, no outbox entry and no key. */
  isEmpty(): Promise<boolean>;
  /** Writes every row in one transaction; refuses (StoreSettingsError) a store not empty. */
  load(rows: AsyncIterable<StoreRow>): Promise<Record<StoreRow['table'], number>>;
}

/**
 * What a visit counts, one row a day each: the site as a whole (key ''), a page (its path),
 * an app (its slug), a device class, a referrer's domain, a path that found no page, a
 * button of an app (key the slug, detail the button) and a QR code shown (the same).
 */
export type VisitDimension =
  'site' | 'page' | 'app' | 'device' | 'referrer' | 'not-found' | 'button' | 'qr';

/** A day, as the visit counts name it: `YYYY-MM-DD`, in UTC. */
export type VisitDay = string;

/** One day's count of one thing, as an instance adds what it saw since its last flush. */
export interface VisitCount {
  day: VisitDay;
  dimension: VisitDimension;
  key: string;
  /** The button of a `button` or `qr` count; '' for the others. */
  detail: string;
  /** Page views, visits from a referrer, or clicks, to add. */
  hits: number;
  /**
   * The visitors seen, each as a digest keyed with the day's salt and what was seen: one
   * counts once a day, over every instance, however often it is sent.
   */
  visitors: readonly string[];
}

/** A running instance of the server, as the day's salt is shared with it. */
export interface VisitInstance {
  instance: string;
  /** Its public key (X25519, SPKI, base64url); the private key is in its memory only. */
  publicKey: string;
}

/** The day's salt sealed to one instance's public key. */
export interface VisitSaltShare {
  instance: string;
  sealed: string;
}

/** Where the day's salt stands, as an instance sees it when it says it runs. */
export interface VisitSaltState {
  /** This instance's share of the day's salt; undefined when it has none. */
  own: string | undefined;
  /** Whether a running instance holds a share of the day's salt. */
  shared: boolean;
  /** The running instances without a share of the day's salt yet (this one among them). */
  without: VisitInstance[];
}

/** The visit counter of an instance: its sums, and the day's salt it shares with the others. */
export interface VisitRecorder {
  /** Adds counts, each visitor counted once a day; one transaction. */
  record(counts: readonly VisitCount[]): Promise<void>;
  /**
   * Says that `me` runs (instances silent since `staleBefore` are forgotten) and where the
   * salt of `day` stands.
   */
  heartbeat(
    me: VisitInstance,
    day: VisitDay,
    now: number,
    staleBefore: number,
  ): Promise<VisitSaltState>;
  /**
   * Stores a new salt for `day`, sealed to each running instance, unless a running instance
   * holds one already (another made it first): then false, and nothing is stored.
   */
  offerSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Promise<boolean>;
  /** Gives instances that have none their share of the salt of `day`. */
  shareSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Promise<void>;
  /**
   * Forgets counts of days before `keepSince`, and the visitors' digests and the salt's
   * shares of days before `today`.
   */
  forget(keepSince: VisitDay, today: VisitDay): Promise<void>;
}

/** The periods the owner reads visits over, in days up to today. */
export type VisitPeriod = 7 | 30 | 365;

/** Days from `from` to `to`, both included. */
export interface VisitRange {
  from: VisitDay;
  to: VisitDay;
}

/** Page views and visitors; visitors over several days are the sum of each day's. */
export interface VisitTotals {
  views: number;
  visitors: number;
}

export interface VisitDayTotals extends VisitTotals {
  day: VisitDay;
}

export interface PageVisits extends VisitTotals {
  /** The page's path, e.g. `/echoexpense/privacy`. */
  page: string;
}

/** The buttons of an app's page whose clicks are counted. */
export type VisitButton = 'landing' | 'appStore' | 'playStore' | 'testFlight';

export interface AppVisits extends VisitTotals {
  /** The app's slug. */
  app: string;
  /** Clicks on each of its buttons (on its page or in All Projects). */
  clicks: Record<VisitButton, number>;
  /** Its App Store, Play Store and TestFlight clicks together. */
  storeClicks: number;
  /** Store clicks per page view of the app (0 without views). */
  clickThroughRate: number;
  /** Times each button's QR code was shown (once per page view at most). */
  qrShown: Record<VisitButton, number>;
}

export interface ReferrerVisits {
  /** The referring site's domain, without `www.`; `(other)`: the day's least visited, past its bound. */
  domain: string;
  /** Visits that arrived from it. */
  visits: number;
}

export interface NotFoundVisits {
  /** The path that found no page; `(other)` past the day's distinct ones. */
  path: string;
  views: number;
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export interface DeviceVisits extends VisitTotals {
  device: DeviceClass;
}

/** Everything the owner's page shows of one period. */
export interface VisitReport {
  range: VisitRange;
  totals: VisitTotals;
  /** Every day of the range, oldest first, days without visits at 0. */
  days: VisitDayTotals[];
  /** Most viewed first. */
  pages: PageVisits[];
  /** Most viewed first; an app with clicks but no views is listed too. */
  apps: AppVisits[];
  /** Most visits first. */
  referrers: ReferrerVisits[];
  /** Most views first. */
  notFound: NotFoundVisits[];
  devices: DeviceVisits[];
}

/** The owner's reading of visits. */
export interface VisitStats {
  /**
   * The report of the last `period` days up to the day of `now` (UTC); each list holds
   * `limit` entries at most (default 10), the days all of them.
   */
  report(period: VisitPeriod, now: number, limit?: number): Promise<VisitReport>;
  days(range: VisitRange): Promise<VisitDayTotals[]>;
  pages(range: VisitRange, limit: number): Promise<PageVisits[]>;
  apps(range: VisitRange, limit: number): Promise<AppVisits[]>;
  referrers(range: VisitRange, limit: number): Promise<ReferrerVisits[]>;
  notFound(range: VisitRange, limit: number): Promise<NotFoundVisits[]>;
  devices(range: VisitRange): Promise<DeviceVisits[]>;
}

/** An open store: one interface per consumer, and its end. */
export interface FeedbackStore {
  readonly intake: FeedbackIntake;
  readonly outbox: OutboxQueue;
  readonly owner: OwnerQueries;
  readonly ownerAccess: OwnerAccess;
  readonly notifications: NotificationQueue;
  readonly health: StoreHealth;
  readonly transfer: StoreTransfer;
  /** The visit counter's sums and the day's salt. */
  readonly visits: VisitRecorder;
  /** The owner's reading of visits. */
  readonly visitStats: VisitStats;
  /** Forgets Idempotency-Keys older than 24 hours and caps' entries past their window. */
  forgetExpired(now: number): Promise<void>;
  /** Commits what is waiting, then closes. */
  close(): Promise<void>;
}
