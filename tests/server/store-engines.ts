/**
 * The store's engines for tests: the same suite runs against each. SQLite in a temporary
 * folder (with its writer thread, as the server runs it); PostgreSQL in a fresh database of
 * the run's throwaway cluster.
 */
import { inject } from 'vitest';
import { createTestDatabase } from './postgres.ts';
import { tempDir } from './helpers.ts';
import { PostgresFeedbackStore } from '../../server/store/postgres/engine.ts';
import { SqliteFeedbackStore } from '../../server/store/sqlite/engine.ts';
import type { FeedbackStore } from '../../server/store/types.ts';

export interface OpenedStore {
  store: FeedbackStore;
  /** Opens another store on the same data: another instance, or the same after a restart. */
  another: () => Promise<FeedbackStore>;
  cleanup: () => Promise<void>;
}

export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  open: () => Promise<OpenedStore>;
}

export const ENGINES: readonly TestEngine[] = [
  {
    name: 'SQLite',
    async open() {
      const folder = tempDir('feedback-store-');
      const opened: FeedbackStore[] = [];
      const another = async () => {
        const store = await SqliteFeedbackStore.open(folder.dir, { writerThread: true });
        opened.push(store);
        return store;
      };
      const store = await another();
      return {
        store,
        another,
        async cleanup() {
          for (const each of opened) await each.close();
          folder.remove();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const database = await createTestDatabase(inject('postgresAdminUrl'));
      const opened: FeedbackStore[] = [];
      const another = async () => {
        const store = await PostgresFeedbackStore.open({ url: database.url, poolSize: 4 });
        opened.push(store);
        return store;
      };
      const store = await another();
      return {
        store,
        another,
        async cleanup() {
          for (const each of opened) await each.close();
          await database.drop();
        },
      };
    },
  },
];
