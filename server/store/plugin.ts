import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeedbackStore } from './feedback-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable feedback store (SQLite in DATA_DIR). */
    feedbackStore: FeedbackStore;
  }
}

export interface FeedbackStorePluginOptions {
  /** Folder of the store's file. */
  dataDir: string;
  /** Commit on a writer thread (default true), or on the event loop's thread. */
  writerThread?: boolean;
}

const KEY_SWEEP_MS = 60 * 60 * 1000;

/** Opens the feedback store for the server's life; commits what is waiting and closes it at the end. */
export const feedbackStorePlugin = fp<FeedbackStorePluginOptions>(
  async function feedbackStorePlugin(app: FastifyInstance, { dataDir, writerThread = true }) {
    const store = FeedbackStore.open(dataDir);
    if (writerThread) {
      try {
        await store.startWriterThread();
      } catch (error) {
        await store.close();
        throw error;
      }
    }
    app.decorate('feedbackStore', store);
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
