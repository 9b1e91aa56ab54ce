/**
 * The store's engines for tests: the same suite runs against each. SQLite in a temporary
 * folder (with its writer thread, as the server runs it); PostgreSQL in a fresh database of
 * the run's throwaway cluster. A store opened here is for the store's own tests; `storage`
 * gives a server (startTestServer) a fresh store of the engine instead.
 */
import { inject } from 'vitest';
import { createTestDatabase } from './postgres.ts';
import { tempDir, type TestStorage } from './helpers.ts';
import { PostgresFeedbackStore } from '../../server/store/postgres/engine.ts';
import { SqliteFeedbackStore } from '../../server/store/sqlite/engine.ts';
import type { StoreEngine } from '../../server/store/connection.ts';
import type { FeedbackStore } from '../../server/store/feedback-store.ts';

export interface OpenedStore {
  store: FeedbackStore;
  /** Opens another store on the same data: another instance, or the same after a restart. */
  another: () => Promise<FeedbackStore>;
  cleanup: () => Promise<void>;
}

export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** The engine as the store names itself (GET /readyz's `schema.engine`). */
  id: StoreEngine;
  open: () => Promise<OpenedStore>;
  storage: () => Promise<TestStorage>;
}

export const ENGINES: readonly TestEngine[] = [
  {
    name: 'SQLite',
    id: 'sqlite',
    async storage() {
      const folder = tempDir();
      return { env: { DATA_DIR: folder.dir }, remove: async () => folder.remove() };
    },
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
    id: 'postgres',
    async storage() {
      // A server always has a DATA_DIR, even when the database holds every message.
      const folder = tempDir();
      const database = await createTestDatabase(inject('postgresAdminUrl'));
      return {
        env: { DATA_DIR: folder.dir, DATABASE_URL: database.url },
        async remove() {
          await database.drop();
          folder.remove();
        },
      };
    },
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
