/**
 * The feedback store over either engine: each feature's interface, built by the feature over
 * the connection (`<feature>/store.ts`), with the store's health and the copy between
 * engines. An engine is only a connection that runs the features' plans (sqlite/engine.ts,
 * postgres/engine.ts).
 * Accepted messages are committed in groups, one transaction per group.
 */
import { GroupCommit } from './group-commit.ts';
import { LONGEST_CAP_WINDOW_MS } from '../intake/policy.ts';
import { feedbackIntake } from '../intake/store.ts';
import { outboxQueue } from '../mail/store.ts';
import { deliveryPause } from '../mail/repository.ts';
import { notificationQueue } from '../notify/store.ts';
import { ownerAccess, ownerQueries } from '../owner/store.ts';
import { counts } from '../owner/repository.ts';
import { visitRecorder, visitStats } from '../visits/store.ts';
import * as transfer from './operations/transfer.ts';
import { COPIED_TABLES } from './tables.ts';
import type { WriteName, WriteResult, Writes } from './operations/writes.ts';
import type { Plan } from './sql/plan.ts';
import type { AcceptResult, FeedbackIntake, NewFeedback } from '../intake/types.ts';
import type { OutboxQueue } from '../mail/types.ts';
import type { NotificationQueue } from '../notify/types.ts';
import type { OwnerAccess, OwnerQueries } from '../owner/types.ts';
import {
  StoreSettingsError,
  type FeedbackStore,
  type StoreEngine,
  type StoreHealth,
  type StoreRow,
  type StoreTransfer,
} from './types.ts';
import type { VisitRecorder, VisitStats } from '../visits/types.ts';

/** Runs a plan inside a transaction that the caller feeds (copying a store). */
export type Exec = <T>(plan: Plan<T>) => Promise<T>;

/** What an engine provides: running operations, and what only it can do. */
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

/** Rows copied out per query. */
const COPY_PAGE = 1000;

export class SharedFeedbackStore implements FeedbackStore {
  readonly intake: FeedbackIntake;
  readonly outbox: OutboxQueue;
  readonly owner: OwnerQueries;
  readonly ownerAccess: OwnerAccess;
  readonly notifications: NotificationQueue;
  readonly health: StoreHealth;
  readonly transfer: StoreTransfer;
  readonly visits: VisitRecorder;
  readonly visitStats: VisitStats;
  readonly #connection: StoreConnection;
  readonly #group: GroupCommit<NewFeedback, AcceptResult>;
  #closed = false;

  protected constructor(connection: StoreConnection, queueLimit: number | undefined) {
    const c = connection;
    this.#connection = c;
    const group = new GroupCommit((items: readonly NewFeedback[]) => c.write('accept', items), {
      ...(queueLimit === undefined ? {} : { maxWaiting: queueLimit }),
    });
    this.#group = group;

    this.intake = feedbackIntake(c, (item) => group.submit(item));
    this.outbox = outboxQueue(c);
    this.owner = ownerQueries(c, {
      reclaimSpace: () => c.reclaimSpace(),
      location: () => c.location(),
      backup: (file) => c.backup(file),
    });
    this.ownerAccess = ownerAccess(c);
    this.notifications = notificationQueue(c);
    this.visits = visitRecorder(c);
    this.visitStats = visitStats(c);

    this.health = {
      probeWrite: (now) => c.write('probeWrite', now),
      counts: () => c.read(counts()),
      deliveryPause: () => c.read(deliveryPause()),
      schema: () => ({ engine: c.engine, version: c.schemaVersion() }),
    };

    this.transfer = {
      async *rows() {
        for (const table of COPIED_TABLES) {
          let after: Record<string, unknown> | undefined;
          for (;;) {
            const rows = await c.read(transfer.page(table, after, COPY_PAGE));
            for (const row of rows) yield transfer.recordRow(table, row);
            after = rows.at(-1);
            if (!after || rows.length < COPY_PAGE) break;
          }
        }
      },
      isEmpty: () => c.read(transfer.isEmpty()),
      load: (rows) =>
        c.transaction(async (exec) => {
          if (!(await exec(transfer.beginCopy()))) {
            throw new StoreSettingsError(
              'The target store already holds messages; copy into an empty one.',
            );
          }
          const loaded = Object.fromEntries(
            COPIED_TABLES.map((table) => [table.name, 0]),
          ) as Record<StoreRow['table'], number>;
          for await (const item of rows) {
            await exec(transfer.insertRow(item));
            loaded[item.table] += 1;
          }
          return loaded;
        }),
    };
  }

  forgetExpired(now: number): Promise<void> {
    return this.#connection.write('forgetExpired', now, LONGEST_CAP_WINDOW_MS);
  }

  /** Commits what is waiting, then closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#group.close();
    await this.#connection.close();
  }
}
