/**
 * The SQLite engine of the feedback store (the default): one file in DATA_DIR, for one
 * machine. The server's writes run on a writer thread with its own connection (so neither
 * an fsync nor a wait for the lock stops the event loop) and accepted messages are
 * committed in groups; reads run here, and in WAL mode never wait for a writer.
 */
import Database from 'better-sqlite3';
import { GroupCommit } from '../group-commit.ts';
import { retryMessage, type Requeue } from '../rows.ts';
import type {
  AcceptResult,
  ClaimedMessage,
  FeedbackIntake,
  FeedbackStore,
  NewFeedback,
  OutboxQueue,
  OwnerQueries,
  StoreHealth,
  StoreTransfer,
} from '../types.ts';
import { openSqlite, schemaVersion, type SqliteConnectionOptions } from './connection.ts';
import { SqliteQueries } from './queries.ts';
import { sqliteTransfer } from './transfer.ts';
import { local, WriterThread, type Remote } from './writer-client.ts';
import { SqliteWrites } from './writes.ts';

export interface SqliteStoreOptions extends SqliteConnectionOptions {
  /** Run the server's writes on a writer thread (the server does); default false. */
  writerThread?: boolean;
  /** Messages waiting for their commit at most (a stalled disk); default 1024. */
  queueLimit?: number;
}

export class SqliteFeedbackStore implements FeedbackStore {
  readonly file: string;
  /** The connection of this thread: reads, the owner's changes, and tests' faults. */
  readonly db: Database.Database;
  readonly intake: FeedbackIntake;
  readonly outbox: OutboxQueue;
  readonly owner: OwnerQueries;
  readonly health: StoreHealth;
  readonly transfer: StoreTransfer;
  readonly #writes: Remote<SqliteWrites>;
  readonly #thread: WriterThread | undefined;
  readonly #group: GroupCommit<NewFeedback, AcceptResult>;

  private constructor(
    file: string,
    db: Database.Database,
    thread: WriterThread | undefined,
    queueLimit: number,
  ) {
    this.file = file;
    this.db = db;
    this.#thread = thread;
    this.#writes = thread?.writes ?? local(new SqliteWrites(db));
    const queries = new SqliteQueries(db, file);
    const writes = this.#writes;
    this.#group = new GroupCommit((items) => writes.acceptGroup(items), {
      maxWaiting: queueLimit,
    });
    const group = this.#group;

    this.intake = {
      accept: (item) => group.submit(item),
      findReplay: async (key, now) => queries.findReplay(key, now),
    };

    this.outbox = {
      claim: async (options) => {
        const rows = await writes.claim(options);
        return rows.map((row): ClaimedMessage => {
          const message = queries.messageById(row.id);
          if (!message) throw new Error(`Outbox entry ${row.id} has no message`);
          return { ...message, attempt: row.attempt, queuedAt: row.queuedAt };
        });
      },
      renewLease: (id, owner, until) => writes.renewLease(id, owner, until),
      recordSent: (id, outcome) => writes.recordSent(id, outcome),
      recordRetry: (id, outcome) => writes.recordRetry(id, outcome),
      recordDead: (id, outcome) => writes.recordDead(id, outcome),
      releaseClaims: (owner, now) => writes.releaseClaims(owner, now),
      nextDueAt: async () => queries.nextDueAt(),
      countDue: async (now) => queries.countDue(now),
      dueInSendOrder: async (now, limit, offset) => queries.dueInSendOrder(now, limit, offset),
      sentSince: async (since) => queries.sentSince(since),
      deliveryPause: async () => queries.deliveryPause(),
      pauseDelivery: (pause) => writes.pauseDelivery(pause),
      resumeDelivery: () => writes.resumeDelivery(),
      lastDigestAt: async () => queries.lastDigestAt(),
      claimDigest: (at, previous) => writes.swapDigest(previous, at),
      releaseDigest: async (at, previous) => {
        await writes.swapDigest(at, previous);
      },
    };

    const requeue: Requeue = {
      find: (idOrPrefix) => queries.find(idOrPrefix),
      requeue: (message, now) => queries.requeue(message, now),
      read: (id) => queries.messageById(id),
    };
    this.owner = {
      find: async (idOrPrefix) => queries.find(idOrPrefix),
      attemptsOf: async (id) => queries.attemptsOf(id),
      list: async (options) => [...queries.iterate(options)],
      iterate: (options) => toAsync(queries.iterate(options)),
      retry: (idOrPrefix, now) => retryMessage(requeue, idOrPrefix, now),
      releaseSpam: (idOrPrefix, now) => retryMessage(requeue, idOrPrefix, now, 'spam'),
      retryAllDead: async (now) => queries.retryAllDead(now),
      counts: async () => queries.counts(),
      sentSince: async (since) => queries.sentSince(since),
      deliveryPause: async () => queries.deliveryPause(),
      countByApp: async () => queries.countByApp(),
      countPurgeable: async (before) => queries.countPurgeable(before),
      purge: async (before, now) => queries.purge(before, now),
      countBySender: async (email) => queries.countBySender(email),
      forgetSender: async (email) => queries.forgetSender(email),
      reclaimSpace: async () => queries.reclaimSpace(),
      location: async () => queries.location(),
      // SQLite's online backup: a consistent copy, page by page, while others write.
      backup: async (file) => {
        await db.backup(file);
      },
    };

    this.health = {
      probeWrite: (now) => writes.probeWrite(now),
      counts: async () => queries.counts(),
      deliveryPause: async () => queries.deliveryPause(),
      schema: () => ({ engine: 'sqlite', version: schemaVersion(db) }),
    };

    this.transfer = sqliteTransfer(db);
  }

  /**
   * Opens (and, unless told otherwise, creates) the store in `dataDir`. Throws a
   * StoreSettingsError when the file cannot be put in WAL mode with synchronous=FULL.
   */
  static async open(dataDir: string, options: SqliteStoreOptions = {}) {
    const { writerThread = false, queueLimit = 1024, busyTimeoutMs = 5000 } = options;
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
    return new SqliteFeedbackStore(file, db, thread, queueLimit);
  }

  forgetExpired(now: number): Promise<void> {
    return this.#writes.forgetExpired(now);
  }

  /**
   * Makes the writer thread stall for `afterMs` and die, as a crash would: the writes sent
   * to it meanwhile fail (tests of that failure).
   */
  crashWriterThread(afterMs: number): void {
    this.#thread?.crash(afterMs);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    await this.#group.close();
    await this.#thread?.close();
    this.db.close();
  }
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
