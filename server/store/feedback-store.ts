/**
 * The durable store of feedback: one SQLite file in DATA_DIR, in WAL mode with
 * synchronous=FULL (both checked when it opens), so a committed message survives a crash
 * or a power cut. The server answers 202 only after `accept` has resolved, that is after
 * the message and its outbox entry were committed together. Nothing undelivered is ever
 * deleted by `purge` (delivered messages and spam only); `forgetSender` removes one
 * sender's messages on request. Deleted rows are overwritten (`secure_delete`) and the
 * freed pages given back to the disk (`auto_vacuum = INCREMENTAL`, see `reclaimSpace`).
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { GroupCommit } from './group-commit.ts';
import { newMessageId } from './ids.ts';
import { MIGRATIONS } from './schema.ts';
import { ThreadWriter } from './thread-writer.ts';
import type { WriteArgs, WriteMethod, WriteResult } from './write-methods.ts';

/** The store's file inside DATA_DIR. */
export const STORE_FILE = 'feedback.sqlite';

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
 * sent within two seconds of being opened (`too-fast`), or the message is mostly links
 * (`mostly-links`).
 */
export type SpamReason = 'honeypot' | 'too-fast' | 'mostly-links';

export interface NewFeedback {
  appName: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** Taken for spam: stored, never mailed. */
  spam: boolean;
  /** Why it was taken for spam; default `honeypot`. */
  spamReason?: SpamReason;
  idempotencyKey?: string;
  receivedAt: number;
}

export interface AcceptResult {
  id: string;
  /** True when the Idempotency-Key was seen before: nothing new was stored. */
  replayed: boolean;
}

export interface StoredMessage {
  id: string;
  receivedAt: number;
  appName: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  spam: boolean;
  /** Why it was taken for spam; null when it was not. */
  spamReason: SpamReason | null;
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
  owner: string;
  attempt: number;
  startedAt: number;
  finishedAt: number;
  detail: string;
}

