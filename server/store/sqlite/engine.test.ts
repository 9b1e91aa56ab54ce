/** What only the SQLite engine has: its file, its settings, its writer thread, its backup. */
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { newFeedback, tempDir } from '../../../tests/server/helpers.ts';
import type { NewFeedback } from '../../intake/types.ts';
import { StoreSettingsError } from '../errors.ts';
import { latestVersion } from '../migration-files.ts';
import { SQLITE_MIGRATIONS, STORE_FILE } from './connection.ts';
import { SqliteFeedbackStore } from './engine.ts';

let folder: ReturnType<typeof tempDir>;
let store: SqliteFeedbackStore;
const NOW = Date.UTC(2025, 0, 15, 9, 30);

const feedback = (overrides: Partial<NewFeedback> = {}) => newFeedback(NOW, overrides);

beforeEach(async () => {
  folder = tempDir('feedback-sqlite-');
  store = await SqliteFeedbackStore.open(folder.dir);
});

afterEach(async () => {
  await store.close();
  folder.remove();
});

describe('opening', () => {
  test('the file is in WAL mode with synchronous=FULL, readable by the owner only', () => {
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(statSync(folder.dir).mode & 0o077).toBe(0);
  });

  test('a folder and a file made before with everyone’s read access are tightened', async () => {
    await store.close();
    chmodSync(folder.dir, 0o755);
    chmodSync(store.file, 0o644);
    store = await SqliteFeedbackStore.open(folder.dir);
    await store.intake.accept(feedback());
    expect(statSync(folder.dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(statSync(`${store.file}-wal`).mode & 0o777).toBe(0o600);
  });

  test('a store written by a newer version is refused', async () => {
    await store.close();
    const db = new Database(path.join(folder.dir, STORE_FILE));
    db.pragma('user_version = 99');
    db.close();
    await expect(SqliteFeedbackStore.open(folder.dir)).rejects.toThrow(StoreSettingsError);
    const restore = new Database(path.join(folder.dir, STORE_FILE));
    restore.pragma(`user_version = ${latestVersion(SQLITE_MIGRATIONS)}`);
    restore.close();
    store = await SqliteFeedbackStore.open(folder.dir);
  });

  test('a store of an older version is brought up to date, keeping its messages', async () => {
    const older = tempDir('feedback-sqlite-older-');
    const db = new Database(path.join(older.dir, STORE_FILE));
    // A store as version 2 left it, before the list of applied versions was kept.
    for (const migration of SQLITE_MIGRATIONS.slice(0, 2)) db.exec(migration.sql);
    db.pragma('user_version = 2');
    db.exec(`INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message)
             VALUES ('m1', 1, 'EchoExpense', 'Ada', 'Lovelace', 'ada@example.com', 'Hello')`);
    db.close();
    const upgraded = await SqliteFeedbackStore.open(older.dir);
    try {
      expect(upgraded.health.schema().version).toBe(latestVersion(SQLITE_MIGRATIONS));
      expect(await upgraded.owner.find('m1')).toMatchObject({ message: 'Hello', readAt: null });
    } finally {
      await upgraded.close();
      older.remove();
    }
  });

  test("a store from before the job queue keeps its mail's delivery and its notifications", async () => {
    const older = tempDir('feedback-sqlite-jobs-');
    const db = new Database(path.join(older.dir, STORE_FILE));
    const before = SQLITE_MIGRATIONS.filter((migration) => migration.version < 10);
    for (const migration of before) db.exec(migration.sql);
    db.pragma(`user_version = ${latestVersion(before)}`);
    db.exec(`INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message)
             VALUES ('m1', 1, 'EchoExpense', 'Ada', 'Lovelace', 'ada@example.com', 'Hello'),
                    ('m2', 2, 'EchoExpense', 'Alan', 'Turing', 'alan@example.com', 'Hi');
             INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, sent_at, smtp_response)
             VALUES ('m1', 'sent', 1, 1, 1, 5, '250 OK');
             INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, last_error)
             VALUES ('m2', 'pending', 2, 7, 2, '451 later');
             INSERT INTO notifications (id, kind, detail, created_at, state, next_attempt_at)
             VALUES ('n1', 'delivery-paused', '535 auth', 3, 'pending', 3);
             INSERT INTO meta (key, value) VALUES ('last_digest_at', '3');`);
    db.close();
    const upgraded = await SqliteFeedbackStore.open(older.dir);
    try {
      expect(upgraded.health.schema().version).toBe(latestVersion(SQLITE_MIGRATIONS));
      expect(await upgraded.owner.find('m1')).toMatchObject({ status: 'sent', sentAt: 5 });
      expect(await upgraded.owner.find('m2')).toMatchObject({
        status: 'pending',
        attempts: 2,
        nextAttemptAt: 7,
        lastError: '451 later',
      });
      const claim = { holder: 'w', leaseMs: 1000, limit: 5, retryBaseMs: 1000, retryCapMs: 8000 };
      expect(await upgraded.outbox.claim({ ...claim, now: 7, maxPerHour: 0 })).toMatchObject([
        { id: 'm2', attempt: 3 },
      ]);
      expect(await upgraded.notifications.claim({ ...claim, now: 7 })).toMatchObject([
        { id: 'n1', kind: 'delivery-paused', detail: '535 auth', attempt: 1 },
      ]);
      // The last digest went at 3: the next, an hour later at the soonest.
      expect(await upgraded.outbox.claimDigest({ ...claim, now: 3_600_002 })).toBe(false);
      expect(await upgraded.outbox.claimDigest({ ...claim, now: 3_600_003 })).toBe(true);
    } finally {
      await upgraded.close();
      older.remove();
    }
  });

  test('a store migrated before the versions were put in step is renumbered, not migrated again', async () => {
    await store.intake.accept(feedback({ message: 'Written before the renumbering' }));
    await store.close();
    const db = new Database(path.join(folder.dir, STORE_FILE));
    // Its records as the files were numbered then: 0005 was the visits, 0006 the owner.
    db.exec(`DELETE FROM schema_migrations WHERE version IN (5, 8);
             UPDATE schema_migrations SET version = 5, name = '0005-visits.sql' WHERE version = 6;
             UPDATE schema_migrations SET version = 6, name = '0006-owner.sql' WHERE version = 7;`);
    db.pragma('user_version = 6');
    db.close();
    store = await SqliteFeedbackStore.open(folder.dir);
    expect(store.health.schema().version).toBe(latestVersion(SQLITE_MIGRATIONS));
    expect(
      store.db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all(),
    ).toEqual(SQLITE_MIGRATIONS.map(({ version, name }) => ({ version, name })));
    expect((await store.owner.list()).map((m) => m.message)).toEqual([
      'Written before the renumbering',
    ]);
  });

  test('a schema file that fills a gap below the newest applied one is applied, once', async () => {
    await store.close();
    const db = new Database(path.join(folder.dir, STORE_FILE));
    // As if 0003 had come after the files above it: the store never had it.
    db.exec('DROP TABLE acceptance_slots; DELETE FROM schema_migrations WHERE version = 3');
    db.close();
    store = await SqliteFeedbackStore.open(folder.dir);
    expect(store.health.schema().version).toBe(latestVersion(SQLITE_MIGRATIONS));
    expect(store.db.prepare('SELECT count(*) AS n FROM acceptance_slots').get()).toEqual({ n: 0 });
    await store.close();
    store = await SqliteFeedbackStore.open(folder.dir);
    expect(
      store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').all(),
    ).toEqual(SQLITE_MIGRATIONS.map((migration) => ({ version: migration.version })));
  });

  test('a file that is not a database is refused', async () => {
    const other = tempDir('feedback-sqlite-broken-');
    writeFileSync(path.join(other.dir, STORE_FILE), 'not a database, just text '.repeat(100));
    await expect(SqliteFeedbackStore.open(other.dir)).rejects.toThrow();
    other.remove();
  });

  test('the owner’s tools do not create a store that is not there', async () => {
    const empty = tempDir('feedback-sqlite-empty-');
    await expect(SqliteFeedbackStore.open(empty.dir, { create: false })).rejects.toThrow(
      /No feedback store at .*the server creates it/,
    );
    empty.remove();
  });
});

test('the message and its mail job are committed together or not at all', async () => {
  store.db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON jobs
                 BEGIN SELECT RAISE(ABORT, 'job refused'); END`);
  await expect(store.intake.accept(feedback())).rejects.toThrow('job refused');
  expect(await store.owner.list()).toEqual([]);
});

test('on the writer thread, a write that breaks a rule fails with the reason', async () => {
  const threaded = await SqliteFeedbackStore.open(folder.dir, { writerThread: true });
  try {
    await expect(
      threaded.outbox.recordDead('no-such-id', {
        holder: 'w',
        attempt: 1,
        startedAt: NOW,
        finishedAt: NOW,
        detail: '',
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
  } finally {
    await threaded.close();
  }
});

test('a backup taken while another connection writes is a whole, consistent store', async () => {
  const server = await SqliteFeedbackStore.open(folder.dir, { writerThread: true });
  try {
    const writing = Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        server.intake.accept(feedback({ message: `M${index}` })),
      ),
    );
    const file = path.join(folder.dir, 'copy.sqlite');
    await store.owner.backup(file);
    await writing;
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { messages, mail } = copy
        .prepare(
          "SELECT (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM jobs WHERE kind = 'mail') AS mail",
        )
        .get() as { messages: number; mail: number };
      expect(messages).toBe(mail);
    } finally {
      copy.close();
    }
  } finally {
    await server.close();
  }
});
