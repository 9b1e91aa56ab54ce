/**
 * The SQLite store's reads, and the owner's own changes (retry, purge, forget), on the
 * connection of the process that opened it. In WAL mode reads never wait for a writer.
 */
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import {
  dueInSendOrder,
  META,
  parsePause,
  SELECT_MESSAGE,
  statusCondition,
  toMessage,
  type MessageRow,
} from '../rows.ts';
import {
  IDEMPOTENCY_TTL_MS,
  type DeliveryAttempt,
  type DeliveryCounts,
  type DeliveryPause,
  type DeliveryState,
  type FindResult,
  type ListOptions,
  type PurgeCounts,
  type StoredMessage,
} from '../types.ts';

export class SqliteQueries {
  readonly #db: Database.Database;
  readonly #file: string;
  readonly #s;

  constructor(db: Database.Database, file: string) {
    this.#db = db;
    this.#file = file;
    this.#s = {
      findKey: db.prepare<[string], { message_id: string; created_at: number }>(
        'SELECT message_id, created_at FROM idempotency_keys WHERE key = ?',
      ),
      dueInSendOrder: db.prepare<[{ now: number; limit: number; offset: number }], MessageRow>(
        `WITH due AS (${dueInSendOrder('@now')})
         ${SELECT_MESSAGE} JOIN due ON due.message_id = m.id
         ORDER BY due.position LIMIT @limit OFFSET @offset`,
      ),
      countDue: db.prepare<[{ now: number }], { count: number }>(
        `SELECT count(*) AS count FROM outbox
         WHERE (state = 'pending' AND next_attempt_at <= @now)
            OR (state = 'sending' AND lease_until <= @now)`,
      ),
      readMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
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
      insertOutbox: db.prepare<[string, number, number]>(
        `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at) VALUES (?, 'pending', ?, ?)`,
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
      purgeKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
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
      countByApp: db.prepare<[], { app_name: string; count: number }>(
        'SELECT app_name, count(*) AS count FROM messages GROUP BY app_name ORDER BY count DESC, app_name',
      ),
    };
  }

  findReplay(key: string, now: number): string | undefined {
    const known = this.#s.findKey.get(key);
    return known && known.created_at > now - IDEMPOTENCY_TTL_MS ? known.message_id : undefined;
  }

  messageById(id: string): StoredMessage | undefined {
    const row = this.#s.messageById.get(id);
    return row && toMessage(row);
  }

  nextDueAt(): number | undefined {
    return this.#s.nextDue.get()?.at ?? undefined;
  }

  dueInSendOrder(now: number, limit: number, offset = 0): StoredMessage[] {
    return this.#s.dueInSendOrder.all({ now, limit, offset }).map(toMessage);
  }

  countDue(now: number): number {
    return this.#s.countDue.get({ now })?.count ?? 0;
  }

  deliveryPause(): DeliveryPause | undefined {
    return parsePause(this.#s.readMeta.get(META.pause)?.value);
  }

  lastDigestAt(): number | null {
    const value = this.#s.readMeta.get(META.digest)?.value;
    return value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);
  }

  sentSince(since: number): { count: number; first: number | null } {
    return this.#s.sentSince.get(since) ?? { count: 0, first: null };
  }

  counts(): DeliveryCounts {
    const counts: DeliveryCounts = {
      pending: 0,
      sending: 0,
      sent: 0,
      dead: 0,
      spam: this.#s.countSpam.get()?.count ?? 0,
      oldestPendingReceivedAt: this.#s.oldestPending.get()?.at ?? null,
    };
    for (const { state, count } of this.#s.countStates.all()) counts[state] += count;
    counts.pending += counts.sending;
    return counts;
  }

  find(idOrPrefix: string): FindResult {
    const exact = this.messageById(idOrPrefix);
    if (exact) return exact;
    if (idOrPrefix.length < 4) return undefined;
    const matches = this.#s.messagesByPrefix
      .all(idOrPrefix)
      .filter((row) => row.id.startsWith(idOrPrefix));
    const [first, ...rest] = matches;
    if (!first) return undefined;
    if (rest.length > 0) return { ambiguous: matches.map((row) => row.id) };
    return toMessage(first);
  }

  attemptsOf(id: string): DeliveryAttempt[] {
    return this.#s.attempts.all(id).map((row) => ({
      attempt: row.attempt,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      outcome: row.outcome,
      detail: row.detail,
    }));
  }

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
    for (const row of this.#db.prepare<(string | number)[], MessageRow>(sql).iterate(...params)) {
      yield toMessage(row);
    }
  }

  /** Requeues a dead message, or gives spam an outbox entry; false when it is neither now. */
  requeue(message: StoredMessage, now: number): void {
    if (message.status === 'spam') this.#s.insertOutbox.run(message.id, now, now);
    else this.#s.requeue.run(now, now, message.id);
  }

  retryAllDead(now: number): number {
    return this.#s.requeueAllDead.run(now, now).changes;
  }

  purge(before: number, now: number): PurgeCounts {
    return this.#db.transaction(() => {
      const counts = {
        sent: this.#s.purgeSent.run(before).changes,
        spam: this.#s.purgeSpam.run(before).changes,
      };
      this.#s.purgeKeys.run(now - IDEMPOTENCY_TTL_MS);
      return counts;
    })();
  }

  countPurgeable(before: number): PurgeCounts {
    return {
      sent: this.#s.countPurgeableSent.get(before)?.count ?? 0,
      spam: this.#s.countPurgeableSpam.get(before)?.count ?? 0,
    };
  }

  countBySender(email: string): number {
    return this.#s.countBySender.get(email.trim())?.count ?? 0;
  }

  forgetSender(email: string): number {
    return this.#s.deleteBySender.run(email.trim()).changes;
  }

  /**
   * Gives the free pages back to the file system and empties the write-ahead log, so no
   * copy of a deleted row is left in either. A store made before incremental vacuum was
   * used is compacted in full once. False when another connection kept the log from being
   * emptied.
   */
  reclaimSpace(): boolean {
    if (this.#db.pragma('auto_vacuum', { simple: true }) === 2) {
      this.#db.pragma('incremental_vacuum');
    } else {
      this.#db.exec('VACUUM');
    }
    const [result] = this.#db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  }

  countByApp(): { appName: string; count: number }[] {
    return this.#s.countByApp.all().map((row) => ({ appName: row.app_name, count: row.count }));
  }

  /** The file and its log, in bytes. */
  location(): { description: string; bytes: number } {
    const bytes = ['', '-wal']
      .map((suffix) => {
        try {
          return statSync(this.#file + suffix).size;
        } catch {
          return 0;
        }
      })
      .reduce((sum, size) => sum + size, 0);
    return { description: this.#file, bytes };
  }
}
