/**
 * The SQLite store's writes made by the server: accepting messages, the outbox's claims and
 * records, the pause and the digest, the readiness probe. Synchronous (better-sqlite3), so
 * the server runs them on a thread of their own (writer-thread.ts); each is one
 * transaction, and the write lock makes every one of them atomic against other processes.
 */
import type Database from 'better-sqlite3';
import { newMessageId } from '../ids.ts';
import { dueInSendOrder, messageRecord, META, parsePause } from '../rows.ts';
import {
  IDEMPOTENCY_TTL_MS,
  type AcceptResult,
  type AttemptOutcome,
  type ClaimOptions,
  type DeliveryPause,
  type MessageRecord,
  type NewFeedback,
} from '../types.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A claimed row: the message is read back by the caller's connection. */
export interface ClaimedRow {
  id: string;
  attempt: number;
  queuedAt: number;
}

export class SqliteWrites {
  readonly #db: Database.Database;
  readonly #statements;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = {
      findKey: db.prepare<[string], { message_id: string; created_at: number }>(
        'SELECT message_id, created_at FROM idempotency_keys WHERE key = ?',
      ),
      deleteKey: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE key = ?'),
      insertKey: db.prepare<[string, string, number]>(
        'INSERT INTO idempotency_keys (key, message_id, created_at) VALUES (?, ?, ?)',
      ),
      capUse: db.prepare<[string, number], { n: number; first: number | null }>(
        'SELECT count(*) AS n, min(at) AS first FROM acceptance_slots WHERE key = ? AND at > ?',
      ),
      takeSlot: db.prepare<[string, number]>(
        'INSERT INTO acceptance_slots (key, at) VALUES (?, ?)',
      ),
      insertMessage: db.prepare<[Omit<MessageRecord, 'spam'> & { spam: number }]>(
        `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
         VALUES (@id, @receivedAt, @appName, @firstName, @lastName, @email, @message, @spam, @spamReason)`,
      ),
      insertOutbox: db.prepare<[string, number, number]>(
        `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at) VALUES (?, 'pending', ?, ?)`,
      ),
      inFlight: db.prepare<[number, number], { sent: number; sending: number }>(
        `SELECT (SELECT count(*) FROM outbox WHERE sent_at > ?) AS sent,
                (SELECT count(*) FROM outbox WHERE state = 'sending' AND lease_until > ?) AS sending`,
      ),
      dueIds: db.prepare<[{ now: number; limit: number }], { message_id: string }>(
        `SELECT message_id FROM (${dueInSendOrder('@now')}) ORDER BY position LIMIT @limit`,
      ),
      claim: db.prepare<
        [{ id: string; now: number; owner: string; leaseUntil: number }],
        { attempts: number; queued_at: number }
      >(
        `UPDATE outbox
         SET state = 'sending', lease_owner = @owner, lease_until = @leaseUntil,
             attempts = attempts + 1, last_attempt_at = @now
         WHERE message_id = @id
         RETURNING attempts, queued_at`,
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
      release: db.prepare<[number, string]>(
        `UPDATE outbox SET state = 'pending', next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
         WHERE state = 'sending' AND lease_owner = ?`,
      ),
      insertAttempt: db.prepare<[string, number, number, number, string, string]>(
        `INSERT OR REPLACE INTO delivery_attempts
           (message_id, attempt, started_at, finished_at, outcome, detail)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      readMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      writeMeta: db.prepare<[string, string]>(
        `INSERT INTO meta (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ),
      deleteMeta: db.prepare<[string]>('DELETE FROM meta WHERE key = ?'),
      purgeKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
      purgeSlots: db.prepare<[number]>('DELETE FROM acceptance_slots WHERE at < ?'),
    };
  }

  /** Commits a group of messages in one transaction; one result per item, in order. */
  acceptGroup(items: readonly NewFeedback[]): AcceptResult[] {
    const s = this.#statements;
    return this.#db
      .transaction(() =>
        items.map((item): AcceptResult => {
          if (item.idempotencyKey !== undefined) {
            const known = s.findKey.get(item.idempotencyKey);
            if (known) {
              if (known.created_at > item.receivedAt - IDEMPOTENCY_TTL_MS) {
                return { kind: 'replayed', id: known.message_id };
              }
              s.deleteKey.run(item.idempotencyKey);
            }
          }
          const caps = (item.caps ?? []).filter((cap) => cap.max > 0);
          for (const cap of caps) {
            const use = s.capUse.get(cap.key, item.receivedAt - cap.windowMs);
            if (use && use.n >= cap.max) {
              return {
                kind: 'capped',
                key: cap.key,
                retryAt: (use.first ?? item.receivedAt) + cap.windowMs,
              };
            }
          }
          const id = newMessageId(item.receivedAt);
          const record = messageRecord(id, item);
          s.insertMessage.run({ ...record, spam: record.spam ? 1 : 0 });
          if (!item.spam) s.insertOutbox.run(id, item.receivedAt, item.receivedAt);
          if (item.idempotencyKey !== undefined) {
            s.insertKey.run(item.idempotencyKey, id, item.receivedAt);
          }
          for (const cap of caps) s.takeSlot.run(cap.key, item.receivedAt);
          return { kind: 'stored', id };
        }),
      )
      .immediate();
  }

