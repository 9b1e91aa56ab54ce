import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempDir } from '../test/helpers.ts';
import { MIGRATIONS } from './schema.ts';
import {
  FeedbackStore,
  IDEMPOTENCY_TTL_MS,
  STORE_FILE,
  StoreSettingsError,
  type NewFeedback,
} from './feedback-store.ts';

let folder: ReturnType<typeof tempDir>;
let store: FeedbackStore;
const NOW = Date.UTC(2025, 0, 15, 9, 30);

function feedback(overrides: Partial<NewFeedback> = {}): NewFeedback {
  return {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
    spam: false,
    receivedAt: NOW,
    ...overrides,
  };
}

function count(table: 'messages' | 'outbox' | 'idempotency_keys'): number {
  return (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

beforeEach(() => {
  folder = tempDir('feedback-store-');
  store = FeedbackStore.open(folder.dir);
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

  test('a store written by a newer version is refused', async () => {
    await store.close();
    const db = new Database(path.join(folder.dir, STORE_FILE));
    db.pragma('user_version = 99');
    db.close();
    expect(() => FeedbackStore.open(folder.dir)).toThrow(StoreSettingsError);
    const restore = new Database(path.join(folder.dir, STORE_FILE));
    restore.pragma(`user_version = ${MIGRATIONS.length}`);
    restore.close();
    store = FeedbackStore.open(folder.dir);
  });

  test('a file that is not a database is refused', async () => {
    const other = tempDir('feedback-store-broken-');
    writeFileSync(path.join(other.dir, STORE_FILE), 'not a database, just text '.repeat(100));
    expect(() => FeedbackStore.open(other.dir)).toThrow();
    other.remove();
  });

  test('the owner’s tools do not create a store that is not there', () => {
    const empty = tempDir('feedback-store-empty-');
    expect(() => FeedbackStore.open(empty.dir, { create: false })).toThrow(
      /No feedback store at .*the server creates it/,
    );
    empty.remove();
  });
});

describe('accepting', () => {
  test('stores the message with its outbox entry, pending and due now', async () => {
    const { id, replayed } = await store.accept(feedback());
    expect(replayed).toBe(false);
    expect(store.find(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      queuedAt: NOW,
      nextAttemptAt: NOW,
    });
    expect(count('outbox')).toBe(1);
  });

  test('spam is stored without an outbox entry', async () => {
    const { id } = await store.accept(feedback({ spam: true }));
    expect(store.find(id)).toMatchObject({ status: 'spam', spam: true });
    expect(count('outbox')).toBe(0);
  });

  test('the message and its outbox entry are committed together or not at all', async () => {
    store.db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON outbox
                   BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`);
    await expect(store.accept(feedback())).rejects.toThrow('outbox refused');
    expect(count('messages')).toBe(0);
  });

  test('the same Idempotency-Key within 24 hours gives the same id and stores nothing new', async () => {
    const first = await store.accept(feedback({ idempotencyKey: 'k1' }));
    const again = await store.accept(
      feedback({ idempotencyKey: 'k1', message: 'Other', receivedAt: NOW + 1000 }),
    );
    expect(again).toEqual({ id: first.id, replayed: true });
    expect(store.findReplay('k1', NOW + 1000)).toBe(first.id);
    const later = await store.accept(
      feedback({ idempotencyKey: 'k1', receivedAt: NOW + IDEMPOTENCY_TTL_MS + 1 }),
    );
    expect(later.replayed).toBe(false);
    expect(later.id).not.toBe(first.id);
    expect(count('messages')).toBe(2);
    expect(count('idempotency_keys')).toBe(1);
  });

  test('on the writer thread: concurrent messages, each stored once, readable here', async () => {
    await store.startWriterThread();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        store.accept(
          feedback({ message: `Message ${index}`, idempotencyKey: `key-${index % 40}` }),
        ),
      ),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(40);
    expect(results.filter((result) => result.replayed)).toHaveLength(20);
    expect(count('messages')).toBe(40);
    for (const { id } of results) expect(store.find(id)).toBeDefined();
  });

  test('on the writer thread: the outbox’s writes and the probe run there too', async () => {
    await store.startWriterThread();
    const { id } = await store.accept(feedback());
    const [claimed] = await store.write('claimDue', {
      now: NOW,
      owner: 'w',
      leaseMs: 1000,
      limit: 1,
    });
    expect(claimed).toMatchObject({ id, attempt: 1 });
    expect(await store.write('renewLease', id, 'w', NOW + 5000)).toBe(true);
    await store.write('recordSent', id, {
      owner: 'w',
      attempt: 1,
      startedAt: NOW,
      finishedAt: NOW + 3,
      detail: '250 OK',
    });
    await store.write('probeWrite', NOW);
    expect(store.find(id)).toMatchObject({ status: 'sent', sentAt: NOW + 3 });
    await expect(
      store.write('recordDead', 'no-such-id', {
        owner: 'w',
        attempt: 1,
        startedAt: NOW,
        finishedAt: NOW,
        detail: '',
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('delivery bookkeeping', () => {
  test('a claim leases a message; another worker gets it only once the lease ran out', async () => {
    const { id } = await store.accept(feedback());
    const [claimed] = store.claimDue({ now: NOW, owner: 'a', leaseMs: 1000, limit: 5 });
    expect(claimed).toMatchObject({ id, attempt: 1, status: 'sending' });
    expect(store.claimDue({ now: NOW + 999, owner: 'b', leaseMs: 1000, limit: 5 })).toEqual([]);
    expect(store.renewLease(id, 'b', NOW + 5000)).toBe(false);
    expect(store.renewLease(id, 'a', NOW + 2000)).toBe(true);
    expect(store.claimDue({ now: NOW + 1500, owner: 'b', leaseMs: 1000, limit: 5 })).toEqual([]);
    const [again] = store.claimDue({ now: NOW + 2000, owner: 'b', leaseMs: 1000, limit: 5 });
    expect(again).toMatchObject({ id, attempt: 2 });
    // The first worker's late failure does not undo the second's claim.
    store.recordRetry(id, {
      owner: 'a',
      attempt: 1,
      startedAt: NOW,
      finishedAt: NOW + 2100,
      detail: 'late',
      nextAttemptAt: NOW + 9000,
    });
    expect(store.find(id)).toMatchObject({ status: 'sending' });
  });

  test('a retry waits until its time; sent and dead are final until the owner retries', async () => {
    const { id } = await store.accept(feedback());
    store.claimDue({ now: NOW, owner: 'w', leaseMs: 1000, limit: 1 });
    const outcome = { owner: 'w', attempt: 1, startedAt: NOW, finishedAt: NOW + 10 };
    store.recordRetry(id, { ...outcome, detail: '451 later', nextAttemptAt: NOW + 60_000 });
    expect(store.nextDueAt()).toBe(NOW + 60_000);
    expect(store.claimDue({ now: NOW + 59_999, owner: 'w', leaseMs: 1000, limit: 1 })).toEqual([]);
    store.claimDue({ now: NOW + 60_000, owner: 'w', leaseMs: 1000, limit: 1 });
    store.recordDead(id, { ...outcome, attempt: 2, detail: '550 no' });
    expect(store.find(id)).toMatchObject({ status: 'dead', lastError: '550 no', attempts: 2 });
    expect(store.nextDueAt()).toBeUndefined();
    expect(store.attemptsOf(id).map((attempt) => attempt.outcome)).toEqual(['retry', 'dead']);

    expect(store.retry(id, NOW + 100_000)).toMatchObject({ kind: 'queued' });
    expect(store.find(id)).toMatchObject({ status: 'pending', queuedAt: NOW + 100_000 });
  });

  test('counts: waiting, dead, spam, and the oldest waiting message', async () => {
    await store.accept(feedback({ receivedAt: NOW - 5000 }));
    await store.accept(feedback());
    await store.accept(feedback({ spam: true }));
    expect(store.counts()).toEqual({
      pending: 2,
      sending: 0,
      sent: 0,
      dead: 0,
      spam: 1,
      oldestPendingReceivedAt: NOW - 5000,
    });
  });
});

test('purge deletes messages delivered before the date and spam received before it, never waiting or dead ones', async () => {
  const DAY = 24 * 60 * 60 * 1000;
  const old = NOW - 90 * DAY;
  const ids = {
    waiting: (await store.accept(feedback({ receivedAt: old }))).id,
    sent: (await store.accept(feedback({ receivedAt: old }))).id,
    dead: (await store.accept(feedback({ receivedAt: old }))).id,
    spam: (await store.accept(feedback({ receivedAt: old, spam: true }))).id,
    // Received long ago but delivered only yesterday: kept, delivery time counts.
    lateSent: (await store.accept(feedback({ receivedAt: old }))).id,
    recentSpam: (await store.accept(feedback({ receivedAt: NOW, spam: true }))).id,
  };
  for (const claimed of store.claimDue({ now: NOW, owner: 'w', leaseMs: 1000, limit: 10 })) {
    const at = claimed.id === ids.lateSent ? NOW - DAY : old + 1000;
    const outcome = { owner: 'w', attempt: 1, startedAt: at, finishedAt: at, detail: '' };
    if (claimed.id === ids.dead) store.recordDead(claimed.id, outcome);
    else if (claimed.id === ids.waiting)
      store.recordRetry(claimed.id, { ...outcome, nextAttemptAt: NOW });
    else store.recordSent(claimed.id, outcome);
  }
  const before = NOW - 30 * DAY;
  expect(store.countPurgeable(before)).toEqual({ sent: 1, spam: 1 });
  expect(store.purge(before, NOW)).toEqual({ sent: 1, spam: 1 });
  expect(store.find(ids.sent)).toBeUndefined();
  expect(store.find(ids.spam)).toBeUndefined();
  expect(store.find(ids.waiting)).toMatchObject({ status: 'pending' });
  expect(store.find(ids.dead)).toMatchObject({ status: 'dead' });
  expect(store.find(ids.lateSent)).toMatchObject({ status: 'sent' });
  expect(store.find(ids.recentSpam)).toMatchObject({ status: 'spam' });
  expect(store.integrityCheck()).toBe('ok');
});
