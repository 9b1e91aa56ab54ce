/**
 * The PostgreSQL engine of the feedback store, chosen by DATABASE_URL: any number of server
 * instances share one database. Accepted messages are committed in groups, one statement
 * (feedback_accept) and one commit per group, with synchronous_commit on; outbox rows are
 * claimed with FOR UPDATE SKIP LOCKED under a lease, so each message is sent by one
 * instance at a time; the caps, the pause and the digest live in the database.
 */
import pg from 'pg';
import { GroupCommit } from '../group-commit.ts';
import { newMessageId } from '../ids.ts';
import {
  dueInSendOrder,
  messageRecord,
  META,
  parsePause,
  retryMessage,
  SELECT_MESSAGE,
  statusCondition,
  toMessage,
  type MessageRow,
  type Requeue,
} from '../rows.ts';
import {
  IDEMPOTENCY_TTL_MS,
  StoreSettingsError,
  type AcceptResult,
  type AttemptOutcome,
  type ClaimedMessage,
  type DeliveryCounts,
  type DeliveryPause,
  type DeliveryState,
  type FeedbackIntake,
  type FeedbackStore,
  type ListOptions,
  type NewFeedback,
  type OutboxQueue,
  type OwnerQueries,
  type StoredMessage,
  type StoreHealth,
  type StoreTransfer,
} from '../types.ts';
import { migratePostgres } from './migrate.ts';
import { postgresTransfer } from './transfer.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Advisory locks: claims (the hourly cap counts what is in flight) and the meta rows. */
const CLAIM_LOCK = 7342011002;
const META_LOCK = 7342011003;

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database?sslmode=… (TLS settings pass through). */
  url: string;
  /** Connections in the pool at most; default 10. */
  poolSize?: number;
  /** Messages waiting for their commit at most; default 1024. */
  queueLimit?: number;
  /** Named in the server's connections (pg_stat_activity). */
  applicationName?: string;
  /** How long to keep trying a database that does not answer yet, in ms; default 30000. */
  connectTimeoutMs?: number;
}

