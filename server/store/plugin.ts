import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { DiskSpace } from './disk-space.ts';
import { describeStore, openFeedbackStore } from './open.ts';
import type { StoreConnection } from './connection.ts';
import { storeHealth, type StoreHealth } from './health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The store's connection, over either engine: each feature registers its repository over
     * it (`<feature>/plugin.ts`), depending on this plugin ('store').
     */
    db: StoreConnection;
    /** The readiness probe's reading of the store. */
    storeHealth: StoreHealth;
    /** The free-space floor of the store's disk (SQLite's folder). */
    feedbackStoreSpace: DiskSpace;
    /**
     * The secret the rate caps digest client addresses with: CAPS_KEY, else one made at
     * start. Never stored, so no copy of the store reverses to an address.
     */
    capsKey: string;
  }
}

export interface StorePluginOptions {
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
  /** The caps' secret (CAPS_KEY); unset: one made now, for this server's life. */
  capsKey?: string | undefined;
}

/**
 * Opens the store's connection for the server's life and closes it at the end, after every
 * feature registered over it has finished (Fastify closes plugins in reverse order).
 */
export const storePlugin = fp<StorePluginOptions>(
  async function storePlugin(app: FastifyInstance, options) {
    const { dataDir, databaseUrl, writerThread = true, minFreeBytes = 0 } = options;
    const store = await openFeedbackStore({
      dataDir,
      databaseUrl,
      writerThread,
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.databaseTimeoutMs === undefined ? {} : { timeoutMs: options.databaseTimeoutMs }),
    });
    app.decorate('db', store.connection);
    app.decorate('storeHealth', storeHealth(store.connection));
    app.decorate('capsKey', options.capsKey ?? randomBytes(32).toString('base64url'));
    // The disk under a database server is the database's to watch.
    app.decorate('feedbackStoreSpace', new DiskSpace(dataDir, databaseUrl ? 0 : minFreeBytes));
    app.log.info(
      {
        store: describeStore({ dataDir, databaseUrl }),
        engine: store.connection.engine,
        schema: store.connection.schemaVersion(),
      },
      'feedback store open',
    );
    app.addHook('onClose', () => store.close());
  },
  { name: 'store' },
);
