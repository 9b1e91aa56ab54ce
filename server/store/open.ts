/**
 * Opens the feedback store: PostgreSQL when a database address is given (DATABASE_URL),
 * else the SQLite file in DATA_DIR. The only place that knows there are two engines.
 */
import { databaseAddress, PostgresFeedbackStore } from './postgres/engine.ts';
import { SqliteFeedbackStore } from './sqlite/engine.ts';
import type { FeedbackStore } from './feedback-store.ts';

export interface OpenStoreOptions {
  /** postgres://… chooses PostgreSQL. */
  databaseUrl?: string | undefined;
  /** The SQLite file's folder (when no databaseUrl). */
  dataDir: string;
  /** Create the SQLite file when missing; default true. The owner's tools pass false. */
  create?: boolean;
  /** SQLite: commit on a writer thread (the server does); default false. */
  writerThread?: boolean;
  /** PostgreSQL: connections at most; default 10. */
  poolSize?: number;
  /** PostgreSQL: the longest a statement may take, in ms (a new connection, half of it). */
  timeoutMs?: number;
  /** Messages waiting for their commit at most; default DEFAULT_QUEUE_LIMIT. */
  queueLimit?: number;
}

export function openFeedbackStore(options: OpenStoreOptions): Promise<FeedbackStore> {
  const { databaseUrl, dataDir, create, writerThread, poolSize, queueLimit, timeoutMs } = options;
  if (databaseUrl) {
    return PostgresFeedbackStore.open({
      url: databaseUrl,
      ...(timeoutMs === undefined
        ? {}
        : { statementTimeoutMs: timeoutMs, connectionTimeoutMs: Math.ceil(timeoutMs / 2) }),
      ...(poolSize === undefined ? {} : { poolSize }),
      ...(queueLimit === undefined ? {} : { queueLimit }),
    });
  }
  return SqliteFeedbackStore.open(dataDir, {
    ...(create === undefined ? {} : { create }),
    ...(writerThread === undefined ? {} : { writerThread }),
    ...(queueLimit === undefined ? {} : { queueLimit }),
  });
}

/** Where the store is, for logs: never the database's password. */
export function describeStore(options: Pick<OpenStoreOptions, 'databaseUrl' | 'dataDir'>): string {
  if (!options.databaseUrl) return `SQLite in ${options.dataDir}`;
  return `PostgreSQL at ${databaseAddress(options.databaseUrl)}`;
}
