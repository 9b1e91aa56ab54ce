import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { missingMigrations, renumber, withLockIds, type Migration } from './migration-files.ts';
import { ADVISORY_LOCK_IDS } from './sql/dialect.ts';
import { POSTGRES_MIGRATIONS } from './postgres/migrate.ts';
import { SQLITE_MIGRATIONS } from './sqlite/connection.ts';
import { StoreSettingsError } from './errors.ts';

/** The text of every schema file of every feature, on both engines, as written. */
function readSchemaFiles(): string[] {
  const server = new URL('../', import.meta.url);
  return readdirSync(server, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)schema\/(?:sqlite|postgres)\/[^/]+\.sql$/.test(file))
    .map((file) => readFileSync(new URL(file, server), 'utf8'));
}

const files = (...versions: number[]): Migration[] =>
  versions.map((version) => ({ version, name: `000${version}-x.sql`, sql: '' }));

test('a file that fills a gap below the newest applied one is still applied', () => {
  // 0005 came after 0006 had been applied.
  expect(missingMigrations(files(1, 2, 3, 4, 5, 6), [1, 2, 3, 4, 6], 'store')).toEqual(files(5));
  expect(missingMigrations(files(1, 2, 4), [], 'store')).toEqual(files(1, 2, 4));
  expect(missingMigrations(files(1, 2, 4), [1, 2, 4], 'store')).toEqual([]);
});

test('a store with a version newer than every file is refused', () => {
  expect(() => missingMigrations(files(1, 2), [1, 2, 3], 'store')).toThrow(StoreSettingsError);
});

test('a file applied under its old number counts as its new one', () => {
  const migrations = files(1, 2, 3, 4);
  const renumbered = { 'old-visits.sql': '0003-x.sql', 'old-owner.sql': '0004-x.sql' };
  expect(
    renumber(migrations, renumbered, [
      { version: 1, name: '0001-x.sql' },
      { version: 2, name: 'old-visits.sql' },
      { version: 3, name: 'old-owner.sql' },
    ]),
  ).toEqual([
    // The highest first: 3 becomes 4 before 2 becomes 3.
    { from: 'old-owner.sql', to: files(4)[0] },
    { from: 'old-visits.sql', to: files(3)[0] },
  ]);
  expect(renumber(migrations, renumbered, [{ version: 1, name: '0001-x.sql' }])).toEqual([]);
  expect(() =>
    renumber(migrations, { 'old.sql': '0009-x.sql' }, [{ version: 2, name: 'old.sql' }]),
  ).toThrow(/no file/);
});

test('a version means the same change on both engines', () => {
  const name = (migration: Migration) => migration.name;
  expect(POSTGRES_MIGRATIONS.map(name)).toEqual(SQLITE_MIGRATIONS.map(name));
});

test('the schema files take the advisory locks’ ids from their one table', () => {
  const applied = POSTGRES_MIGRATIONS.map((migration) => migration.sql).join('\n');
  // What the database runs holds the table's id, and no file writes an id itself.
  expect(applied).toContain(`pg_advisory_xact_lock(${ADVISORY_LOCK_IDS.accept})`);
  expect(applied).not.toContain('{{lock.');
  const texts = readSchemaFiles();
  expect(texts.length).toBeGreaterThanOrEqual(POSTGRES_MIGRATIONS.length);
  const written = Object.values(ADVISORY_LOCK_IDS).filter((id) =>
    texts.some((text) => text.includes(String(id))),
  );
  expect(written).toEqual([]);
  expect(() => withLockIds('SELECT pg_advisory_xact_lock({{lock.acept}})', 'x/0001-y.sql')).toThrow(
    'x/0001-y.sql: {{lock.acept}} names no advisory lock',
  );
});
