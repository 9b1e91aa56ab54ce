/**
 * The versioned schema files of an engine: `migrations/NNNN-what.sql` beside its code, run
 * once each, in order; the number is the schema version the file brings the store to.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;

/** The migrations in `folder` (a file URL), in order; throws when a version is missing. */
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
    if (migration.version !== index + 1) {
      throw new Error(`${migration.name}: expected migration ${index + 1} in ${folder.pathname}`);
    }
  });
  return migrations;
}
