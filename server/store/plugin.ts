import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DiskSpace } from './disk-space.ts';
import { FeedbackStore } from './feedback-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable feedback store (SQLite in DATA_DIR). */
    feedbackStore: FeedbackStore;
    /** The free-space floor of the store's disk. */
    feedbackStoreSpace: DiskSpace;
  }
}

export interface FeedbackStorePluginOptions {
  /** Folder of the store's file. */
  dataDir: string;
  /** Commit on a writer thread (default true), or on the event loop's thread. */
  writerThread?: boolean;
  /** Free bytes kept on the store's disk; 0 turns the check off. */
  minFreeBytes?: number;
  /** Messages waiting for their commit at most; default 1024. */
  queueLimit?: number;
}

const KEY_SWEEP_MS = 60 * 60 * 1000;

/** Opens the feedback store for the server's life; commits what is waiting and closes it at the end. */
export const feedbackStorePlugin = fp<FeedbackStorePluginOptions>(
  async function feedbackStorePlugin(
    app: FastifyInstance,
    { dataDir, writerThread = true, minFreeBytes = 0, queueLimit },
  ) {
    const store = FeedbackStore.open(dataDir, queueLimit === undefined ? {} : { queueLimit });
    if (writerThread) {
      try {
        await store.startWriterThread();
      } catch (error) {
        await store.close();
        throw error;
      }
    }
    app.decorate('feedbackStore', store);
    app.decorate('feedbackStoreSpace', new DiskSpace(dataDir, minFreeBytes));
    app.log.debug({ file: store.file }, 'feedback store open');

    // Idempotency-Keys are only remembered for a day.
    const sweep = setInterval(() => {
      store.write('purgeExpiredKeys', Date.now()).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not forget old idempotency keys');
      });
    }, KEY_SWEEP_MS);
    sweep.unref();

    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await store.close();
    });
  },
  { name: 'feedback-store' },
);
