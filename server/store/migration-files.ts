/**
 * The versioned schema files of an engine: `migrations/NNNN-what.sql` beside its code, run
 * once each, in order; the number is the schema version the file brings the store to.
 *
 * Numbers may leave gaps: work on two features at once takes a number each, and either may
 * land first. Each engine records every version it applied (`schema_migrations`), so a file
 * that fills a gap later is still applied, once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { StoreSettingsError } from './types.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;

/** The migrations in `folder` (a file URL), in order; throws when two share a version. */
export function readMigrations(folder: URL): Migration[] {
  const migrations = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const match = FILE_NAME.exec(name);
      if (!match) throw new Error(`${name}: a migration's name is NNNN-what.sql`);
      return {
        version: Number(match[1]),
        name,
        sql: readFileSync(new URL(name, folder), 'utf8'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    const before = migrations[index - 1];
    if (migration.version < 1 || (before && before.version === migration.version)) {
      throw new Error(
        `${migration.name}: ${before && before.version === migration.version ? `has the version of ${before.name}` : 'versions start at 0001'} in ${folder.pathname}`,
      );
    }
  });
  return migrations;
}

/** The schema version of a store with every file applied: the highest file's. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * The files a store with the `applied` versions lacks, in order, a gap's included. Throws a
 * StoreSettingsError naming the store (`what`) when it has a version newer than every
 * file: a newer server wrote it.
 */
export function missingMigrations(
  migrations: readonly Migration[],
  applied: Iterable<number>,
  what: string,
): Migration[] {
  const versions = new Set(applied);
  const newest = Math.max(0, ...versions);
  if (newest > latestVersion(migrations)) {
    throw new StoreSettingsError(
      `The feedback ${what} was written by a newer version (schema ${newest}); update the server.`,
    );
  }
  return migrations.filter((migration) => !versions.has(migration.version));
}
