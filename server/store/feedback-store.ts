/**
 * The feedback store over either engine: every operation is written once (./operations),
 * and an engine is only a connection that runs them (sqlite/engine.ts, postgres/engine.ts).
 * Accepted messages are committed in groups, one transaction per group.
 */
import { GroupCommit } from './group-commit.ts';
import { LONGEST_CAP_WINDOW_MS } from '../intake/policy.ts';
import * as messages from '../intake/messages-repository.ts';
import * as intake from '../intake/repository.ts';
import * as outbox from '../mail/repository.ts';
import * as jobs from '../jobs/repository.ts';
import * as ownerOps from '../owner/repository.ts';
import * as access from '../owner/access-repository.ts';
import * as transfer from './operations/transfer.ts';
import * as visits from '../visits/repository.ts';
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
/** Messages exported per query. */
const LIST_PAGE = 500;
/** Entries of each list of a visit report, by default. */
const REPORT_LIMIT = 10;

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

    this.intake = {
      accept: (item) => group.submit(item),
      findReplay: (key, now) => c.read(intake.findReplay(key, now)),
      forgetKeySalt: () => c.write('forgetKeySalt'),
    };

    const deliveryPause = () => c.read(outbox.deliveryPause());
    const sentSince = (since: number) => c.read(outbox.sentSince(since));
    const counts = () => c.read(ownerOps.counts());

    this.outbox = {
      claim: (options) => c.write('claim', options),
      renewLease: (id, by, until) => c.write('renewLease', id, by, until),
      recordSent: (id, outcome) => c.write('recordSent', id, outcome),
      recordRetry: (id, outcome) => c.write('recordRetry', id, outcome),
      recordDead: (id, outcome) => c.write('recordDead', id, outcome),
      releaseClaims: (by, now) => c.write('releaseClaims', by, now),
      nextDueAt: () => c.read(outbox.nextDueAt()),
      countDue: (now) => c.read(outbox.countDue(now)),
      dueInSendOrder: (now, limit, offset) => c.read(outbox.dueInOrder(now, limit, offset)),
      sentSince,
      deliveryPause,
      pauseDelivery: (pause, notify) => c.write('pauseDelivery', pause, notify),
      resumeDelivery: () => c.write('resumeDelivery'),
      claimDigest: (options) => c.write('claimDigest', options),
      digestSent: (at) => c.write('completeJob', 'digest', outbox.DIGEST_JOB, at, null),
      digestFailed: (holder, retryAt, error) =>
        c.write('retryJobLater', 'digest', outbox.DIGEST_JOB, holder, retryAt, error),
    };

    this.owner = {
      find: (idOrPrefix) => c.read(messages.find(idOrPrefix)),
      attemptsOf: (id) => c.read(ownerOps.attemptsOf(id)),
      list: (options = {}) => c.read(ownerOps.listPage(options, options.after, options.limit)),
      // Page by page (keyset), so an export of any size holds one page in memory.
      iterate: async function* (options = {}) {
        let left = options.limit ?? Infinity;
        let last = options.after;
        while (left > 0) {
          const size = Math.min(LIST_PAGE, left);
          const page = await c.read(ownerOps.listPage(options, last, size));
          yield* page;
          last = page.at(-1);
          left -= page.length;
          if (page.length < size) return;
        }
      },
      retry: (idOrPrefix, now) => c.write('retry', idOrPrefix, now),
      releaseSpam: (idOrPrefix, now) => c.write('retry', idOrPrefix, now, 'spam'),
      markSpam: (idOrPrefix) => c.write('markSpam', idOrPrefix),
      markRead: (id, read, now) => c.write('markRead', id, read, now),
      retryAllDead: (now) => c.write('retryAllDead', now),
      counts,
      sentSince,
      deliveryPause,
      countByApp: () => c.read(ownerOps.countByApp()),
      countPurgeable: (before) => c.read(ownerOps.countPurgeable(before)),
      purge: (before, now) => c.write('purge', before, now),
      countBySender: (email) => c.read(ownerOps.countBySender(email)),
      forgetSender: (email) => c.write('forgetSender', email),
      reclaimSpace: () => c.reclaimSpace(),
      location: () => c.location(),
      backup: (file) => c.backup(file),
    };

    this.ownerAccess = {
      passkeys: () => c.read(access.passkeys()),
      passkey: (id) => c.read(access.passkey(id)),
      issueTicket: (ticket, entry) => c.write('issueTicket', ticket, entry),
      ticket: (id, kind, now) => c.read(access.ticket(id, kind, now)),
      takeTicket: (id, kind, now) => c.write('takeTicket', id, kind, now),
      enrol: (linkId, key, session, entry) => c.write('enrol', linkId, key, session, entry),
      signIn: (id, counter, session, entry) => c.write('signIn', id, counter, session, entry),
      addPasskey: (key, entry) => c.write('addPasskey', key, entry),
      usePasskey: (id, counter, at) => c.write('usePasskey', id, counter, at),
      removePasskey: (id, entry) => c.write('removePasskey', id, entry),
      session: (id) => c.read(access.session(id)),
      openSessions: () => c.read(access.openSessions()),
      touchSession: (id, at) => c.write('touchSession', id, at),
      endSession: (id, at, entry) => c.write('endSession', id, at, entry),
      audit: (entry) => c.write('audit', entry),
      auditLog: (limit, before) => c.read(access.auditLog(limit, before)),
      capsFull: (caps, now) => c.read(access.capsFull(caps, now)),
      countAttempt: (caps, now) => c.write('countAttempt', caps, now),
      forgetExpired: (now, before) => c.write('forgetExpiredAccess', now, before),
    };

    this.notifications = {
      claim: (options) => c.write('claimNotifications', options),
      recordSent: (id, at) => c.write('completeJob', 'notify', id, at, null),
      recordRetry: (id, by, next, error) => c.write('retryJobLater', 'notify', id, by, next, error),
      recordDead: (id, by, error) => c.write('giveUpJob', 'notify', id, by, error),
      releaseClaims: (by, now) => c.write('releaseClaims', by, now),
      nextDueAt: () => c.read(jobs.nextDueAt('notify')),
    };

    this.health = {
      probeWrite: (now) => c.write('probeWrite', now),
      counts,
      deliveryPause,
      schema: () => ({ engine: c.engine, version: c.schemaVersion() }),
    };

    this.visits = {
      record: (items) => c.write('recordVisits', items),
      heartbeat: (me, day, now, staleBefore) =>
        c.write('visitHeartbeat', me, day, now, staleBefore),
      offerSalt: (day, shares) => c.write('offerVisitSalt', day, shares),
      shareSalt: (day, shares) => c.write('shareVisitSalt', day, shares),
      forget: (keepSince, today) => c.write('forgetVisits', keepSince, today),
    };

    this.visitStats = {
      report: (period, now, limit = REPORT_LIMIT) => c.read(visits.visitReport(period, now, limit)),
      days: (range) => c.read(visits.visitDays(range)),
      pages: (range, limit) => c.read(visits.visitPages(range, limit)),
      apps: (range, limit) => c.read(visits.visitApps(range, limit)),
      referrers: (range, limit) => c.read(visits.visitReferrers(range, limit)),
      notFound: (range, limit) => c.read(visits.visitNotFound(range, limit)),
      devices: (range) => c.read(visits.visitDevices(range)),
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
