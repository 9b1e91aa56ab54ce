/** Where the feedback store keeps its messages: a SQLite file in a folder, or PostgreSQL. */
import path from 'node:path';
import { z } from 'zod';
import { emptyToUndefined, wholeNumber } from './values.ts';

export const storeSettings = {
  /** Folder of the feedback store (feedback.sqlite); default ./data. */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('data')),
  /**
   * A PostgreSQL database for the feedback store instead of the SQLite file, e.g.
   * `postgres://feedback:password@db.example.com:5432/feedback?sslmode=verify-full`; any
   * number of instances may share it. TLS settings (sslmode, sslrootcert…) pass through.
   */
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        hostname: /^.*$/,
        error: 'must be an address like postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  /** Connections to PostgreSQL per instance at most; default 10. */
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, wholeNumber(1).default(10)),
  /**
   * The longest one statement to PostgreSQL may take, in ms (a new connection gets half of
   * it): a database that is frozen or cut off fails requests within it (503) instead of
   * holding them; default 10000.
   */
  DATABASE_TIMEOUT_MS: z.preprocess(emptyToUndefined, wholeNumber(100).default(10_000)),
  /**
   * Free space (MB) kept on the store's disk: below it new messages get 503 and /readyz says
   * why; default 200; 0 turns the check off.
   */
  STORE_MIN_FREE_MB: z.preprocess(emptyToUndefined, wholeNumber(0).default(200)),
};

/** Its address may hold the database's password. */
export const STORE_SECRETS = ['DATABASE_URL'];

/** The store's folder as an absolute path. */
export function storeFolder(settings: { DATA_DIR: string }): { DATA_DIR: string } {
  return { DATA_DIR: path.resolve(settings.DATA_DIR) };
}
