/**
 * The SQLite engine of the feedback store (the default): one file in DATA_DIR, for one
 * machine. The server's writes run on a writer thread with its own connection (so neither
 * an fsync nor a wait for the lock stops the event loop); reads run here, and in WAL mode
 * never wait for a writer. The operations themselves are the store's (../operations).
 */
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Exec, StoreConnection } from '../connection.ts';
import { SharedFeedbackStore } from '../feedback-store.ts';
import { writePlan } from '../operations/writes.ts';
import { openSqlite, schemaVersion, type SqliteConnectionOptions } from './connection.ts';
import { SqliteRunner } from './runner.ts';
import { WriterThread } from './writer-client.ts';

export interface SqliteStoreOptions extends SqliteConnectionOptions {
  /** Run the server's writes on a writer thread (the server does); default false. */
  writerThread?: boolean;
  /** Messages waiting for their commit at most (a stalled disk); default DEFAULT_QUEUE_LIMIT. */
  queueLimit?: number;
}

/** The file and its log, in bytes. */
function sizeOf(file: string): number {
  return ['', '-wal']
    .map((suffix) => {
      try {
        return statSync(file + suffix).size;
      } catch {
        return 0;
      }
    })
    .reduce((sum, size) => sum + size, 0);
}

/** SQLite's connection, with what tests reach into: its file, its handle, its writer. */
export interface SqliteStoreConnection extends StoreConnection {
  readonly engine: 'sqlite';
  readonly file: string;
  /** The connection of this thread: reads, and tests' faults. */
  readonly db: Database.Database;
  /**
   * Makes the writer thread stall for `afterMs` and die, as a crash would: the writes sent
   * to it meanwhile fail (tests of that failure).
   */
  crashWriterThread(afterMs: number): void;
}

function sqliteConnection(
  file: string,
  db: Database.Database,
  thread: WriterThread | undefined,
): SqliteStoreConnection {
  const runner = new SqliteRunner(db);
  return {
    engine: 'sqlite',
    file,
    db,
    crashWriterThread: (afterMs) => thread?.crash(afterMs),
    read: async (plan) => runner.read(plan),
    write: async (name, ...args) =>
      thread ? thread.write(name, ...args) : runner.write(writePlan(name, args)),
    async transaction<T>(work: (exec: Exec) => Promise<T>): Promise<T> {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(async (plan) => runner.read(plan));
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    schemaVersion: () => schemaVersion(db),
    /**
     * Gives the free pages back to the file system and empties the write-ahead log, so no
     * copy of a deleted row is left in either. A store made before incremental vacuum was
     * used is compacted in full once. False when another connection kept the log from
     * being emptied.
     */
    reclaimSpace: async () => {
      if (db.pragma('auto_vacuum', { simple: true }) === 2) db.pragma('incremental_vacuum');
      else db.exec('VACUUM');
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return result?.busy === 0;
    },
    location: async () => ({ description: file, bytes: sizeOf(file) }),
    // SQLite's online backup: a consistent copy, page by page, while others write.
    backup: async (target) => {
      await db.backup(target);
    },
    close: async () => {
      await thread?.close();
      db.close();
    },
  };
}

export class SqliteFeedbackStore extends SharedFeedbackStore {
  override readonly connection: SqliteStoreConnection;
  readonly file: string;
  /** The connection of this thread: reads, and tests' faults. */
  readonly db: Database.Database;

  private constructor(connection: SqliteStoreConnection, queueLimit: number | undefined) {
    super(connection, queueLimit);
    this.connection = connection;
    this.file = connection.file;
    this.db = connection.db;
  }

  /**
   * Opens (and, unless told otherwise, creates) the store in `dataDir`. Throws a
   * StoreSettingsError when the file cannot be put in WAL mode with synchronous=FULL.
   */
  static async open(dataDir: string, options: SqliteStoreOptions = {}) {
    const { writerThread = false, busyTimeoutMs = 5000 } = options;
    const { file, db } = openSqlite(dataDir, options);
    let thread: WriterThread | undefined;
    if (writerThread) {
      try {
        thread = await WriterThread.start({ dataDir, busyTimeoutMs });
      } catch (error) {
        db.close();
        throw error;
      }
    }
    return new SqliteFeedbackStore(sqliteConnection(file, db, thread), options.queueLimit);
  }

  /**
   * Makes the writer thread stall for `afterMs` and die, as a crash would: the writes sent
   * to it meanwhile fail (tests of that failure).
   */
  crashWriterThread(afterMs: number): void {
    this.connection.crashWriterThread(afterMs);
  }

  override async close(): Promise<void> {
    if (!this.db.open) return;
    await super.close();
  }
}
