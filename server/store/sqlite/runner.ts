/**
 * Runs the store's operations on one SQLite connection: each statement prepared once, every
 * step answered at once. A write is one transaction that takes the write lock when it
 * begins (`BEGIN IMMEDIATE`), which is what makes it atomic against other processes.
 */
import type Database from 'better-sqlite3';
import { bind, compile, sqliteValue, SQLITE, type Compiled } from '../sql/dialect.ts';
import { driveSync, type Plan, type Step } from '../sql/plan.ts';

export class SqliteRunner {
  readonly #db: Database.Database;
  readonly #compiled = new Map<string, Compiled>();
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Runs a plan outside a transaction (reads; in WAL mode they never wait for a writer). */
  read<T>(plan: Plan<T>): T {
    return driveSync(plan, SQLITE, (step) => this.#answer(step));
  }

  /** Runs a plan in a write transaction of its own. */
  write<T>(plan: Plan<T>): T {
    return this.#db.transaction(() => this.read(plan)).immediate();
  }

  #answer(step: Exclude<Step, { kind: 'dialect' }>): unknown {
    // The write lock, taken when the transaction began, already keeps other writers out.
    if (step.kind === 'lock') return undefined;
    const compiled = compile(step.sql, 'question', this.#compiled);
    let statement = this.#statements.get(compiled.text);
    if (!statement) {
      statement = this.#db.prepare(compiled.text);
      this.#statements.set(compiled.text, statement);
    }
    const values = bind(compiled, step.params, sqliteValue);
    return step.kind === 'all' ? statement.all(...values) : statement.run(...values).changes;
  }
}
