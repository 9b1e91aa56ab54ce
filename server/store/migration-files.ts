/**
 * The versioned schema files of an engine: each feature keeps its part of the schema in
 * its own folder (`server/<feature>/schema/<engine>/NNNN-what.sql`), and every file is run
 * once, in the order of their numbers, whichever feature's it is; the number is the
 * schema version the file brings the store to.
 *
 * A version means one change on both engines: where a change has nothing to do on one of
 * them, its file there says so and changes nothing. So "schema 6" is the same store on
 * either, and a copy between them needs no table of equivalents.
 *
 * Numbers may leave gaps: work on two features at once takes a number each, and either may
 * land first. Each engine records every version it applied (`schema_migrations`), so a file
 * that fills a gap later is still applied, once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { StoreSettingsError } from './errors.ts';
import { ADVISORY_LOCK_IDS } from './sql/dialect.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;

/** The server's folder: each feature's folder in it may hold its part of the schema. */
const SERVER = new URL('../', import.meta.url);

/**
 * An engine's migrations, in order, gathered from every feature's `schema/<engine>/`
 * folder (`server/intake/schema/sqlite/0001-initial.sql`); throws when two share a
 * version. `root` is the server's folder (a file URL).
 */
export function readMigrations(engine: 'sqlite' | 'postgres', root: URL = SERVER): Migration[] {
  const migrations = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((feature) => {
      const folder = new URL(`${feature.name}/schema/${engine}/`, root);
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((name) => name.endsWith('.sql'))
        .map((name) => {
          const match = FILE_NAME.exec(name);
          if (!match)
            throw new Error(`${feature.name}/${name}: a migration's name is NNNN-what.sql`);
          const where = `${feature.name}/schema/${engine}/${name}`;
          return {
            version: Number(match[1]),
            name,
            sql: withLockIds(readFileSync(new URL(name, folder), 'utf8'), where),
          };
        });
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    const before = migrations[index - 1];
    if (migration.version < 1 || (before && before.version === migration.version)) {
      throw new Error(
        `${migration.name}: ${before && before.version === migration.version ? `has the version of ${before.name}` : 'versions start at 0001'} (${engine})`,
      );
    }
  });
  return migrations;
}

/**
 * A schema file's text with each `{{lock.accept}}` replaced by that advisory lock's id
 * (ADVISORY_LOCK_IDS, where every id is written once). The text applied is the same as when
 * the files held the ids themselves, so a database set up before reads them alike. A name
 * the table does not have throws, naming the file.
 */
export function withLockIds(sql: string, where: string): string {
  return sql.replace(/\{\{lock\.([^}]*)\}\}/g, (_, name: string) => {
    if (!Object.hasOwn(ADVISORY_LOCK_IDS, name)) {
      throw new Error(
        `${where}: {{lock.${name}}} names no advisory lock (${Object.keys(ADVISORY_LOCK_IDS).join(', ')})`,
      );
    }
    return String(ADVISORY_LOCK_IDS[name as keyof typeof ADVISORY_LOCK_IDS]);
  });
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

/**
 * Files that were applied under another number, before the versions were put in step: the
 * old file name, and the file it is now. A store that applied the old file has applied the
 * new one; `renumber` says which records to change.
 */
export type Renumbered = Readonly<Record<string, string>>;

/** The versions applied to a store, as recorded there (`schema_migrations`). */
export interface AppliedMigration {
  version: number;
  name: string;
}

/**
 * The records of `applied` to renumber (by their old name), highest new version first so
 * that no two records ever share a version on the way. Throws when a new name is not a file.
 */
export function renumber(
  migrations: readonly Migration[],
  renumbered: Renumbered,
  applied: readonly AppliedMigration[],
): { from: string; to: Migration }[] {
  const changes = applied.flatMap((record) => {
    const newName = renumbered[record.name];
    if (newName === undefined) return [];
    const to = migrations.find((migration) => migration.name === newName);
    if (!to) throw new Error(`${record.name} is renumbered to ${newName}, which is no file`);
    return [{ from: record.name, to }];
  });
  return changes.sort((a, b) => b.to.version - a.to.version);
}
