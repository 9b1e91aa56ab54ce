/**
 * What an engine provides (sqlite/engine.ts, postgres/engine.ts): a connection that runs the
 * features' plans, reads and writes by name, and what only an engine does with its files.
 * Each feature builds its repository over it (`<feature>/store.ts`); nothing above it knows
 * which engine runs.
 *
 * Times are milliseconds since the epoch. Every call is asynchronous: PostgreSQL is across
 * the network, SQLite's writes are on a thread of their own.
 */
import type { WriteName, WriteResult, Writes } from './operations/writes.ts';
import type { Plan } from './sql/plan.ts';

export type StoreEngine = 'sqlite' | 'postgres';

/** Runs a plan inside a transaction that the caller feeds (copying a store). */
export type Exec = <T>(plan: Plan<T>) => Promise<T>;

export interface StoreConnection {
  readonly engine: StoreEngine;
  /** Runs a plan that only reads. */
  read<T>(plan: Plan<T>): Promise<T>;
  /** Runs a write, by name, in a transaction of its own. */
  write<K extends WriteName>(name: K, ...args: Parameters<Writes[K]>): Promise<WriteResult<K>>;
  /** One transaction for `work`, which runs plans in it as its input arrives. */
  transaction<T>(work: (exec: Exec) => Promise<T>): Promise<T>;
  schemaVersion(): number;
  /** After a deletion: no copy of a deleted row is left where the engine can clear it. */
  reclaimSpace(): Promise<boolean>;
  location(): Promise<{ description: string; bytes: number }>;
  backup(file: string): Promise<void>;
  close(): Promise<void>;
}
