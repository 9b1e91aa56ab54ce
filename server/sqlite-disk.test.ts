/**
 * What only the SQLite engine can be made to do from outside: its disk stalls (another
 * connection holds the write lock), fills up (a page limit), or its writer thread dies; and
 * an older store's file is upgraded in place. These reach into the engine's own file and
 * connection on purpose, so they run on SQLite alone; the feedback route's answer to a store
 * that refuses or queues a message is checked on every engine in intake/feedback-routes.test.ts.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORE_FILE } from './store/sqlite/connection.ts';
import { SqliteFeedbackStore } from './store/sqlite/engine.ts';
import {
  postFeedback,
  sqliteStore,
  startTestServer,
  storedCount,
  tempDir,
  validPayload,
  type TestServer,
} from '../tests/server/helpers.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}, options = {}) {
  server = await startTestServer({ env, ...options });
  return server.app;
}

describe('a disk that stalls, fills up, or loses its writer', () => {
  /** Holds the store's write lock from another connection until released. */
  function holdWriteLock(dataDir: string) {
    const db = new Database(path.join(dataDir, STORE_FILE));
    db.exec('BEGIN IMMEDIATE');
    return () => {
      db.exec('ROLLBACK');
      db.close();
    };
  }

  test('past the commit queue’s bound, new messages get 503 with Retry-After at once', async () => {
    const app = await start({}, { storeWriterThread: true, storeQueueLimit: 4 });
    const release = holdWriteLock(server?.dataDir ?? '');
    const accept = vi.spyOn(app.intake, 'accept');
    const waiting = Array.from({ length: 4 }, (_, index) =>
      postFeedback(app, validPayload({ message: `Waiting ${index}` })),
    );
    // Each is in the commit queue once the store has been handed it.
    await vi.waitFor(() => expect(accept).toHaveBeenCalledTimes(4));
    const started = Date.now();
    const refused = await postFeedback(app, validPayload({ message: 'One too many' }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'store_busy' } });
    expect(refused.headers['retry-after']).toBe('5');
    release();
    expect((await Promise.all(waiting)).map((response) => response.statusCode)).toEqual([
      202, 202, 202, 202,
    ]);
    expect(await storedCount(app)).toBe(4);
  });

  test('a full disk: 503 with Retry-After, nothing half-written, and writes work once there is room', async () => {
    const app = await start();
    const db = sqliteStore(app).db;
    const pages = Number(db.pragma('page_count', { simple: true }));
    db.pragma(`max_page_count = ${pages}`);
    let full;
    for (let index = 0; index < 50 && !full; index++) {
      const response = await postFeedback(app, validPayload({ message: 'x'.repeat(4000) }));
      if (response.statusCode !== 202) full = response;
    }
    expect(full?.statusCode).toBe(503);
    expect(full?.json()).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(full?.headers['retry-after']).toBe('30');
    const rows = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(rows('SELECT count(*) AS n FROM messages')).toBe(
      rows("SELECT count(*) AS n FROM jobs WHERE kind = 'mail'"),
    );
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    db.pragma(`max_page_count = ${pages * 100}`);
    const before = await storedCount(app);
    expect((await postFeedback(app, validPayload())).statusCode).toBe(202);
    expect(await storedCount(app)).toBe(before + 1);
  });

  test('the writer thread dies: requests in flight get 503, nothing of theirs is stored, the next write works', async () => {
    const app = await start({}, { storeWriterThread: true });
    // The thread stalls, then dies: what is sent to it meanwhile is in flight.
    sqliteStore(app).crashWriterThread(300);
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        postFeedback(app, validPayload({ message: `In flight ${index}` })),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
    }
    expect(await storedCount(app)).toBe(0);
    const next = await postFeedback(app, validPayload({ message: 'After the crash' }));
    expect(next.statusCode).toBe(202);
    expect(await storedCount(app)).toBe(1);
  }, 20_000);
});

test('a store opened by an older version is moved to incremental vacuum once, at start', async () => {
  const folder = tempDir();
  try {
    const store = await SqliteFeedbackStore.open(folder.dir);
    store.db.pragma('auto_vacuum = NONE');
    store.db.exec('VACUUM');
    expect(store.db.pragma('auto_vacuum', { simple: true })).toBe(0);
    await store.close();
    const reopened = await SqliteFeedbackStore.open(folder.dir);
    expect(reopened.db.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(reopened.db.pragma('secure_delete', { simple: true })).toBe(1);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await reopened.close();
  } finally {
    folder.remove();
  }
});
