/**
 * The whole feedback store over either engine, for the owner's command and the tests: each
 * feature's repository, built by the feature over the connection (`<feature>/store.ts`), with
 * the store's health and the copy between engines. The server does not use it: each of its
 * features registers its own repository over the connection (`<feature>/plugin.ts`).
 */
import type { StoreConnection } from './connection.ts';
import { feedbackIntake, type OpenIntake } from '../intake/store.ts';
import { outboxQueue } from '../mail/store.ts';
import { notificationQueue } from '../notify/store.ts';
import { ownerAccess, ownerQueries } from '../owner/store.ts';
import { visitRecorder, visitStats } from '../visits/store.ts';
import { storeHealth, type StoreHealth } from './health.ts';
import { storeTransfer, type StoreTransfer } from './operations/transfer.ts';
import type { FeedbackIntake } from '../intake/types.ts';
import type { OutboxQueue } from '../mail/types.ts';
import type { NotificationQueue } from '../notify/types.ts';
import type { OwnerAccess, OwnerQueries } from '../owner/types.ts';
import type { VisitRecorder, VisitStats } from '../visits/types.ts';

/** An open store: every feature's repository over one connection, and its end. */
export type FeedbackStore = SharedFeedbackStore;

export class SharedFeedbackStore {
  /** What the features' repositories run on. */
  readonly connection: StoreConnection;
  readonly outbox: OutboxQueue;
  readonly owner: OwnerQueries;
  readonly ownerAccess: OwnerAccess;
  readonly notifications: NotificationQueue;
  readonly health: StoreHealth;
  readonly transfer: StoreTransfer;
  /** The visit counter's sums and the day's salt. */
  readonly visits: VisitRecorder;
  /** The owner's reading of visits. */
  readonly visitStats: VisitStats;
  readonly #queueLimit: number | undefined;
  #intake: OpenIntake | undefined;
  #closed = false;

  protected constructor(connection: StoreConnection, queueLimit: number | undefined) {
    const c = connection;
    this.connection = c;
    this.#queueLimit = queueLimit;
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
    this.health = storeHealth(c);
    this.transfer = storeTransfer(c);
  }

  /** The intake, its group commit started on first use. */
  get intake(): FeedbackIntake {
    this.#intake ??= feedbackIntake(this.connection, this.#queueLimit);
    return this.#intake.intake;
  }

  /** Commits what is waiting, then closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#intake?.close();
    await this.connection.close();
  }
}
