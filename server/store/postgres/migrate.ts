/**
 * Applies the PostgreSQL engine's schema files (each feature's schema/postgres/) that the database lacks, in
 * order (one that fills a gap below the newest applied included), each in a transaction,
 * under a session advisory lock: instances that start together wait for each other, and
 * each file is applied once. Returns the schema version: the highest file's.
 */
import type pg from 'pg';
import {
  latestVersion,
  missingMigrations,
  readMigrations,
  renumber,
  type AppliedMigration,
  type Renumbered,
} from '../migration-files.ts';
import { ADVISORY_LOCK_IDS } from '../sql/dialect.ts';
import { StoreSettingsError } from '../errors.ts';

export const POSTGRES_MIGRATIONS = readMigrations('postgres');

/** The files as they were numbered before the versions were put in step with SQLite's. */
const RENUMBERED: Renumbered = {
  '0002-accept-key-lifetime.sql': '0005-accept-key-lifetime.sql',
  '0003-visits.sql': '0006-visits.sql',
  '0004-owner.sql': '0007-owner.sql',
};
/** A client-side limit long enough for any schema change: an hour. */
const NO_LIMIT_MS = 60 * 60 * 1000;

/** A statement without the pool's time limit (node-postgres reads `query_timeout` per query). */
export function unlimited(text: string, values: unknown[] = []): pg.QueryConfig {
  const query = { text, values, query_timeout: NO_LIMIT_MS };
  return query;
}

export async function migratePostgres(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    // Applying a schema file, or waiting for another instance to, may take longer than the
    // store's own statements are allowed to.
    await client.query(unlimited('SET statement_timeout = 0'));
    await client.query(unlimited('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_IDS.migrations]));
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version INTEGER PRIMARY KEY,
           name TEXT NOT NULL,
           applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query<AppliedMigration>(
        'SELECT version, name FROM schema_migrations',
      );
      const renumbering = renumber(POSTGRES_MIGRATIONS, RENUMBERED, rows);
      if (renumbering.length > 0) {
        await client.query('BEGIN');
        for (const { from, to } of renumbering) {
          await client.query(
            'UPDATE schema_migrations SET version = $1, name = $2 WHERE name = $3',
            [to.version, to.name, from],
          );
          const record = rows.find((row) => row.name === from);
          if (record) Object.assign(record, { version: to.version, name: to.name });
        }
        await client.query('COMMIT');
      }
      const missing = missingMigrations(
        POSTGRES_MIGRATIONS,
        rows.map((row) => row.version),
        'database',
      );
      for (const migration of missing) {
        await client.query('BEGIN');
        try {
          await client.query(unlimited(migration.sql));
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            migration.version,
            migration.name,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new StoreSettingsError(
            `Could not apply ${migration.name}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      return latestVersion(POSTGRES_MIGRATIONS);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_IDS.migrations]);
      await client.query('RESET statement_timeout');
    }
  } finally {
    client.release();
  }
}
