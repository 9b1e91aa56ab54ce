import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../clock.ts';
import { DiskSpace } from './disk-space.ts';
import { describeStore, openFeedbackStore } from './open.ts';
import type { FeedbackStore } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable feedback store, one interface per consumer. */
    feedbackStore: FeedbackStore;
    /** The free-space floor of the store's disk (SQLite's folder). */
    feedbackStoreSpace: DiskSpace;
    /**
     * The secret the rate caps digest client addresses with: CAPS_KEY, else one made at
     * start. Never stored, so no copy of the store reverses to an address.
     */
    capsKey: string;
  }
}

export interface FeedbackStorePluginOptions {
  /** Folder of the SQLite file. */
  dataDir: string;
  /** postgres://… chooses PostgreSQL instead. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: connections at most. */
  poolSize?: number | undefined;
  /** PostgreSQL: the longest a statement may take, in ms. */
  databaseTimeoutMs?: number | undefined;
  /** SQLite: commit on a writer thread (default true), or on the event loop's thread. */
  writerThread?: boolean;
  /** Free bytes kept on the SQLite store's disk; 0 turns the check off. */
  minFreeBytes?: number;
  /** Messages waiting for their commit at most; default DEFAULT_QUEUE_LIMIT. */
  queueLimit?: number;
  /** What times the sweep of expired keys and cap entries, and where it reads the time. */
  clock?: Clock;
  /** The caps' secret (CAPS_KEY); unset: one made now, for this server's life. */
  capsKey?: string | undefined;
}

const SWEEP_MS = 10 * 60 * 1000;

/** Opens the feedback store for the server's life; commits what is waiting and closes it at the end. */
export const feedbackStorePlugin = fp<FeedbackStorePluginOptions>(
  async function feedbackStorePlugin(app: FastifyInstance, options) {
    const {
      dataDir,
      databaseUrl,
      writerThread = true,
      minFreeBytes = 0,
      clock = systemClock,
    } = options;
    const store = await openFeedbackStore({
      dataDir,
      databaseUrl,
      writerThread,
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.databaseTimeoutMs === undefined ? {} : { timeoutMs: options.databaseTimeoutMs }),
      ...(options.queueLimit === undefined ? {} : { queueLimit: options.queueLimit }),
    });
    app.decorate('feedbackStore', store);
    app.decorate('capsKey', options.capsKey ?? randomBytes(32).toString('base64url'));
    await store.intake.forgetKeySalt();
    // The disk under a database server is the database's to watch.
    app.decorate('feedbackStoreSpace', new DiskSpace(dataDir, databaseUrl ? 0 : minFreeBytes));
    const { engine, version } = store.health.schema();
    app.log.info(
      { store: describeStore({ dataDir, databaseUrl }), engine, schema: version },
      'feedback store open',
    );

    // Idempotency-Keys are remembered for a day, the caps' entries for their window.
    const sweep = clock.setInterval(() => {
      store.forgetExpired(clock.now()).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not forget expired keys and cap entries');
      });
    }, SWEEP_MS);
    sweep.unref();

    app.addHook('onClose', async () => {
      clock.clearInterval(sweep);
      await store.close();
    });
  },
  { name: 'feedback-store' },
);
