/**
 * What truly differs between the engines' SQL, and nothing else: how parameters are
 * written, how values are bound, a list parameter, row locks for claims, and the locks that
 * make concurrent writers of one kind wait for each other. Everything else (upserts,
 * `TRUE`, `RETURNING`, window functions, `UPDATE … FROM`) is written once; both engines
 * read it.
 */
import { tableNames } from '../tables.ts';

/**
 * The writers that take turns: accepting a group (the caps' counts and the keys' checks),
 * claiming (the hourly mail cap counts what is in flight), the meta rows (pause, digest),
 * a copy into the store (no other writer until it commits), and the visit counters' sums
 * and salt (instances flush one at a time), the owner's passkeys (the last one is never
 * removed, however many removals race). SQLite's write lock already serialises every
 * write transaction.
 */
export type LockName = 'accept' | 'claim' | 'meta' | 'copy' | 'visits' | 'passkeys';

export interface Dialect {
  readonly engine: 'sqlite' | 'postgres';
  /** `column` is one of the values of the list parameter `param` (an array). */
  inList(column: string, param: string): string;
  /**
   * Appended to a claim's SELECT of the rows of the table `alias` names (the jobs
   * table): on PostgreSQL, rows another instance is claiming are skipped rather
   * than waited for. SQLite claims under its write lock.
   */
  skipLocked(alias: string): string;
}

export const SQLITE: Dialect = {
  engine: 'sqlite',
  inList: (column, param) => `${column} IN (SELECT value FROM json_each(@${param}))`,
  skipLocked: () => '',
};

export const POSTGRES: Dialect = {
  engine: 'postgres',
  inList: (column, param) => `${column} = ANY(@${param})`,
  skipLocked: (alias) => `FOR UPDATE OF ${alias} SKIP LOCKED`,
};

/**
 * The ids of the PostgreSQL advisory locks, each written here once. They are a contract with
 * every instance and every database already set up: changing one lets an instance of the new
 * code and one of the old hold "the same" lock at once.
 */
export const ADVISORY_LOCK_IDS = {
  /** Applying the schema files (a session lock, postgres/migrate.ts): one instance at a time. */
  migrations: 7342011000,
  /**
   * Accepting a group: the caps' counts and the keys' checks. The schema files' function
   * `feedback_accept` takes it as `{{lock.accept}}` (migration-files.ts), and every database
   * set up holds it in that function: it must keep this value.
   */
  accept: 7342011001,
  /** Claiming jobs under an hourly cap: it counts what is in flight. */
  claim: 7342011002,
  /** The meta rows: pause, digest. */
  meta: 7342011003,
  /** The visit counters' sums and salt: instances flush one at a time. */
  visits: 7342011004,
  /** The owner's passkeys: the last one is never removed, however many removals race. */
  passkeys: 7342011005,
} as const satisfies Record<'migrations' | Exclude<LockName, 'copy'>, number>;

/** A transaction's advisory lock, released when it ends. */
const advisoryLock = (name: Exclude<LockName, 'copy'>) =>
  `SELECT pg_advisory_xact_lock(${String(ADVISORY_LOCK_IDS[name])})`;

/** The locks on PostgreSQL: advisory locks, tables for a copy. */
export const POSTGRES_LOCKS: Readonly<Record<LockName, string>> = {
  accept: advisoryLock('accept'),
  claim: advisoryLock('claim'),
  meta: advisoryLock('meta'),
  copy: `LOCK TABLE ${tableNames((table) => table.records !== undefined)} IN EXCLUSIVE MODE`,
  visits: advisoryLock('visits'),
  passkeys: advisoryLock('passkeys'),
};

/** A statement with its `@name` parameters made positional. */
export interface Compiled {
  text: string;
  names: readonly string[];
}

const PARAMETER = /@([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Makes `@name` parameters positional: `?` for SQLite, `$1…` for PostgreSQL (a name used
 * twice is one parameter there). Cached: each operation's statements are compiled once.
 */
export function compile(sql: string, style: 'question' | 'dollar', cache: Map<string, Compiled>) {
  const known = cache.get(sql);
  if (known) return known;
  const names: string[] = [];
  const text = sql.replace(PARAMETER, (_, name: string) => {
    if (style === 'question') {
      names.push(name);
      return '?';
    }
    let index = names.indexOf(name);
    if (index === -1) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  const compiled = { text, names };
  cache.set(sql, compiled);
  return compiled;
}

/** The values of a compiled statement's parameters, in order; a missing one is an error. */
export function bind(
  compiled: Compiled,
  params: object,
  value: (raw: unknown) => unknown,
): unknown[] {
  return compiled.names.map((name) => {
    if (!Object.hasOwn(params, name)) throw new Error(`No value for @${name}`);
    return value((params as Record<string, unknown>)[name] ?? null);
  });
}

/** SQLite binds no booleans and no arrays: 1/0, and a JSON array for json_each. */
export function sqliteValue(raw: unknown): unknown {
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (Array.isArray(raw)) return JSON.stringify(raw);
  return raw;
}
