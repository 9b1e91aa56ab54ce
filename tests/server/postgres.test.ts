import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

async function query<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the test PostgreSQL', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    const adminUrl = inject('postgresAdminUrl');
    [first, second] = await Promise.all([
      createTestDatabase(adminUrl),
      createTestDatabase(adminUrl),
    ]);
  });

  afterAll(async () => {
    await Promise.all([first.drop(), second.drop()]);
  });

  it('commits durably, as production does', async () => {
    const [fsync] = await query<{ fsync: string }>(first.url, 'SHOW fsync');
    const [commit] = await query<{ synchronous_commit: string }>(
      first.url,
      'SHOW synchronous_commit',
    );
    expect(fsync?.fsync).toBe('on');
    expect(commit?.synchronous_commit).toBe('on');
  });

  it('stores a row and reads it back', async () => {
    await query(first.url, 'CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)');
    await query(first.url, 'INSERT INTO note (body) VALUES ($1)', ['Grüße, 🙂']);
    const rows = await query<{ id: number; body: string }>(first.url, 'SELECT id, body FROM note');
    expect(rows).toEqual([{ id: 1, body: 'Grüße, 🙂' }]);
  });

  it('gives each test database its own tables', async () => {
    await query(first.url, 'CREATE TABLE only_in_first (body text)');
    const tables = (url: string) =>
      query<{ table: string | null }>(url, "SELECT to_regclass('only_in_first')::text AS table");
    expect(await tables(first.url)).toEqual([{ table: 'only_in_first' }]);
    expect(await tables(second.url)).toEqual([{ table: null }]);
  });

  it('drops a database even while a connection to it is open', async () => {
    const extra = await createTestDatabase(inject('postgresAdminUrl'));
    const client = new pg.Client({ connectionString: extra.url });
    client.on('error', () => {
      // The drop ends this connection on purpose.
    });
    await client.connect();
    await extra.drop();
    const name = new URL(extra.url).pathname.slice(1);
    const rows = await query(
      inject('postgresAdminUrl'),
      'SELECT 1 FROM pg_database WHERE datname = $1',
      [name],
    );
    expect(rows).toEqual([]);
    await client.end().catch(() => {});
  });
});
