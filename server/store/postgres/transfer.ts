/** Every row of a PostgreSQL store out, or into one that is empty (moving between engines). */
import type pg from 'pg';
import { META, RECORDS } from '../rows.ts';
import { StoreSettingsError, type StoreRow, type StoreTransfer } from '../types.ts';

type Counts = Record<StoreRow['table'], number>;
const PAGE = 1000;

/** Rows of one query, a page at a time, by a key that orders them. */
async function* pages<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  sql: (after: boolean) => string,
  keyOf: (row: R) => unknown[],
): AsyncGenerator<R> {
  let after: unknown[] | undefined;
  for (;;) {
    const { rows } = await pool.query<R>(sql(after !== undefined), [...(after ?? []), PAGE]);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = keyOf(last);
  }
}

export function postgresTransfer(pool: pg.Pool): StoreTransfer {
  const isEmpty = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM outbox)
              + (SELECT count(*) FROM idempotency_keys) AS n`,
      )
    ).rows[0]?.n === 0;
  return {
    async *rows() {
      for await (const row of pages<Record<string, unknown>>(
        pool,
        (after) =>
          `SELECT * FROM messages ${after ? 'WHERE id > $1' : ''} ORDER BY id LIMIT $${after ? 2 : 1}`,
        (row) => [row.id],
      )) {
        yield { table: 'messages', row: RECORDS.messages(row) } satisfies StoreRow;
      }
      for await (const row of pages<Record<string, unknown>>(
        pool,
        (after) =>
          `SELECT * FROM outbox ${after ? 'WHERE message_id > $1' : ''} ORDER BY message_id LIMIT $${after ? 2 : 1}`,
        (row) => [row.message_id],
      )) {
        yield { table: 'outbox', row: RECORDS.outbox(row) } satisfies StoreRow;
      }
      for await (const row of pages<Record<string, unknown>>(
        pool,
        (after) =>
          `SELECT * FROM delivery_attempts ${after ? 'WHERE (message_id, attempt) > ($1, $2)' : ''}
           ORDER BY message_id, attempt LIMIT $${after ? 3 : 1}`,
        (row) => [row.message_id, row.attempt],
      )) {
        yield {
          table: 'delivery_attempts',
          row: RECORDS.delivery_attempts(row),
        } satisfies StoreRow;
      }
      for await (const row of pages<{ key: string; message_id: string; created_at: number }>(
        pool,
        (after) =>
          `SELECT key, message_id, created_at FROM idempotency_keys ${after ? 'WHERE key > $1' : ''}
           ORDER BY key LIMIT $${after ? 2 : 1}`,
        (row) => [row.key],
      )) {
        yield {
          table: 'idempotency_keys',
          row: { key: row.key, messageId: row.message_id, createdAt: row.created_at },
        } satisfies StoreRow;
      }
      const meta = await pool.query<{ key: string; value: string }>(
        'SELECT key, value FROM meta WHERE key <> $1 ORDER BY key',
        [META.probe],
      );
      for (const row of meta.rows) yield { table: 'meta', row } satisfies StoreRow;
    },

    isEmpty,

    async load(rows) {
      const counts: Counts = {
        messages: 0,
        outbox: 0,
        delivery_attempts: 0,
        idempotency_keys: 0,
        meta: 0,
      };
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // No other writer while copying: the check and the copy are one step.
        await client.query(
          'LOCK TABLE messages, outbox, delivery_attempts, idempotency_keys, meta IN EXCLUSIVE MODE',
        );
        const present = (
          await client.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM outbox)
                  + (SELECT count(*) FROM idempotency_keys) AS n`,
          )
        ).rows[0]?.n;
        if (present !== 0) {
          throw new StoreSettingsError(
            'The target database already holds messages; copy into an empty one.',
          );
        }
        for await (const item of rows) {
          switch (item.table) {
            case 'messages': {
              const m = item.row;
              await client.query(
                `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
                [
                  m.id,
                  m.receivedAt,
                  m.appName,
                  m.firstName,
                  m.lastName,
                  m.email,
                  m.message,
                  m.spam,
                  m.spamReason,
                ],
              );
              break;
            }
            case 'outbox': {
              const o = item.row;
              await client.query(
                `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, lease_owner,
                   lease_until, last_attempt_at, last_error, sent_at, smtp_response)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
                [
                  o.messageId,
                  o.state,
                  o.queuedAt,
                  o.nextAttemptAt,
                  o.attempts,
                  o.leaseOwner,
                  o.leaseUntil,
                  o.lastAttemptAt,
                  o.lastError,
                  o.sentAt,
                  o.smtpResponse,
                ],
              );
              break;
            }
            case 'delivery_attempts': {
              const a = item.row;
              await client.query(
                `INSERT INTO delivery_attempts (message_id, attempt, started_at, finished_at, outcome, detail)
                 VALUES ($1, $2, $3, $4, $5, $6)`,
                [a.messageId, a.attempt, a.startedAt, a.finishedAt, a.outcome, a.detail],
              );
              break;
            }
            case 'idempotency_keys': {
              const k = item.row;
              await client.query(
                'INSERT INTO idempotency_keys (key, message_id, created_at) VALUES ($1, $2, $3)',
                [k.key, k.messageId, k.createdAt],
              );
              break;
            }
            case 'meta': {
              const m = item.row;
              await client.query(
                `INSERT INTO meta (key, value) VALUES ($1, $2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
                [m.key, m.value],
              );
              break;
            }
          }
          counts[item.table] += 1;
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      return counts;
    },
  };
}
