/** What only the PostgreSQL engine has: its connection, its schema's lock, its durability. */
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server/postgres.ts';
import { StoreSettingsError } from '../types.ts';
import { PostgresFeedbackStore } from './engine.ts';
import { POSTGRES_MIGRATIONS } from './migrate.ts';

let database: TestDatabase;
const opened: PostgresFeedbackStore[] = [];

beforeEach(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'));
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await database.drop();
});

async function open(url = database.url) {
  const store = await PostgresFeedbackStore.open({ url, poolSize: 3 });
  opened.push(store);
  return store;
}

test('instances starting together apply each schema file once, under the lock', async () => {
  const [first, ...others] = await Promise.all([open(), open(), open()]);
  for (const store of [first, ...others]) {
    expect(store.health.schema()).toEqual({
      engine: 'postgres',
      version: POSTGRES_MIGRATIONS.length,
    });
  }
  const { rows } = await first.pool.query<{ version: number }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  expect(rows.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
});

test('its connections commit durably (synchronous_commit on)', async () => {
  const store = await open();
  const { rows } = await store.pool.query<{ synchronous_commit: string }>(
    'SHOW synchronous_commit',
  );
  expect(rows[0]?.synchronous_commit).toBe('on');
});

test('a database written by a newer version is refused', async () => {
  const store = await open();
  await store.pool.query(`INSERT INTO schema_migrations (version, name) VALUES (99, 'future')`);
  await expect(open()).rejects.toThrow(/newer version \(schema 99\)/);
});

test('a database that cannot be reached is named, without its password', async () => {
  const error = await PostgresFeedbackStore.open({
    url: 'postgres://feedback:s3cret@127.0.0.1:1/feedback',
    connectTimeoutMs: 300,
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(StoreSettingsError);
  expect(String(error)).toContain('127.0.0.1:1/feedback');
  expect(String(error)).not.toContain('s3cret');
});
