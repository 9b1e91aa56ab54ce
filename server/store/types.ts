/**
 * The feedback store as the rest of the server sees it: one small interface per consumer,
 * each declared by the feature it serves with its records (intake/, mail/, owner/,
 * notify/ and visits/ types.ts), put together here with the readiness probe and the copy
 * between engines. Implemented by two engines, SQLite (sqlite/engine.ts, the default, one machine) and PostgreSQL
 * (postgres/engine.ts, any number of instances on one database). open.ts picks one.
 * Nothing above these interfaces knows which engine runs.
 *
 * Times are milliseconds since the epoch. Every call is asynchronous: PostgreSQL is across
 * the network, SQLite's writes are on a thread of their own.
 */
import type { FeedbackIntake, MessageRecord } from '../intake/types.ts';
import type { JobRecord } from '../jobs/types.ts';
import type { AttemptRecord, DeliveryCounts, DeliveryPause, OutboxQueue } from '../mail/types.ts';
import type { NotificationQueue } from '../notify/types.ts';
import type { AuditEntry, OwnerAccess, OwnerQueries, Passkey } from '../owner/types.ts';
import type { VisitCountRecord, VisitRecorder, VisitStats } from '../visits/types.ts';

/** The store's settings are wrong, or it cannot be used as it is; the message says why. */
export class StoreSettingsError extends Error {
  override name = 'StoreSettingsError';
}

/** The readiness probe. */
export interface StoreHealth {
  /** Writes one row and commits it; rejects when the store cannot be written. */
  probeWrite(now: number): Promise<void>;
  counts(): Promise<DeliveryCounts>;
  deliveryPause(): Promise<DeliveryPause | undefined>;
  /** The engine and the version of its schema that is applied. */
  schema(): { engine: StoreEngine; version: number };
}

export type StoreEngine = 'sqlite' | 'postgres';

/** One row of any table, for copying a whole store from one engine to another. */
export type StoreRow =
  | { table: 'messages'; row: MessageRecord }
  | { table: 'jobs'; row: JobRecord }
  | { table: 'delivery_attempts'; row: AttemptRecord }
  | { table: 'idempotency_keys'; row: { key: string; messageId: string; createdAt: number } }
  | { table: 'meta'; row: { key: string; value: string } }
  | { table: 'visit_counts'; row: VisitCountRecord }
  | { table: 'owner_passkeys'; row: Passkey }
  | { table: 'owner_audit'; row: AuditEntry };

/** Copying a whole store: every row out of one, into another that is empty. */
export interface StoreTransfer {
  /** Every row, parents before children. */
  rows(): AsyncIterable<StoreRow>;
  /** True when the store holds no message, no job and no key. */
  isEmpty(): Promise<boolean>;
  /** Writes every row in one transaction; refuses (StoreSettingsError) a store not empty. */
  load(rows: AsyncIterable<StoreRow>): Promise<Record<StoreRow['table'], number>>;
}

/** An open store: one interface per consumer, and its end. */
export interface FeedbackStore {
  readonly intake: FeedbackIntake;
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
  /** Forgets Idempotency-Keys older than 24 hours and caps' entries past their window. */
  forgetExpired(now: number): Promise<void>;
  /** Commits what is waiting, then closes. */
  close(): Promise<void>;
}
