import { expect, test } from 'vitest';
import { missingMigrations, type Migration } from './migration-files.ts';
import { StoreSettingsError } from './types.ts';

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