export interface ListOptions {
  status?: MessageStatus | undefined;
  appName?: string | undefined;
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
  | { kind: 'queued'; message: StoredMessage }
  | { kind: 'not-found' }
  | { kind: 'ambiguous'; ids: string[] }
  | { kind: 'already'; message: StoredMessage };

export class StoreSettingsError extends Error {
  override name = 'StoreSettingsError';
}

export interface OpenStoreOptions {
  /** Create the folder and the file when missing; default true. The owner's tools pass false. */
  create?: boolean;
  /** Ms to wait for another process's write lock; default 5000. */
  busyTimeoutMs?: number;
  /** Messages waiting for their commit at most (a stalled disk); default 1024. */
  queueLimit?: number;
}

interface MessageRow {
  id: string;
  received_at: number;
  app_name: string;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  spam: number;
  spam_reason: string | null;
  state: DeliveryState | null;
  attempts: number | null;
  queued_at: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_error: string | null;
  sent_at: number | null;
  lease_until: number | null;
}

const SELECT_MESSAGE = `
  SELECT m.id, m.received_at, m.app_name, m.first_name, m.last_name, m.email, m.message, m.spam,
         m.spam_reason, o.state, o.attempts, o.queued_at, o.next_attempt_at, o.last_attempt_at, o.last_error,
         o.sent_at, o.lease_until
  FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;

function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    receivedAt: row.received_at,
    appName: row.app_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    message: row.message,
    spam: row.spam === 1,
    spamReason: row.spam === 1 ? ((row.spam_reason ?? 'honeypot') as SpamReason) : null,
    // Spam has no outbox entry. Any other message always has one; were it ever missing, it
    // shows as dead, the status the owner is told to look at.
    status: row.state ?? (row.spam === 1 ? 'spam' : 'dead'),
    attempts: row.attempts ?? 0,
    queuedAt: row.queued_at,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    leaseUntil: row.lease_until,
  };
}

/**
 * Due messages in the order they are sent: messages whose lease ran out (a send cut short)
 * first; then in rounds, each round taking the newest due message of every app, newest
 * first. So each app gets an equal share of the hourly mail cap whatever another app
 * receives, and within an app the newest message goes first.
 */
const DUE_IN_SEND_ORDER = `
  SELECT message_id, row_number() OVER (
           ORDER BY state = 'sending' DESC, turn, received_at DESC, message_id DESC) AS position
  FROM (
    SELECT o.message_id, o.state, m.received_at,
           row_number() OVER (PARTITION BY m.app_name ORDER BY m.received_at DESC, m.id DESC) AS turn
    FROM outbox o JOIN messages m ON m.id = o.message_id
    WHERE (o.state = 'pending' AND o.next_attempt_at <= @now)
       OR (o.state = 'sending' AND o.lease_until <= @now))`;

const META_PAUSE = 'delivery_pause';
const META_DIGEST = 'last_digest_at';

/** The SQL condition for a status, on the SELECT_MESSAGE aliases. */
function statusCondition(status: MessageStatus): string {
  return status === 'spam' ? 'o.state IS NULL AND m.spam = 1' : `o.state = '${status}'`;
}

export class FeedbackStore {
  readonly file: string;
  readonly db: Database.Database;
  readonly #group: GroupCommit<NewFeedback, AcceptResult>;
  readonly #statements;
  readonly #busyTimeoutMs: number;
  #writer: ThreadWriter | undefined;

  private constructor(
    file: string,
    db: Database.Database,
    busyTimeoutMs: number,
    queueLimit: number,
  ) {
    this.file = file;
    this.db = db;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#statements = {
      findKey: db.prepare<[string], { message_id: string; created_at: number }>(
        'SELECT message_id, created_at FROM idempotency_keys WHERE key = ?',
      ),
      deleteKey: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE key = ?'),
      insertKey: db.prepare<[string, string, number]>(
        'INSERT INTO idempotency_keys (key, message_id, created_at) VALUES (?, ?, ?)',
      ),
      insertMessage: db.prepare<
        [
          {
            id: string;
            receivedAt: number;
            appName: string;
            firstName: string;
            lastName: string;
            email: string;
            message: string;
            spam: number;
            spamReason: string | null;
          },
        ]
      >(
        `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
         VALUES (@id, @receivedAt, @appName, @firstName, @lastName, @email, @message, @spam, @spamReason)`,
      ),
      insertOutbox: db.prepare<[string, number, number]>(
        `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at) VALUES (?, 'pending', ?, ?)`,
      ),
      claim: db.prepare<
        [{ now: number; owner: string; leaseUntil: number; limit: number }],
        { message_id: string; attempts: number; queued_at: number }
      >(
        `UPDATE outbox
         SET state = 'sending', lease_owner = @owner, lease_until = @leaseUntil,
             attempts = attempts + 1, last_attempt_at = @now
         WHERE message_id IN (
           SELECT message_id FROM (${DUE_IN_SEND_ORDER}) ORDER BY position LIMIT @limit)
         RETURNING message_id, attempts, queued_at`,
      ),
      dueInSendOrder: db.prepare<[{ now: number; limit: number; offset: number }], MessageRow>(
        `WITH due AS (${DUE_IN_SEND_ORDER})
         ${SELECT_MESSAGE} JOIN due ON due.message_id = m.id
         ORDER BY due.position LIMIT @limit OFFSET @offset`,
      ),
      countDue: db.prepare<[{ now: number }], { count: number }>(
        `SELECT count(*) AS count FROM outbox
         WHERE (state = 'pending' AND next_attempt_at <= @now)
            OR (state = 'sending' AND lease_until <= @now)`,
      ),
      readMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      writeMeta: db.prepare<[string, string]>(
        `INSERT INTO meta (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ),
      deleteMeta: db.prepare<[string]>('DELETE FROM meta WHERE key = ?'),
      receivedSince: db.prepare<[number], { received_at: number }>(
        'SELECT received_at FROM messages WHERE received_at > ? ORDER BY received_at',
      ),
      renewLease: db.prepare<[number, string, string]>(
        `UPDATE outbox SET lease_until = ? WHERE message_id = ? AND state = 'sending' AND lease_owner = ?`,
      ),
      markSent: db.prepare<[number, string, string]>(
        `UPDATE outbox SET state = 'sent', sent_at = ?, smtp_response = ?, last_error = NULL,
           lease_owner = NULL, lease_until = NULL
         WHERE message_id = ? AND state IN ('sending', 'pending', 'dead')`,
      ),
      markRetry: db.prepare<[number, string, string, string]>(
        `UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = ?,
           lease_owner = NULL, lease_until = NULL
         WHERE message_id = ? AND state = 'sending' AND lease_owner = ?`,
      ),
      markDead: db.prepare<[string, string, string]>(
        `UPDATE outbox SET state = 'dead', last_error = ?, lease_owner = NULL, lease_until = NULL
         WHERE message_id = ? AND state = 'sending' AND lease_owner = ?`,
      ),
      insertAttempt: db.prepare<[string, number, number, number, string, string]>(
        `INSERT OR REPLACE INTO delivery_attempts
           (message_id, attempt, started_at, finished_at, outcome, detail)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      nextDue: db.prepare<[], { at: number | null }>(
        `SELECT min(at) AS at FROM (
           SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'
           UNION ALL
           SELECT min(lease_until) AS at FROM outbox WHERE state = 'sending')`,
      ),
      sentSince: db.prepare<[number], { count: number; first: number | null }>(
        `SELECT count(*) AS count, min(sent_at) AS first FROM outbox WHERE sent_at > ?`,
      ),
      countStates: db.prepare<[], { state: DeliveryState; count: number }>(
        'SELECT state, count(*) AS count FROM outbox GROUP BY state',
      ),
      countSpam: db.prepare<[], { count: number }>(
        `SELECT count(*) AS count FROM messages m
         WHERE m.spam = 1 AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.message_id = m.id)`,
      ),
      oldestPending: db.prepare<[], { at: number | null }>(
        `SELECT min(m.received_at) AS at FROM outbox o JOIN messages m ON m.id = o.message_id
         WHERE o.state IN ('pending', 'sending')`,
      ),
      probe: db.prepare<[string]>(
        `INSERT INTO meta (key, value) VALUES ('ready_probe', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ),
      messageById: db.prepare<[string], MessageRow>(`${SELECT_MESSAGE} WHERE m.id = ?`),
      messagesByPrefix: db.prepare<[string], MessageRow>(
        `${SELECT_MESSAGE} WHERE m.id >= ? ORDER BY m.id LIMIT 20`,
      ),
      attempts: db.prepare<
        [string],
        {
          attempt: number;
          started_at: number;
          finished_at: number;
          outcome: DeliveryAttempt['outcome'];
          detail: string | null;
        }
      >(
        `SELECT attempt, started_at, finished_at, outcome, detail FROM delivery_attempts
         WHERE message_id = ? ORDER BY attempt`,
      ),
      requeue: db.prepare<[number, number, string]>(
        `UPDATE outbox SET state = 'pending', queued_at = ?, next_attempt_at = ?, last_error = NULL,
           lease_owner = NULL, lease_until = NULL
         WHERE message_id = ? AND state = 'dead'`,
      ),
      requeueAllDead: db.prepare<[number, number]>(
        `UPDATE outbox SET state = 'pending', queued_at = ?, next_attempt_at = ?, last_error = NULL,
           lease_owner = NULL, lease_until = NULL
         WHERE state = 'dead'`,
      ),
      purgeSent: db.prepare<[number]>(
        `DELETE FROM messages WHERE id IN (
           SELECT message_id FROM outbox WHERE state = 'sent' AND sent_at < ?)`,
      ),
      purgeSpam: db.prepare<[number]>(
        `DELETE FROM messages WHERE spam = 1 AND received_at < ?
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.message_id = messages.id)`,
      ),
      countPurgeableSent: db.prepare<[number], { count: number }>(
        `SELECT count(*) AS count FROM outbox WHERE state = 'sent' AND sent_at < ?`,
      ),
      countPurgeableSpam: db.prepare<[number], { count: number }>(
        `SELECT count(*) AS count FROM messages WHERE spam = 1 AND received_at < ?
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.message_id = messages.id)`,
      ),
      countBySender: db.prepare<[string], { count: number }>(
        'SELECT count(*) AS count FROM messages WHERE email = ? COLLATE NOCASE',
      ),
      deleteBySender: db.prepare<[string]>('DELETE FROM messages WHERE email = ? COLLATE NOCASE'),
      purgeKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
      countByApp: db.prepare<[], { app_name: string; count: number }>(
        'SELECT app_name, count(*) AS count FROM messages GROUP BY app_name ORDER BY count DESC, app_name',
      ),
    };
    this.#group = new GroupCommit((items) => this.write('acceptGroup', items), {
      maxWaiting: queueLimit,
    });
  }

  /**
   * Opens (and, unless told otherwise, creates) the store in `dataDir`. Throws a
   * StoreSettingsError when the file cannot be put in WAL mode with synchronous=FULL.
   */
  static open(dataDir: string, options: OpenStoreOptions = {}): FeedbackStore {
    const { create = true, busyTimeoutMs = 5000, queueLimit = 1024 } = options;
    const file = path.join(path.resolve(dataDir), STORE_FILE);
    if (!create && !existsSync(file)) {
      throw new StoreSettingsError(
        `No feedback store at ${file}: the server creates it when it first starts (DATA_DIR sets the folder).`,
      );
    }
    // The store holds visitors' names and addresses: readable by the owner only.
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const db = new Database(file, { fileMustExist: !create });
    try {
      if (create) chmodSync(file, 0o600);
      db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') {
        throw new StoreSettingsError(
          `${file} cannot use WAL journal mode (got "${String(mode)}"); put DATA_DIR on a local disk.`,
        );
      }
      db.pragma('synchronous = FULL');
      const synchronous = db.pragma('synchronous', { simple: true });
      if (synchronous !== 2) {
        throw new StoreSettingsError(
          `${file} did not accept synchronous=FULL (got ${String(synchronous)}).`,
        );
      }
      db.pragma('foreign_keys = ON');
      db.pragma('trusted_schema = OFF');
      // Deleted rows are overwritten with zeros, so a purged name is not left in free pages.
      db.pragma('secure_delete = ON');
      if (create) useIncrementalVacuum(db);
      migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return new FeedbackStore(file, db, busyTimeoutMs, queueLimit);
  }

  /**
   * Moves the writes made through `write` (and `accept`) to a writer thread with its own
   * connection, so waiting for the disk or the lock never stops this thread (the server
   * does this; tools need not).
   */
  async startWriterThread(): Promise<void> {
    this.#writer ??= await ThreadWriter.start({
      dataDir: path.dirname(this.file),
      busyTimeoutMs: this.#busyTimeoutMs,
    });
  }

  /**
   * Runs a write on the writer thread when there is one, else here: the server's writes
   * go through this; the owner's tools and tests may call the methods directly.
   */
  async write<M extends WriteMethod>(method: M, ...args: WriteArgs<M>): Promise<WriteResult<M>> {
    if (this.#writer) return this.#writer.run(method, ...args);
    const run = this[method] as (...values: WriteArgs<M>) => WriteResult<M>;
    return run.apply(this, args);
  }

  /**
   * Makes the writer thread stall for `afterMs` and die, as a crash would: the writes sent
   * to it meanwhile fail (tests of that failure).
   */
  crashWriterThread(afterMs: number): void {
    this.#writer?.crash(afterMs);
  }

  /**
   * Stores a message (with its outbox entry) durably; resolves once it is on disk. Rejects
   * with a QueueFullError, at once, when too many wait for their commit already.
   */
  accept(item: NewFeedback): Promise<AcceptResult> {
    return this.#group.submit(item);
  }

  /** Commits a group of messages in one transaction; one result per item, in order. */
  acceptGroup(items: readonly NewFeedback[]): AcceptResult[] {
    const s = this.#statements;
    return this.db
      .transaction(() =>
        items.map((item): AcceptResult => {
          if (item.idempotencyKey !== undefined) {
            const known = s.findKey.get(item.idempotencyKey);
            if (known) {
              if (known.created_at > item.receivedAt - IDEMPOTENCY_TTL_MS) {
                return { id: known.message_id, replayed: true };
              }
              s.deleteKey.run(item.idempotencyKey);
            }
          }
          const id = newMessageId(item.receivedAt);
          s.insertMessage.run({
            id,
            receivedAt: item.receivedAt,
            appName: item.appName,
            firstName: item.firstName,
            lastName: item.lastName,
            email: item.email,
            message: item.message,
            spam: item.spam ? 1 : 0,
            spamReason: item.spam ? (item.spamReason ?? 'honeypot') : null,
          });
          if (!item.spam) s.insertOutbox.run(id, item.receivedAt, item.receivedAt);
          if (item.idempotencyKey !== undefined) {
            s.insertKey.run(item.idempotencyKey, id, item.receivedAt);
          }
          return { id, replayed: false };
        }),
      )
      .immediate();
  }

  /** The id stored under an Idempotency-Key seen in the last 24 hours. */
  findReplay(key: string, now: number): string | undefined {
    const known = this.#statements.findKey.get(key);
    return known && known.created_at > now - IDEMPOTENCY_TTL_MS ? known.message_id : undefined;
  }

  /**
   * Claims up to `limit` messages that are due (or whose lease ran out), leasing them to
   * `owner` until `now + leaseMs`. Each claim counts as an attempt.
   */
  claimDue(options: { now: number; owner: string; leaseMs: number; limit: number }) {
    const { now, owner, leaseMs, limit } = options;
    return this.db
      .transaction((): ClaimedMessage[] => {
        const claimed = this.#statements.claim.all({
          now,
          owner,
          leaseUntil: now + leaseMs,
          limit,
        });
        return claimed.map((row) => {
          const found = this.#statements.messageById.get(row.message_id);
          if (!found) throw new Error(`Outbox entry ${row.message_id} has no message`);
          return { ...toMessage(found), attempt: row.attempts, queuedAt: row.queued_at };
        });
      })
      .immediate();
  }

  /** Extends a lease still held by `owner`; false when it was lost. */
  renewLease(id: string, owner: string, until: number): boolean {
    return this.#statements.renewLease.run(until, id, owner).changes === 1;
  }

  recordSent(id: string, outcome: AttemptOutcome): void {
    const s = this.#statements;
    this.db.transaction(() => {
      // Marked sent even when the lease was lost meanwhile: the mail did go out.
      s.markSent.run(outcome.finishedAt, outcome.detail, id);
      s.insertAttempt.run(
        id,
        outcome.attempt,
        outcome.startedAt,
        outcome.finishedAt,
        'sent',
        outcome.detail,
      );
    })();
  }

  recordRetry(id: string, outcome: AttemptOutcome & { nextAttemptAt: number }): void {
    const s = this.#statements;
    this.db.transaction(() => {
      s.markRetry.run(outcome.nextAttemptAt, outcome.detail, id, outcome.owner);
      s.insertAttempt.run(
        id,
        outcome.attempt,
        outcome.startedAt,
        outcome.finishedAt,
        'retry',
        outcome.detail,
      );
    })();
  }

  recordDead(id: string, outcome: AttemptOutcome): void {
    const s = this.#statements;
    this.db.transaction(() => {
      s.markDead.run(outcome.detail, id, outcome.owner);
      s.insertAttempt.run(
        id,
        outcome.attempt,
        outcome.startedAt,
        outcome.finishedAt,
        'dead',
        outcome.detail,
      );
    })();
  }

  /** When the next message falls due (or a lease runs out); undefined when none waits. */
  nextDueAt(): number | undefined {
    return this.#statements.nextDue.get()?.at ?? undefined;
  }

  /** Due messages in the order they will be sent (see DUE_IN_SEND_ORDER), from `offset`. */
  dueInSendOrder(now: number, limit: number, offset = 0): StoredMessage[] {
    return this.#statements.dueInSendOrder.all({ now, limit, offset }).map(toMessage);
  }

  /** How many messages are due now. */
  countDue(now: number): number {
    return this.#statements.countDue.get({ now })?.count ?? 0;
  }

  /** When the messages received after `since` arrived, oldest first. */
  receivedSince(since: number): number[] {
    return this.#statements.receivedSince.all(since).map((row) => row.received_at);
  }

  /** The current pause of delivery, if the mail server refuses the site. */
  deliveryPause(): DeliveryPause | undefined {
    const row = this.#statements.readMeta.get(META_PAUSE);
    if (!row) return undefined;
    try {
      const value = JSON.parse(row.value) as Partial<DeliveryPause>;
      if (
        typeof value.reason === 'string' &&
        typeof value.since === 'number' &&
        typeof value.retryAt === 'number'
      ) {
        return { reason: value.reason, since: value.since, retryAt: value.retryAt };
      }
    } catch {
      // A damaged value counts as a pause that is due to be tried again.
    }
    return { reason: 'unknown', since: 0, retryAt: 0 };
  }

  /**
   * Pauses delivery (or moves the next try of a pause); keeps the time it began. Returns
   * true when delivery was not paused before.
   */
  pauseDelivery(pause: DeliveryPause): boolean {
    return this.db.transaction(() => {
      const current = this.deliveryPause();
      const value: DeliveryPause = { ...pause, since: current?.since ?? pause.since };
      this.#statements.writeMeta.run(META_PAUSE, JSON.stringify(value));
      return current === undefined;
    })();
  }

  /** Ends a pause of delivery; true when there was one. */
  resumeDelivery(): boolean {
    return this.#statements.deleteMeta.run(META_PAUSE).changes === 1;
  }

  /** When the last digest of waiting messages was mailed; null when never. */
  lastDigestAt(): number | null {
    const value = Number(this.#statements.readMeta.get(META_DIGEST)?.value);
    return Number.isFinite(value) ? value : null;
  }

  /** Records that a digest was mailed at `at`. */
  recordDigest(at: number): void {
    this.#statements.writeMeta.run(META_DIGEST, String(at));
  }

  /** Mails sent after `since`, and when the first of them was sent. */
  sentSince(since: number): { count: number; first: number | null } {
    return this.#statements.sentSince.get(since) ?? { count: 0, first: null };
  }

  counts(): DeliveryCounts {
    const counts: DeliveryCounts = {
      pending: 0,
      sending: 0,
      sent: 0,
      dead: 0,
      spam: this.#statements.countSpam.get()?.count ?? 0,
      oldestPendingReceivedAt: this.#statements.oldestPending.get()?.at ?? null,
    };
    for (const { state, count } of this.#statements.countStates.all()) counts[state] += count;
    counts.pending += counts.sending;
    return counts;
  }

  /** Writes one row and commits it; throws when the store cannot be written. */
  probeWrite(now: number): void {
    this.#statements.probe.run(String(now));
  }

  /** A message by its full id, or by a prefix that only one id has. */
  find(idOrPrefix: string): StoredMessage | { ambiguous: string[] } | undefined {
    const exact = this.#statements.messageById.get(idOrPrefix);
    if (exact) return toMessage(exact);
    if (idOrPrefix.length < 4) return undefined;
    const matches = this.#statements.messagesByPrefix
      .all(idOrPrefix)
      .filter((row) => row.id.startsWith(idOrPrefix));
    const [first, ...rest] = matches;
    if (!first) return undefined;
    if (rest.length > 0) return { ambiguous: matches.map((row) => row.id) };
    return toMessage(first);
  }

  attemptsOf(id: string): DeliveryAttempt[] {
    return this.#statements.attempts.all(id).map((row) => ({
      attempt: row.attempt,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      outcome: row.outcome,
      detail: row.detail,
    }));
  }

  /** Messages, newest first. */
  list(options: ListOptions = {}): StoredMessage[] {
    return [...this.iterate(options)];
  }

  /** Messages one at a time (for exports of any size), newest first. */
  *iterate(options: ListOptions = {}): Generator<StoredMessage> {
    const conditions: string[] = [];
    const params: (string | number)[] = [];
    if (options.status) conditions.push(statusCondition(options.status));
    if (options.appName !== undefined) {
      conditions.push('m.app_name = ?');
      params.push(options.appName);
    }
    let sql = SELECT_MESSAGE;
    if (conditions.length > 0) sql += ` WHERE ${conditions.join(' AND ')}`;
    sql += ' ORDER BY m.received_at DESC, m.id DESC';
    if (options.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(options.limit);
    }
    for (const row of this.db.prepare<(string | number)[], MessageRow>(sql).iterate(...params)) {
      yield toMessage(row);
    }
  }

  /** Queues a dead message again, with a fresh delivery cycle. Spam gets an outbox entry. */
  retry(idOrPrefix: string, now: number): RetryResult {
    const found = this.find(idOrPrefix);
    if (!found) return { kind: 'not-found' };
    if ('ambiguous' in found) return { kind: 'ambiguous', ids: found.ambiguous };
    if (found.status !== 'dead' && found.status !== 'spam')
      return { kind: 'already', message: found };
    this.db.transaction(() => {
      if (found.status === 'spam') this.#statements.insertOutbox.run(found.id, now, now);
      else this.#statements.requeue.run(now, now, found.id);
    })();
    const message = this.find(found.id);
    return message && !('ambiguous' in message)
      ? { kind: 'queued', message }
      : { kind: 'not-found' };
  }

  /** Releases a message taken for spam to the outbox; only spam. */
  releaseSpam(idOrPrefix: string, now: number): RetryResult {
    const found = this.find(idOrPrefix);
    if (found && !('ambiguous' in found) && found.status !== 'spam') {
      return { kind: 'already', message: found };
    }
    return this.retry(idOrPrefix, now);
  }

  /** Queues every dead message again; returns how many. */
  retryAllDead(now: number): number {
    return this.#statements.requeueAllDead.run(now, now).changes;
  }

  /**
   * Deletes messages delivered before `before` and spam received before it, with their
   * delivery attempts and Idempotency-Keys, and keys older than 24 hours. Waiting and dead
   * messages are kept, however old. Call `reclaimSpace` after it.
   */
  purge(before: number, now: number): PurgeCounts {
    return this.db.transaction(() => {
      const counts = {
        sent: this.#statements.purgeSent.run(before).changes,
        spam: this.#statements.purgeSpam.run(before).changes,
      };
      this.#statements.purgeKeys.run(now - IDEMPOTENCY_TTL_MS);
      return counts;
    })();
  }

  /** What `purge(before)` would delete. */
  countPurgeable(before: number): PurgeCounts {
    return {
      sent: this.#statements.countPurgeableSent.get(before)?.count ?? 0,
      spam: this.#statements.countPurgeableSpam.get(before)?.count ?? 0,
    };
  }

  /** How many messages were sent from this address (any case), in any status. */
  countBySender(email: string): number {
    return this.#statements.countBySender.get(email.trim())?.count ?? 0;
  }

  /**
   * Deletes every message from this address (any case), in any status, with its delivery
   * attempts and Idempotency-Keys: a visitor's erasure request. Call `reclaimSpace` after it.
   */
  forgetSender(email: string): number {
    return this.#statements.deleteBySender.run(email.trim()).changes;
  }

  /**
   * After a deletion: gives the free pages back to the file system and empties the
   * write-ahead log, so no copy of a deleted row is left in either. A store made before
   * incremental vacuum was used is compacted in full once. Returns false when another
   * connection kept the log from being emptied (try again when the server is idle).
   */
  reclaimSpace(): boolean {
    if (this.db.pragma('auto_vacuum', { simple: true }) === 2) {
      this.db.pragma('incremental_vacuum');
    } else {
      this.db.exec('VACUUM');
    }
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  }

  /** Messages per app, most first. */
  countByApp(): { appName: string; count: number }[] {
    return this.#statements.countByApp
      .all()
      .map((row) => ({ appName: row.app_name, count: row.count }));
  }

  /** Forgets Idempotency-Keys older than 24 hours; returns how many. */
  purgeExpiredKeys(now: number): number {
    return this.#statements.purgeKeys.run(now - IDEMPOTENCY_TTL_MS).changes;
  }

  /** `PRAGMA integrity_check`: "ok" when the file is sound. */
  integrityCheck(): string {
    return String(this.db.pragma('integrity_check', { simple: true }));
  }

  /** Commits what is waiting, then closes the file. */
  async close(): Promise<void> {
    if (!this.db.open) return;
    await this.#group.close();
    await this.#writer?.close();
    this.#writer = undefined;
    this.db.close();
  }

  /** Closes the file at once; for tools that never call `accept`. */
  closeNow(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * Turns on incremental vacuum, so deleted data can be given back to the disk. The setting
 * takes effect when the file is rebuilt (VACUUM), once: for a store made before, that copies
 * it in a transaction of its own, so a crash leaves either the old file or the new one.
 */
function useIncrementalVacuum(db: Database.Database): void {
  if (db.pragma('auto_vacuum', { simple: true }) === 2) return;
  db.pragma('auto_vacuum = INCREMENTAL');
  db.exec('VACUUM');
}

function migrate(db: Database.Database): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) {
    throw new StoreSettingsError(
      `The feedback store was written by a newer version (schema ${version}); update the server.`,
    );
  }
  for (let index = version; index < MIGRATIONS.length; index++) {
    const sql = MIGRATIONS[index] ?? '';
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${index + 1}`);
    }).immediate();
  }
}