/** The address without its password, for messages. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Asks the database its durability setting; a database starting up is waited for. */
async function synchronousCommit(pool: pg.Pool, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
    try {
      return (await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]
        ?.synchronous_commit;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const starting = code === 'ECONNREFUSED' || code === '57P03' || code === 'ENOTFOUND';
      if (!starting || Date.now() + wait > deadline) {
        throw new StoreSettingsError(
          `The feedback database (DATABASE_URL, ${databaseAddress(url)}) cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** bigint columns (times, counts) as numbers: ms times fit in a double exactly. */
const types = new pg.TypeOverrides();
const INT8_OID = 20;
types.setTypeParser(INT8_OID, 'text', (value: string) => Number(value));

/** Runs `work` in a transaction on one connection of the pool. */
async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export class PostgresFeedbackStore implements FeedbackStore {
  readonly pool: pg.Pool;
  readonly intake: FeedbackIntake;
  readonly outbox: OutboxQueue;
  readonly owner: OwnerQueries;
  readonly health: StoreHealth;
  readonly transfer: StoreTransfer;
  readonly #group: GroupCommit<NewFeedback, AcceptResult>;
  #closed = false;

  private constructor(pool: pg.Pool, version: number, queueLimit: number) {
    this.pool = pool;
    const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
      (await pool.query<R>(sql, values)).rows;
    const one = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
      (await query<R>(sql, values))[0];
    const readMeta = async (key: string) =>
      (await one<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]))?.value;

    this.#group = new GroupCommit(
      async (items) => {
        const payload = items.map((item) => ({
          ...messageRecord(newMessageId(item.receivedAt), item),
          ...(item.idempotencyKey === undefined ? {} : { idempotencyKey: item.idempotencyKey }),
          caps: (item.caps ?? []).filter((cap) => cap.max > 0),
        }));
        const rows = await query<{
          item_index: number;
          outcome: 'stored' | 'replayed' | 'capped';
          id: string | null;
          cap_key: string | null;
          retry_at: number | null;
        }>('SELECT * FROM feedback_accept($1::jsonb) ORDER BY item_index', [
          JSON.stringify(payload),
        ]);
        return rows.map((row): AcceptResult =>
          row.outcome === 'capped'
            ? { kind: 'capped', key: row.cap_key ?? '', retryAt: row.retry_at ?? 0 }
            : { kind: row.outcome, id: row.id ?? '' },
        );
      },
      { maxWaiting: queueLimit },
    );
    const group = this.#group;

    const findReplay = async (key: string, now: number) =>
      (
        await one<{ message_id: string }>(
          'SELECT message_id FROM idempotency_keys WHERE key = $1 AND created_at > $2',
          [key, now - IDEMPOTENCY_TTL_MS],
        )
      )?.message_id;
    this.intake = { accept: (item) => group.submit(item), findReplay };

    const messagesById = async (ids: readonly string[]) => {
      const rows = await query<MessageRow>(`${SELECT_MESSAGE} WHERE m.id = ANY($1)`, [ids]);
      return new Map(rows.map((row) => [row.id, toMessage(row)]));
    };
    const messageById = async (id: string) => (await messagesById([id])).get(id);
    const sentSince = async (since: number) => {
      const row = await one<{ count: number; first: number | null }>(
        'SELECT count(*) AS count, min(sent_at) AS first FROM outbox WHERE sent_at > $1',
        [since],
      );
      return row ?? { count: 0, first: null };
    };
    const deliveryPause = async () => parsePause(await readMeta(META.pause));
    const record = async (
      id: string,
      outcome: AttemptOutcome,
      kind: 'sent' | 'retry' | 'dead',
      update: string,
      values: unknown[],
    ) => {
      await transaction(pool, async (client) => {
        await client.query(update, values);
        await client.query(
          `INSERT INTO delivery_attempts (message_id, attempt, started_at, finished_at, outcome, detail)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (message_id, attempt) DO UPDATE SET started_at = excluded.started_at,
             finished_at = excluded.finished_at, outcome = excluded.outcome, detail = excluded.detail`,
          [id, outcome.attempt, outcome.startedAt, outcome.finishedAt, kind, outcome.detail],
        );
      });
    };
    const swapDigest = (previous: number | null, to: number | null) =>
      transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [META_LOCK]);
        const stored = (
          await client.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [
            META.digest,
          ])
        ).rows[0]?.value;
        if ((stored === undefined ? null : Number(stored)) !== previous) return false;
        if (to === null) await client.query('DELETE FROM meta WHERE key = $1', [META.digest]);
        else await upsertMeta(client, META.digest, String(to));
        return true;
      });

    this.outbox = {
      claim: async ({ now, owner, leaseMs, limit, maxPerHour }) => {
        const claimed = await transaction(pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
          let room = limit;
          if (maxPerHour > 0) {
            const use = (
              await client.query<{ sent: number; sending: number }>(
                `SELECT (SELECT count(*) FROM outbox WHERE sent_at > $1) AS sent,
                        (SELECT count(*) FROM outbox WHERE state = 'sending' AND lease_until > $2) AS sending`,
                [now - HOUR_MS, now],
              )
            ).rows[0];
            room = Math.min(room, maxPerHour - (use?.sent ?? 0) - (use?.sending ?? 0));
          }
          if (room <= 0) return [];
          return (
            await client.query<{
              message_id: string;
              attempts: number;
              queued_at: number;
              position: number;
            }>(
              `WITH ordered AS (
                 SELECT message_id, position FROM (${dueInSendOrder('$1')}) AS due
                 ORDER BY position LIMIT $4 + 64),
               locked AS (
                 SELECT o.message_id, ordered.position FROM outbox o
                 JOIN ordered ON ordered.message_id = o.message_id
                 WHERE (o.state = 'pending' AND o.next_attempt_at <= $1)
                    OR (o.state = 'sending' AND o.lease_until <= $1)
                 ORDER BY ordered.position LIMIT $4
                 FOR UPDATE OF o SKIP LOCKED)
               UPDATE outbox SET state = 'sending', lease_owner = $2, lease_until = $3,
                 attempts = outbox.attempts + 1, last_attempt_at = $1
               FROM locked WHERE outbox.message_id = locked.message_id
               RETURNING outbox.message_id, outbox.attempts, outbox.queued_at, locked.position`,
              [now, owner, now + leaseMs, room],
            )
          ).rows.sort((a, b) => a.position - b.position);
        });
        if (claimed.length === 0) return [];
        const messages = await messagesById(claimed.map((row) => row.message_id));
        return claimed.map((row): ClaimedMessage => {
          const message = messages.get(row.message_id);
          if (!message) throw new Error(`Outbox entry ${row.message_id} has no message`);
          return { ...message, attempt: row.attempts, queuedAt: row.queued_at };
        });
      },
      renewLease: async (id, owner, until) =>
        (
          await pool.query(
            `UPDATE outbox SET lease_until = $1
             WHERE message_id = $2 AND state = 'sending' AND lease_owner = $3`,
            [until, id, owner],
          )
        ).rowCount === 1,
      // Marked sent even when the lease was lost meanwhile: the mail did go out.
      recordSent: (id, outcome) =>
        record(
          id,
          outcome,
          'sent',
          `UPDATE outbox SET state = 'sent', sent_at = $1, smtp_response = $2, last_error = NULL,
             lease_owner = NULL, lease_until = NULL
           WHERE message_id = $3 AND state IN ('sending', 'pending', 'dead')`,
          [outcome.finishedAt, outcome.detail, id],
        ),
      recordRetry: (id, outcome) =>
        record(
          id,
          outcome,
          'retry',
          `UPDATE outbox SET state = 'pending', next_attempt_at = $1, last_error = $2,
             lease_owner = NULL, lease_until = NULL
           WHERE message_id = $3 AND state = 'sending' AND lease_owner = $4`,
          [outcome.nextAttemptAt, outcome.detail, id, outcome.owner],
        ),
      recordDead: (id, outcome) =>
        record(
          id,
          outcome,
          'dead',
          `UPDATE outbox SET state = 'dead', last_error = $1, lease_owner = NULL, lease_until = NULL
           WHERE message_id = $2 AND state = 'sending' AND lease_owner = $3`,
          [outcome.detail, id, outcome.owner],
        ),
      releaseClaims: async (owner, now) =>
        (
          await pool.query(
            `UPDATE outbox SET state = 'pending', next_attempt_at = $1, lease_owner = NULL,
               lease_until = NULL
             WHERE state = 'sending' AND lease_owner = $2`,
            [now, owner],
          )
        ).rowCount ?? 0,
      nextDueAt: async () =>
        (
          await one<{ at: number | null }>(
            `SELECT least(
               (SELECT min(next_attempt_at) FROM outbox WHERE state = 'pending'),
               (SELECT min(lease_until) FROM outbox WHERE state = 'sending')) AS at`,
          )
        )?.at ?? undefined,
      countDue: async (now) =>
        (
          await one<{ count: number }>(
            `SELECT count(*) AS count FROM outbox
             WHERE (state = 'pending' AND next_attempt_at <= $1)
                OR (state = 'sending' AND lease_until <= $1)`,
            [now],
          )
        )?.count ?? 0,
      dueInSendOrder: async (now, limit, offset = 0) =>
        (
          await query<MessageRow>(
            `WITH due AS (${dueInSendOrder('$1')})
             ${SELECT_MESSAGE} JOIN due ON due.message_id = m.id
             ORDER BY due.position LIMIT $2 OFFSET $3`,
            [now, limit, offset],
          )
        ).map(toMessage),
      sentSince,
      deliveryPause,
      pauseDelivery: (pause) =>
        transaction(pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [META_LOCK]);
          const current = parsePause(
            (
              await client.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [
                META.pause,
              ])
            ).rows[0]?.value,
          );
          const value: DeliveryPause = { ...pause, since: current?.since ?? pause.since };
          await upsertMeta(client, META.pause, JSON.stringify(value));
          return current === undefined;
        }),
      resumeDelivery: async () =>
        (await pool.query('DELETE FROM meta WHERE key = $1', [META.pause])).rowCount === 1,
      lastDigestAt: async () => {
        const value = await readMeta(META.digest);
        return value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);
      },
      claimDigest: (at, previous) => swapDigest(previous, at),
      releaseDigest: async (at, previous) => {
        await swapDigest(at, previous);
      },
    };

    const find = async (idOrPrefix: string) => {
      const exact = await messageById(idOrPrefix);
      if (exact) return exact;
      if (idOrPrefix.length < 4) return undefined;
      const matches = (
        await query<MessageRow>(`${SELECT_MESSAGE} WHERE m.id >= $1 ORDER BY m.id LIMIT 20`, [
          idOrPrefix,
        ])
      ).filter((row) => row.id.startsWith(idOrPrefix));
      const [first, ...rest] = matches;
      if (!first) return undefined;
      if (rest.length > 0) return { ambiguous: matches.map((row) => row.id) };
      return toMessage(first);
    };
    const counts = async (): Promise<DeliveryCounts> => {
      const result: DeliveryCounts = {
        pending: 0,
        sending: 0,
        sent: 0,
        dead: 0,
        spam:
          (
            await one<{ count: number }>(
              `SELECT count(*) AS count FROM messages m
               WHERE m.spam AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.message_id = m.id)`,
            )
          )?.count ?? 0,
        oldestPendingReceivedAt:
          (
            await one<{ at: number | null }>(
              `SELECT min(m.received_at) AS at FROM outbox o JOIN messages m ON m.id = o.message_id
               WHERE o.state IN ('pending', 'sending')`,
            )
          )?.at ?? null,
      };
      for (const { state, count } of await query<{ state: DeliveryState; count: number }>(
        'SELECT state, count(*) AS count FROM outbox GROUP BY state',
      )) {
        result[state] += count;
      }
      result.pending += result.sending;
      return result;
    };
    const listPage = async (options: ListOptions, after?: StoredMessage, pageSize?: number) => {
      const conditions: string[] = [];
      const values: unknown[] = [];
      if (options.status) conditions.push(statusCondition(options.status));
      if (options.appName !== undefined) {
        values.push(options.appName);
        conditions.push(`m.app_name = $${values.length}`);
      }
      if (after) {
        values.push(after.receivedAt, after.id);
        conditions.push(`(m.received_at, m.id) < ($${values.length - 1}, $${values.length})`);
      }
      let sql = SELECT_MESSAGE;
      if (conditions.length > 0) sql += ` WHERE ${conditions.join(' AND ')}`;
      sql += ' ORDER BY m.received_at DESC, m.id DESC';
      if (pageSize !== undefined) {
        values.push(pageSize);
        sql += ` LIMIT $${values.length}`;
      }
      return (await query<MessageRow>(sql, values)).map(toMessage);
    };
    const requeue: Requeue = {
      find,
      requeue: async (message, now) => {
        await (message.status === 'spam'
          ? pool.query(
              `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at)
               VALUES ($1, 'pending', $2, $2) ON CONFLICT (message_id) DO NOTHING`,
              [message.id, now],
            )
          : pool.query(
              `UPDATE outbox SET state = 'pending', queued_at = $1, next_attempt_at = $1,
                 last_error = NULL, lease_owner = NULL, lease_until = NULL
               WHERE message_id = $2 AND state = 'dead'`,
              [now, message.id],
            ));
      },
      read: messageById,
    };
    const PURGEABLE_SENT = `SELECT message_id FROM outbox WHERE state = 'sent' AND sent_at < $1`;
    const PURGEABLE_SPAM = `spam AND received_at < $1
      AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.message_id = messages.id)`;

    this.owner = {
      find,
      attemptsOf: async (id) =>
        (
          await query<{
            attempt: number;
            started_at: number;
            finished_at: number;
            outcome: 'sent' | 'retry' | 'dead';
            detail: string | null;
          }>(
            `SELECT attempt, started_at, finished_at, outcome, detail FROM delivery_attempts
             WHERE message_id = $1 ORDER BY attempt`,
            [id],
          )
        ).map((row) => ({
          attempt: row.attempt,
          startedAt: row.started_at,
          finishedAt: row.finished_at,
          outcome: row.outcome,
          detail: row.detail,
        })),
      list: (options = {}) => listPage(options, undefined, options.limit),
      // Page by page (keyset), so an export of any size holds one page in memory.
      iterate: async function* (options = {}) {
        let left = options.limit ?? Infinity;
        let last: StoredMessage | undefined;
        while (left > 0) {
          const page = await listPage(options, last, Math.min(500, left));
          yield* page;
          last = page.at(-1);
          left -= page.length;
          if (page.length < 500) return;
        }
      },
      retry: (idOrPrefix, now) => retryMessage(requeue, idOrPrefix, now),
      releaseSpam: (idOrPrefix, now) => retryMessage(requeue, idOrPrefix, now, 'spam'),
      retryAllDead: async (now) =>
        (
          await pool.query(
            `UPDATE outbox SET state = 'pending', queued_at = $1, next_attempt_at = $1,
               last_error = NULL, lease_owner = NULL, lease_until = NULL
             WHERE state = 'dead'`,
            [now],
          )
        ).rowCount ?? 0,
      counts,
      sentSince,
      deliveryPause,
      countByApp: async () =>
        (
          await query<{ app_name: string; count: number }>(
            'SELECT app_name, count(*) AS count FROM messages GROUP BY app_name ORDER BY count DESC, app_name',
          )
        ).map((row) => ({ appName: row.app_name, count: row.count })),
      countPurgeable: async (before) => {
        const row = await one<{ sent: number; spam: number }>(
          `SELECT (SELECT count(*) FROM (${PURGEABLE_SENT}) AS purgeable) AS sent,
                  (SELECT count(*) FROM messages WHERE ${PURGEABLE_SPAM}) AS spam`,
          [before],
        );
        return { sent: row?.sent ?? 0, spam: row?.spam ?? 0 };
      },
      purge: (before, now) =>
        transaction(pool, async (client) => {
          const sent = await client.query(`DELETE FROM messages WHERE id IN (${PURGEABLE_SENT})`, [
            before,
          ]);
          const spam = await client.query(`DELETE FROM messages WHERE ${PURGEABLE_SPAM}`, [before]);
          await client.query('DELETE FROM idempotency_keys WHERE created_at < $1', [
            now - IDEMPOTENCY_TTL_MS,
          ]);
          return { sent: sent.rowCount ?? 0, spam: spam.rowCount ?? 0 };
        }),
      countBySender: async (email) =>
        (
          await one<{ count: number }>(
            'SELECT count(*) AS count FROM messages WHERE lower(email) = lower($1)',
            [email.trim()],
          )
        )?.count ?? 0,
      forgetSender: async (email) =>
        (await pool.query('DELETE FROM messages WHERE lower(email) = lower($1)', [email.trim()]))
          .rowCount ?? 0,
      // Marks the deleted rows' space for reuse; PostgreSQL overwrites it with new rows.
      reclaimSpace: async () => {
        await pool.query('VACUUM messages, outbox, delivery_attempts, idempotency_keys');
        return true;
      },
      location: async () => {
        const row = await one<{ name: string; bytes: number }>(
          'SELECT current_database() AS name, pg_database_size(current_database()) AS bytes',
        );
        return {
          description: `PostgreSQL database ${row?.name ?? '?'}`,
          bytes: row?.bytes ?? 0,
        };
      },
      backup: async () => {
        throw new StoreSettingsError(
          'On PostgreSQL, back up with pg_dump: pg_dump --format=custom --file=feedback.dump "$DATABASE_URL" (see docs/deploy.md).',
        );
      },
    };

    this.health = {
      probeWrite: async (now) => {
        await transaction(pool, (client) => upsertMeta(client, META.probe, String(now)));
      },
      counts,
      deliveryPause,
      schema: () => ({ engine: 'postgres', version }),
    };

    this.transfer = postgresTransfer(pool);
  }

  /**
   * Connects, checks that commits are durable, and applies the missing migrations under an
   * advisory lock (instances starting together apply each once).
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresFeedbackStore> {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Durability: a commit returns only once it is on disk (the server's own default).
      options: '-c synchronous_commit=on',
      application_name: options.applicationName ?? 'portfolio-feedback',
      types,
    });
    // An idle connection that breaks is dropped by the pool; it must not stop the process.
    pool.on('error', () => undefined);
    try {
      const setting = await synchronousCommit(
        pool,
        options.url,
        options.connectTimeoutMs ?? 30_000,
      );
      if (setting !== 'on' && setting !== 'remote_apply' && setting !== 'remote_write') {
        throw new StoreSettingsError(
          `PostgreSQL answers synchronous_commit=${String(setting)}; the store needs it on.`,
        );
      }
      const version = await migratePostgres(pool);
      return new PostgresFeedbackStore(pool, version, options.queueLimit ?? 1024);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  async forgetExpired(now: number): Promise<void> {
    await this.pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [
      now - IDEMPOTENCY_TTL_MS,
    ]);
    await this.pool.query('DELETE FROM acceptance_slots WHERE at < $1', [now - HOUR_MS]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#group.close();
    await this.pool.end();
  }
}

function upsertMeta(client: pg.PoolClient, key: string, value: string) {
  return client.query(
    `INSERT INTO meta (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, value],
  );
}