  /** Claims due messages (see OutboxQueue.claim); the caller reads them back. */
  claim(options: ClaimOptions): ClaimedRow[] {
    const { now, owner, leaseMs, maxPerHour } = options;
    const s = this.#statements;
    return this.#db
      .transaction((): ClaimedRow[] => {
        let limit = options.limit;
        if (maxPerHour > 0) {
          const use = s.inFlight.get(now - HOUR_MS, now) ?? { sent: 0, sending: 0 };
          limit = Math.min(limit, maxPerHour - use.sent - use.sending);
        }
        if (limit <= 0) return [];
        // In sending order; the write lock keeps them due until the transaction ends.
        return s.dueIds.all({ now, limit }).flatMap(({ message_id: id }) => {
          const row = s.claim.get({ id, now, owner, leaseUntil: now + leaseMs });
          return row ? [{ id, attempt: row.attempts, queuedAt: row.queued_at }] : [];
        });
      })
      .immediate();
  }

  renewLease(id: string, owner: string, until: number): boolean {
    return this.#statements.renewLease.run(until, id, owner).changes === 1;
  }

  recordSent(id: string, outcome: AttemptOutcome): void {
    this.#db.transaction(() => {
      // Marked sent even when the lease was lost meanwhile: the mail did go out.
      this.#statements.markSent.run(outcome.finishedAt, outcome.detail, id);
      this.#attempt(id, outcome, 'sent');
    })();
  }

  recordRetry(id: string, outcome: AttemptOutcome & { nextAttemptAt: number }): void {
    this.#db.transaction(() => {
      this.#statements.markRetry.run(outcome.nextAttemptAt, outcome.detail, id, outcome.owner);
      this.#attempt(id, outcome, 'retry');
    })();
  }

  recordDead(id: string, outcome: AttemptOutcome): void {
    this.#db.transaction(() => {
      this.#statements.markDead.run(outcome.detail, id, outcome.owner);
      this.#attempt(id, outcome, 'dead');
    })();
  }

  #attempt(id: string, outcome: AttemptOutcome, kind: 'sent' | 'retry' | 'dead'): void {
    this.#statements.insertAttempt.run(
      id,
      outcome.attempt,
      outcome.startedAt,
      outcome.finishedAt,
      kind,
      outcome.detail,
    );
  }

  releaseClaims(owner: string, now: number): number {
    return this.#statements.release.run(now, owner).changes;
  }

  pauseDelivery(pause: DeliveryPause): boolean {
    return this.#db.transaction(() => {
      const current = parsePause(this.#statements.readMeta.get(META.pause)?.value);
      const value: DeliveryPause = { ...pause, since: current?.since ?? pause.since };
      this.#statements.writeMeta.run(META.pause, JSON.stringify(value));
      return current === undefined;
    })();
  }

  resumeDelivery(): boolean {
    return this.#statements.deleteMeta.run(META.pause).changes === 1;
  }

  /** Sets the digest's time from `previous` to `to`, if it is still `previous`. */
  swapDigest(previous: number | null, to: number | null): boolean {
    return this.#db
      .transaction(() => {
        const stored = this.#statements.readMeta.get(META.digest)?.value;
        const current = stored === undefined ? null : Number(stored);
        if (current !== previous) return false;
        if (to === null) this.#statements.deleteMeta.run(META.digest);
        else this.#statements.writeMeta.run(META.digest, String(to));
        return true;
      })
      .immediate();
  }

  probeWrite(now: number): void {
    this.#statements.writeMeta.run(META.probe, String(now));
  }

  forgetExpired(now: number): void {
    this.#db.transaction(() => {
      this.#statements.purgeKeys.run(now - IDEMPOTENCY_TTL_MS);
      // The longest cap's window is an hour.
      this.#statements.purgeSlots.run(now - HOUR_MS);
    })();
  }
}
