/** What only the PostgreSQL engine has: its connection, its schema's lock, its durability. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { newFeedback } from '../../../tests/server/helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/server/postgres.ts';
import { StoreSettingsError } from '../errors.ts';
import { PostgresFeedbackStore } from './engine.ts';
import { latestVersion } from '../migration-files.ts';
import { POSTGRES_MIGRATIONS } from './migrate.ts';
import { ADVISORY_LOCK_IDS, POSTGRES_LOCKS } from '../sql/dialect.ts';

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
      version: latestVersion(POSTGRES_MIGRATIONS),
    });
  }
  const { rows } = await first.pool.query<{ version: number }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  expect(rows.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
});

test('a database migrated before the versions were put in step is renumbered, not migrated again', async () => {
  const store = await open();
  await store.intake.accept(newFeedback(Date.now(), { message: 'Written before the renumbering' }));
  // Its records as the files were numbered then: 0001, 0002 (the accept function's key
  // lifetime), 0003 (visits), 0004 (the owner).
  await store.pool.query(`
    DELETE FROM schema_migrations WHERE version IN (2, 3, 4, 8);
    UPDATE schema_migrations SET version = 2, name = '0002-accept-key-lifetime.sql' WHERE version = 5;
    UPDATE schema_migrations SET version = 3, name = '0003-visits.sql' WHERE version = 6;
    UPDATE schema_migrations SET version = 4, name = '0004-owner.sql' WHERE version = 7;`);
  const reopened = await open();
  expect(reopened.health.schema().version).toBe(latestVersion(POSTGRES_MIGRATIONS));
  const { rows } = await reopened.pool.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  expect(rows).toEqual(POSTGRES_MIGRATIONS.map(({ version, name }) => ({ version, name })));
  expect((await reopened.owner.list()).map((m) => m.message)).toEqual([
    'Written before the renumbering',
  ]);
});

test("a database from before the job queue keeps its mail's delivery and its notifications", async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    for (const migration of POSTGRES_MIGRATIONS.filter((m) => m.version < 10)) {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    await client.query(`
      INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message)
      VALUES ('m1', 1, 'EchoExpense', 'Ada', 'Lovelace', 'ada@example.com', 'Hello'),
             ('m2', 2, 'EchoExpense', 'Alan', 'Turing', 'alan@example.com', 'Hi');
      INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, sent_at, smtp_response)
      VALUES ('m1', 'sent', 1, 1, 1, 5, '250 OK');
      INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, last_error)
      VALUES ('m2', 'pending', 2, 7, 2, '451 later');
      INSERT INTO notifications (id, kind, detail, created_at, state, next_attempt_at)
      VALUES ('n1', 'delivery-paused', '535 auth', 3, 'pending', 3);
      INSERT INTO meta (key, value) VALUES ('last_digest_at', '3');`);
  } finally {
    await client.end();
  }
  const store = await open();
  expect(store.health.schema().version).toBe(latestVersion(POSTGRES_MIGRATIONS));
  expect(await store.owner.find('m1')).toMatchObject({ status: 'sent', sentAt: 5 });
  expect(await store.owner.find('m2')).toMatchObject({
    status: 'pending',
    attempts: 2,
    nextAttemptAt: 7,
    lastError: '451 later',
  });
  const claim = { holder: 'w', leaseMs: 1000, limit: 5, retryBaseMs: 1000, retryCapMs: 8000 };
  expect(await store.outbox.claim({ ...claim, now: 7, maxPerHour: 0 })).toMatchObject([
    { id: 'm2', attempt: 3 },
  ]);
  expect(await store.notifications.claim({ ...claim, now: 7 })).toMatchObject([
    { id: 'n1', kind: 'delivery-paused', detail: '535 auth', attempt: 1 },
  ]);
  // The last digest went at 3: the next, an hour later at the soonest.
  expect(await store.outbox.claimDigest({ ...claim, now: 3_600_002 })).toBe(false);
  expect(await store.outbox.claimDigest({ ...claim, now: 3_600_003 })).toBe(true);
  // A message accepted now is queued as jobs by the database's own accept function.
  const accepted = await store.intake.accept(newFeedback(8, { notify: true }));
  const id = accepted.kind === 'stored' ? accepted.id : '';
  expect(await store.owner.find(id)).toMatchObject({ status: 'pending' });
  expect(await store.notifications.claim({ ...claim, now: 8 })).toMatchObject([
    { id, kind: 'message' },
  ]);
});

test("the schema files' accept function takes the same lock as the accept writers", () => {
  const defining = POSTGRES_MIGRATIONS.filter((m) => m.sql.includes('FUNCTION feedback_accept('));
  const latest = defining.at(-1)?.sql ?? '';
  expect(latest).toContain(`pg_advisory_xact_lock(${String(ADVISORY_LOCK_IDS.accept)})`);
  expect(POSTGRES_LOCKS.accept).toContain(String(ADVISORY_LOCK_IDS.accept));
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

/** Every file of the database's own folder in the cluster, as bytes. */
async function databaseFiles(store: PostgresFeedbackStore): Promise<Buffer[]> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  const dataDir =
    (
      await admin.query<{ dir: string }>('SELECT setting AS dir FROM pg_settings WHERE name = $1', [
        'data_directory',
      ])
    ).rows[0]?.dir ?? '';
  await admin.end();
  const oid = (
    await store.pool.query<{ oid: number }>(
      'SELECT oid FROM pg_database WHERE datname = current_database()',
    )
  ).rows[0]?.oid;
  const folder = path.join(dataDir, 'base', String(oid));
  await store.pool.query('CHECKPOINT');
  return readdirSync(folder).flatMap((name) => {
    try {
      return [readFileSync(path.join(folder, name))];
    } catch {
      return [];
    }
  });
}

test('an erased sender’s name and message are gone from the database’s files', async () => {
  const store = await open();
  const secret = `Erase-me-${Date.now().toString(36)}`;
  const email = `${secret.toLowerCase()}@example.com`;
  // Kept first: the erased row then lies below it in the page, where no compaction of the
  // page overwrites it by chance.
  await store.intake.accept(newFeedback(Date.now(), { message: 'Someone else, kept' }));
  await store.intake.accept(
    newFeedback(Date.now(), { lastName: secret, email, message: `Text of ${secret}` }),
  );
  // An activity entry that names the address (an older version kept an export's search).
  await store.ownerAccess.audit({ at: Date.now(), action: 'exported', detail: `JSON, ${email}` });
  const contains = async (text: string) =>
    (await databaseFiles(store)).some((bytes) => bytes.includes(text));
  expect(await contains(secret)).toBe(true);
  expect(await contains(email)).toBe(true);

  expect(await store.owner.forgetSender(email.toUpperCase())).toBe(1);
  expect(await store.owner.reclaimSpace()).toBe(true);
  expect(await contains(secret)).toBe(false);
  expect(await contains(secret.toLowerCase())).toBe(false);
  expect(await contains('Someone else, kept')).toBe(true);
});
