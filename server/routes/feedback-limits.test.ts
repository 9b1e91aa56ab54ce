/**
 * The limits that keep a flood from burying the owner or the disk: the hourly cap over all
 * visitors (kept across a restart), the per-/48 limit of IPv6, the free-space floor, the
 * bounded commit queue, a full disk and a writer thread that dies; and the spam signals.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { STORE_FILE } from '../store/sqlite/connection.ts';
import { SqliteFeedbackStore } from '../store/sqlite/engine.ts';
import {
  postFeedback,
  sqliteStore,
  startTestServer,
  storedCount,
  tempDir,
  TEST_APP_NAMES,
  testConfig,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}, options = {}) {
  server = await startTestServer({ env, ...options });
  return server.app;
}

type App = Awaited<ReturnType<typeof start>>;

function from(remoteAddress: string, app: App, overrides: Record<string, unknown> = {}) {
  return postFeedback(app, validPayload(overrides), { remoteAddress });
}

test('a client’s limit is kept in the store: another instance on it (or a restart) does not reset it', async () => {
  const folder = tempDir();
  try {
    const config = testConfig(folder.dir, { FEEDBACK_RATE_LIMIT_PER_MINUTE: '2' });
    const open = async () => {
      const app = await buildApp({ config, appNames: TEST_APP_NAMES, storeWriterThread: false });
      await app.ready();
      return app;
    };
    const first = await open();
    const second = await open();
    try {
      expect((await from('198.51.100.7', first)).statusCode).toBe(202);
      expect((await from('198.51.100.7', second)).statusCode).toBe(202);
      // Each instance has let this address in once, but the store counts both.
      const refused = await from('198.51.100.7', first);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: { message: 'Too many messages from this address; try again later.' },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
      expect((await from('198.51.100.8', second)).statusCode).toBe(202);
      expect(await storedCount(first)).toBe(3);
    } finally {
      await first.close();
      await second.close();
    }
  } finally {
    folder.remove();
  }
});

describe('the hourly cap over all visitors', () => {
  test('past FEEDBACK_MAX_PER_HOUR every client gets 429 with Retry-After, and a restart does not reset it', async () => {
    const folder = tempDir();
    try {
      const config = testConfig(folder.dir, { FEEDBACK_MAX_PER_HOUR: '3' });
      const open = async () => {
        const app = await buildApp({ config, appNames: TEST_APP_NAMES, storeWriterThread: false });
        await app.ready();
        return app;
      };
      let app = await open();
      for (let index = 1; index <= 3; index++) {
        expect((await from(`198.51.100.${index}`, app)).statusCode).toBe(202);
      }
      const refused = await from('203.0.113.9', app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      await app.close();

      app = await open();
      expect((await from('203.0.113.10', app)).statusCode).toBe(429);
      expect(await storedCount(app)).toBe(3);
      await app.close();
    } finally {
      folder.remove();
    }
  });
});

describe('IPv6 is limited per /64 and per /48', () => {
  test('one /48 gets FEEDBACK_RATE_LIMIT_PER_48 a minute over all its /64s; another /48 is not affected', async () => {
    const app = await start({
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '5',
      FEEDBACK_RATE_LIMIT_PER_48: '20',
    });
    const statuses: number[] = [];
    for (let net = 0; net < 30; net++) {
      statuses.push((await from(`2001:db8:bad:${net.toString(16)}::1`, app)).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array<number>(10).fill(429));
    const refused = await from('2001:db8:bad:ffff::1', app);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await from('2001:db8:900d::1', app)).statusCode).toBe(202);
    // The /64 limit still holds inside a /48.
    for (let index = 0; index < 5; index++) {
      expect((await from(`2001:db8:beef:1::${index + 1}`, app)).statusCode).toBe(202);
    }
    expect((await from('2001:db8:beef:1::99', app)).statusCode).toBe(429);
  });
});

describe('the free-space floor', () => {
  test('below STORE_MIN_FREE_MB a message gets 503 with Retry-After, and /readyz says why', async () => {
    // A floor far above any real disk's free space.
    const app = await start({ STORE_MIN_FREE_MB: String(1024 * 1024 * 1024) });
    const response = await postFeedback(app, validPayload());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'store_full' } });
    expect(response.headers['retry-after']).toBe('300');
    expect(await storedCount(app)).toBe(0);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', store: 'low on disk space' });
  });
});

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
    const waiting = Array.from({ length: 4 }, (_, index) =>
      postFeedback(app, validPayload({ message: `Waiting ${index}` })),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
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
      rows('SELECT count(*) AS n FROM outbox'),
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

describe('spam signals beyond the honeypot', () => {
  test('a form sent within two seconds of opening is stored as spam: 202, never queued', async () => {
    const app = await start();
    const fast = await postFeedback(app, validPayload({ formOpenMs: 800 }));
    expect(fast.statusCode).toBe(202);
    expect(await app.feedbackStore.owner.find(fast.json<{ id: string }>().id)).toMatchObject({
      status: 'spam',
      spamReason: 'too-fast',
    });
    const person = await postFeedback(app, validPayload({ formOpenMs: 45_000 }));
    expect(await app.feedbackStore.owner.find(person.json<{ id: string }>().id)).toMatchObject({
      status: 'pending',
    });
    // An older form that does not say how long it was open is not judged by it.
    const older = await postFeedback(app, validPayload());
    expect(await app.feedbackStore.owner.find(older.json<{ id: string }>().id)).toMatchObject({
      status: 'pending',
    });
    expect(await app.feedbackStore.owner.counts()).toMatchObject({ pending: 2, spam: 1 });
    expect((await postFeedback(app, validPayload({ formOpenMs: 'soon' }))).statusCode).toBe(400);
  });

  test('a message that is mostly links is stored as spam', async () => {
    const app = await start();
    const links = await postFeedback(
      app,
      validPayload({ message: 'https://cheap.example/pills https://casino.example/win now' }),
    );
    expect(await app.feedbackStore.owner.find(links.json<{ id: string }>().id)).toMatchObject({
      status: 'spam',
      spamReason: 'mostly-links',
    });
  });
});

test('a name with an invisible formatting character is refused', async () => {
  const app = await start();
  for (const name of ['Ada\u200B', '\u2067Ada', 'A\uFEFFda', 'Ada\u200F']) {
    const response = await postFeedback(app, validPayload({ firstName: name }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { firstName: expect.stringMatching(/invisible formatting/) as string } },
    });
  }
  expect(await storedCount(app)).toBe(0);
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
