/**
 * Opens the SQLite store: one file in DATA_DIR, in WAL mode with synchronous=FULL (both
 * checked), so a committed message survives a crash or a power cut. Deleted rows are
 * overwritten (`secure_delete`) and freed pages given back to the disk (`auto_vacuum =
 * INCREMENTAL`). The schema files (each feature's schema/sqlite/) are applied under the write lock, so two
 * processes opening the store together do not race.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  missingMigrations,
  readMigrations,
  renumber,
  type AppliedMigration,
  type Renumbered,
} from '../migration-files.ts';
import { StoreSettingsError } from '../errors.ts';

/** The store's file inside DATA_DIR. */
export const STORE_FILE = 'feedback.sqlite';

export const SQLITE_MIGRATIONS = readMigrations('sqlite');

/** The files as they were numbered before the versions were put in step with PostgreSQL's. */
const RENUMBERED: Renumbered = {
  '0005-visits.sql': '0006-visits.sql',
  '0006-owner.sql': '0007-owner.sql',
};

export interface SqliteConnectionOptions {
  /** Create the folder and the file when missing; default true. The owner's tools pass false. */
  create?: boolean;
  /** Ms to wait for another connection's write lock; default 5000. */
  busyTimeoutMs?: number;
}

export function storeFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), STORE_FILE);
}

export function openSqlite(dataDir: string, options: SqliteConnectionOptions = {}) {
  const { create = true, busyTimeoutMs = 5000 } = options;
  const file = storeFile(dataDir);
  if (!create && !existsSync(file)) {
    throw new StoreSettingsError(
      `No feedback store at ${file}: the server creates it when it first starts (DATA_DIR sets the folder; DATABASE_URL chooses PostgreSQL).`,
    );
  }
  // The store holds visitors' names and addresses: readable by the owner only, from the
  // moment the file exists (SQLite gives its log files the same mode), in a folder only the
  // owner can list, even one that was made before with the umask's mode.
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  tighten(folder, 0o700);
  if (create) closeSync(openSync(file, 'a', 0o600));
  tighten(file, 0o600);
  const db = new Database(file, { fileMustExist: !create });
  try {
    db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') {
      throw new StoreSettingsError(
        `${file} cannot use WAL journal mode (got "${String(mode)}"); put DATA_DIR on a local disk.`,
      );
    }
    db.pragma('synchronous = FULL');
    const synchronous = db.pragma('synchronous', { simple: true });
    if (synchronous !== 2) {
      throw new StoreSettingsError(
        `${file} did not accept synchronous=FULL (got ${String(synchronous)}).`,
      );
    }
    db.pragma('foreign_keys = ON');
    db.pragma('trusted_schema = OFF');
    // Deleted rows are overwritten with zeros, so a purged name is not left in free pages.
    db.pragma('secure_delete = ON');
    if (create) useIncrementalVacuum(db);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return { file, db };
}

/** Takes every permission beyond `mode` away, where this user may (it owns the file). */
function tighten(file: string, mode: number): void {
  try {
    const current = statSync(file).mode & 0o777;
    if ((current & ~mode) !== 0) chmodSync(file, current & mode);
  } catch {
    // Another user's folder, or one this user may not change: left as it is.
  }
}

/** The schema version applied to the file. */
export function schemaVersion(db: Database.Database): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Turns on incremental vacuum, so deleted data can be given back to the disk. The setting
 * takes effect when the file is rebuilt (VACUUM), once: for a store made before, that copies
 * it in a transaction of its own, so a crash leaves either the old file or the new one.
 */
function useIncrementalVacuum(db: Database.Database): void {
  if (db.pragma('auto_vacuum', { simple: true }) === 2) return;
  db.pragma('auto_vacuum = INCREMENTAL');
  db.exec('VACUUM');
}

/**
 * The versions applied to the file: its `schema_migrations` table, made on first need. A
 * store made before the table has every file up to its user_version applied (their numbers
 * had no gaps then). A file applied under its old number counts as its new one.
 */
function appliedVersions(db: Database.Database): Set<number> {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT',
  );
  const rows = db
    .prepare('SELECT version, name FROM schema_migrations')
    .all() as AppliedMigration[];
  const renumbering = renumber(SQLITE_MIGRATIONS, RENUMBERED, rows);
  for (const { from, to } of renumbering) {
    db.prepare('UPDATE schema_migrations SET version = ?, name = ? WHERE name = ?').run(
      to.version,
      to.name,
      from,
    );
    const record = rows.find((row) => row.name === from);
    if (record) Object.assign(record, { version: to.version, name: to.name });
  }
  if (renumbering.length > 0) {
    db.pragma(`user_version = ${Math.max(...rows.map((row) => row.version))}`);
  }
  if (rows.length === 0) {
    const record = db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)');
    for (const migration of SQLITE_MIGRATIONS) {
      if (migration.version > schemaVersion(db)) break;
      record.run(migration.version, migration.name);
      rows.push({ version: migration.version, name: migration.name });
    }
  }
  return new Set(rows.map((row) => row.version));
}

/**
 * Applies each migration the file lacks, in order, each in a write transaction of its own
 * (the lock is the file's). user_version is the highest version applied.
 */
function migrate(db: Database.Database): void {
  for (const migration of SQLITE_MIGRATIONS) {
    db.transaction(() => {
      // Read under the write lock: another process may have applied it meanwhile.
      const applied = appliedVersions(db);
      const missing = missingMigrations(
        SQLITE_MIGRATIONS,
        [...applied, schemaVersion(db)].filter(Boolean),
        'store',
      );
      if (!missing.includes(migration)) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(
        migration.version,
        migration.name,
      );
      db.pragma(`user_version = ${Math.max(schemaVersion(db), migration.version)}`);
    }).immediate();
  }
}
