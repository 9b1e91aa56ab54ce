/** Every row of an SQLite store out, or into one that is empty (moving between engines). */
import type Database from 'better-sqlite3';
import { META, RECORDS } from '../rows.ts';
import { StoreSettingsError, type StoreRow, type StoreTransfer } from '../types.ts';

type Counts = Record<StoreRow['table'], number>;

export function sqliteTransfer(db: Database.Database): StoreTransfer {
  return {
    async *rows() {
      const table = (sql: string) => db.prepare<[], Record<string, unknown>>(sql).iterate();
      for (const row of table('SELECT * FROM messages ORDER BY id')) {
        yield { table: 'messages', row: RECORDS.messages(row) } satisfies StoreRow;
      }
      for (const row of table('SELECT * FROM outbox ORDER BY message_id')) {
        yield { table: 'outbox', row: RECORDS.outbox(row) } satisfies StoreRow;
      }
      for (const row of table('SELECT * FROM delivery_attempts ORDER BY message_id, attempt')) {
        yield {
          table: 'delivery_attempts',
          row: RECORDS.delivery_attempts(row),
        } satisfies StoreRow;
      }
      for (const row of db
        .prepare<[], { key: string; message_id: string; created_at: number }>(
          'SELECT key, message_id, created_at FROM idempotency_keys ORDER BY key',
        )
        .iterate()) {
        yield {
          table: 'idempotency_keys',
          row: { key: row.key, messageId: row.message_id, createdAt: row.created_at },
        } satisfies StoreRow;
      }
      for (const row of db
        .prepare<[string], { key: string; value: string }>(
          'SELECT key, value FROM meta WHERE key <> ? ORDER BY key',
        )
        .iterate(META.probe)) {
        yield { table: 'meta', row } satisfies StoreRow;
      }
    },

    async isEmpty() {
      const row = db
        .prepare<[], { n: number }>(
          `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM outbox)
                + (SELECT count(*) FROM idempotency_keys) AS n`,
        )
        .get();
      return (row?.n ?? 0) === 0;
    },

    async load(rows) {
      const insert = {
        messages: db.prepare(
          `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
           VALUES (@id, @receivedAt, @appName, @firstName, @lastName, @email, @message, @spam, @spamReason)`,
        ),
        outbox: db.prepare(
          `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, lease_owner,
             lease_until, last_attempt_at, last_error, sent_at, smtp_response)
           VALUES (@messageId, @state, @queuedAt, @nextAttemptAt, @attempts, @leaseOwner,
             @leaseUntil, @lastAttemptAt, @lastError, @sentAt, @smtpResponse)`,
        ),
        delivery_attempts: db.prepare(
          `INSERT INTO delivery_attempts (message_id, attempt, started_at, finished_at, outcome, detail)
           VALUES (@messageId, @attempt, @startedAt, @finishedAt, @outcome, @detail)`,
        ),
        idempotency_keys: db.prepare(
          `INSERT INTO idempotency_keys (key, message_id, created_at) VALUES (@key, @messageId, @createdAt)`,
        ),
        meta: db.prepare(
          `INSERT INTO meta (key, value) VALUES (@key, @value)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        ),
      };
      const counts: Counts = {
        messages: 0,
        outbox: 0,
        delivery_attempts: 0,
        idempotency_keys: 0,
        meta: 0,
      };
      db.exec('BEGIN IMMEDIATE');
      try {
        if (!(await this.isEmpty())) {
          throw new StoreSettingsError(
            'The target store already holds messages; copy into an empty one.',
          );
        }
        for await (const item of rows) {
          const row =
            item.table === 'messages' ? { ...item.row, spam: item.row.spam ? 1 : 0 } : item.row;
          insert[item.table].run(row);
          counts[item.table] += 1;
        }
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
      return counts;
    },
  };
}
