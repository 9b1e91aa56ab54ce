/**
 * The PostgreSQL engine of the feedback store, chosen by DATABASE_URL: any number of server
 * instances share one database. It runs the store's operations (../operations) on its
 * pool, each write in a transaction on one connection, with synchronous_commit on; outbox
 * rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so each message is sent by
 * one instance at a time; the caps, the pause and the digest live in the database.
 */
import pg from 'pg';
import type { Exec, StoreConnection } from '../connection.ts';
import { SharedFeedbackStore } from '../feedback-store.ts';
import { writePlan, type WriteResult, type Writes } from '../operations/writes.ts';
import { acceptInDatabase } from './accept.ts';
import { bind, compile, POSTGRES, POSTGRES_LOCKS, type Compiled } from '../sql/dialect.ts';
import { drive, type Plan, type Step } from '../sql/plan.ts';
import { tableNames } from '../tables.ts';
import { StoreSettingsError } from '../errors.ts';
import { migratePostgres, unlimited } from './migrate.ts';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database?sslmode=… (TLS settings pass through). */
  url: string;
  /** Connections in the pool at most; default 10. */
  poolSize?: number;
  /** Messages waiting for their commit at most; default DEFAULT_QUEUE_LIMIT. */
  queueLimit?: number;
  /** Named in the server's connections (pg_stat_activity). */
  applicationName?: string;
  /** How long to keep trying a database that does not answer yet, in ms; default 30000. */
  connectTimeoutMs?: number;
  /**
   * Time limits towards the database, in ms: a statement runs this long at most (checked by
   * the server, and by this process for a server that does not answer at all), a new
   * connection is made this long at most. A frozen or unreachable database then fails a
   * request within the limit (503; a message is never acknowledged unless committed)
   * instead of holding it. Default STATEMENT_TIME_LIMIT_MS and CONNECT_TIME_LIMIT_MS.
   */
  statementTimeoutMs?: number;
  connectionTimeoutMs?: number;
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

/** The longest a statement of the store may run, in ms. */
export const STATEMENT_TIME_LIMIT_MS = 10_000;
/** The longest a new connection may take, in ms. */
export const CONNECT_TIME_LIMIT_MS = 5_000;

const compiled = new Map<string, Compiled>();

/** Runs a plan's steps on the pool: each on any connection, outside a transaction (reads). */
function readPlan<T>(plan: Plan<T>, pool: pg.Pool): Promise<T> {
  return drive(plan, POSTGRES, (step) => answer(pool, step));
}

async function answer(on: pg.Pool | pg.PoolClient, step: Exclude<Step, { kind: 'dialect' }>) {
  if (step.kind === 'lock') {
    await on.query(POSTGRES_LOCKS[step.name]);
    return undefined;
  }
  const statement = compile(step.sql, 'dollar', compiled);
  const result = await on.query(
    statement.text,
    bind(statement, step.params, (value) => value),
  );
  return step.kind === 'all' ? result.rows : (result.rowCount ?? 0);
}

/**
 * Runs `work` in a transaction on one connection of the pool. The transaction begins with
 * the first statement, in the same round trip when that statement is a lock (`BEGIN; …`
 * carries no parameters), and a plan that ran no statement needs none.
 */
async function transaction<T>(pool: pg.Pool, work: (exec: Exec) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const state = { begun: false };
  const step = async (next: Exclude<Step, { kind: 'dialect' }>) => {
    if (!state.begun && next.kind === 'lock') {
      state.begun = true;
      await client.query(`BEGIN; ${POSTGRES_LOCKS[next.name]}`);
      return undefined;
    }
    if (!state.begun) {
      state.begun = true;
      await client.query('BEGIN');
    }
    return answer(client, next);
  };
  let result: T;
  try {
    result = await work((plan) => drive(plan, POSTGRES, step));
    if (state.begun) await client.query('COMMIT');
  } catch (error) {
    // The database refused a statement: the connection is sound, roll back. Anything else
    // (a time limit, a broken link): the connection is in an unknown state and is closed,
    // which rolls back too.
    const rolledBack =
      !state.begun ||
      (isDatabaseError(error) &&
        (await client.query('ROLLBACK').then(
          () => true,
          () => false,
        )));
    client.release(rolledBack ? undefined : asError(error));
    throw error;
  }
  client.release();
  return result;
}

/** An error the database reported (with its SQLSTATE), not one of the link or a time limit. */
function isDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function postgresConnection(pool: pg.Pool, version: number): StoreConnection {
  return {
    engine: 'postgres',
    read: (plan) => readPlan(plan, pool),
    write: (name, ...args) =>
      name === 'accept'
        ? (acceptInDatabase(pool, ...(args as Parameters<Writes['accept']>)) as Promise<
            WriteResult<typeof name>
          >)
        : transaction(pool, (exec) => exec(writePlan(name, args))),
    transaction: (work) => transaction(pool, work),
    schemaVersion: () => version,
    // Rewrites the tables and their indexes without the deleted rows (a plain VACUUM only
    // marks their space for reuse, and the text stays in the files until overwritten); the
    // old files are emptied when it commits. The write-ahead log keeps the text until its
    // segments are recycled (docs/deploy.md says how to hasten that).
    reclaimSpace: async () => {
      const client = await pool.connect();
      try {
        await client.query(unlimited('SET statement_timeout = 0'));
        await client.query(unlimited(`VACUUM FULL ${tableNames((table) => table.visitorText)}`));
        await client.query('RESET statement_timeout');
      } finally {
        client.release();
      }
      return true;
    },
    location: async () => {
      const row = (
        await pool.query<{ name: string; bytes: number }>(
          'SELECT current_database() AS name, pg_database_size(current_database()) AS bytes',
        )
      ).rows[0];
      return { description: `PostgreSQL database ${row?.name ?? '?'}`, bytes: row?.bytes ?? 0 };
    },
    backup: async () => {
      throw new StoreSettingsError(
        'On PostgreSQL, back up with pg_dump: pg_dump --format=custom --file=feedback.dump "$DATABASE_URL" (see docs/deploy.md).',
      );
    },
    close: () => pool.end(),
  };
}

export class PostgresFeedbackStore extends SharedFeedbackStore {
  readonly pool: pg.Pool;

  private constructor(pool: pg.Pool, version: number, queueLimit: number | undefined) {
    super(postgresConnection(pool, version), queueLimit);
    this.pool = pool;
  }

  /**
   * Connects, checks that commits are durable, and applies the missing migrations under an
   * advisory lock (instances starting together apply each once).
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresFeedbackStore> {
    const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIME_LIMIT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Durability: a commit returns only once it is on disk (the server's own default).
      // Time limits: a statement, and a transaction left idle by a process that stopped.
      options: `-c synchronous_commit=on -c statement_timeout=${statementTimeoutMs} -c idle_in_transaction_session_timeout=${4 * statementTimeoutMs}`,
      application_name: options.applicationName ?? 'portfolio-feedback',
      // A database that does not answer at all (frozen, a network that drops packets).
      query_timeout: statementTimeoutMs + 1000,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECT_TIME_LIMIT_MS,
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
      return new PostgresFeedbackStore(pool, version, options.queueLimit);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
}
