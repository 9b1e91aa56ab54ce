/**
 * Test helpers: a fresh server on a real store in a temporary folder, valid payloads, and
 * a way to look inside the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SqliteStoreConnection } from '../../server/store/sqlite/engine.ts';
import type { NewFeedback } from '../../server/intake/types.ts';
import type { FeedbackStore } from '../../server/store/feedback-store.ts';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { Clock, Timer } from '../../server/clock.ts';
import { loadConfig, type Config } from '../../server/config.ts';

/**
 * The apps of the test server, as the site's content has them: Watchlistr has no legal
 * pages, EchoExpense has an icon.
 */
export const TEST_APPS = [
  {
    slug: 'echoexpense',
    name: 'EchoExpense',
    legal: true,
    icon: '/assets/icons/echoexpense-1a2b3c4d.png',
  },
  { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
  { slug: 'manzanos-popshop', name: 'Manzanos PopShop', legal: true },
] as const;

/** The app names the test server accepts. */
export const TEST_APP_NAMES = TEST_APPS.map((app) => app.name);

export const TEST_PUBLIC_URL = 'http://portfolio.test';

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix = 'feedback-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
    FEEDBACK_RATE_LIMIT_PER_48: '0',
    FEEDBACK_RATE_LIMIT_PER_HOUR: '0',
    FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0',
    FEEDBACK_MAX_PER_HOUR: '0',
    STORE_MIN_FREE_MB: '0',
    ...env,
  });
}

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  /** Closes the server and removes its folder. */
  close: () => Promise<void>;
}

/** A fresh, empty store for servers: the settings that point a server at it. */
export interface TestStorage {
  /** DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  /** Removes the store; its servers must be closed first. */
  remove: () => Promise<void>;
}

export interface TestServerOptions extends Omit<BuildAppOptions, 'config'> {
  env?: Record<string, string>;
  /**
   * A fresh store of this engine (store-engines.ts), removed on close; default SQLite in a
   * temporary folder.
   */
  engine?: { storage: () => Promise<TestStorage> };
  /** A store that outlives the server (another instance on it, a restart); kept on close. */
  storage?: TestStorage;
}

/**
 * A server with its own store: a fresh one of `engine`, or `storage`. A SQLite store commits
 * on the event loop's thread unless `storeWriterThread` is set: the same group commit,
 * without starting a thread per test (the thread has its own tests, and the process tests
 * use it).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { env, engine, storage: shared, ...rest } = options;
  let storage = shared;
  if (!storage) {
    if (engine) storage = await engine.storage();
    else {
      const folder = tempDir();
      storage = { env: { DATA_DIR: folder.dir }, remove: async () => folder.remove() };
    }
  }
  const owned = storage !== shared;
  const dataDir = storage.env.DATA_DIR ?? '';
  try {
    const app = await buildApp({
      config: testConfig(dataDir, { ...storage.env, ...env }),
      apps: TEST_APPS,
      storeWriterThread: false,
      ...rest,
    });
    await app.ready();
    return {
      app,
      dataDir,
      close: async () => {
        await app.close();
        if (owned) await storage.remove();
      },
    };
  } catch (error) {
    if (owned) await storage.remove();
    throw error;
  }
}

/** A timer of a TestClock. */
interface TestTimer extends Timer {
  /** When it next falls due. */
  at: number;
  /** Its period, for an interval. */
  every: number | undefined;
  callback: () => void;
  /** The order it was set in: of two timers due at once, the older fires first. */
  order: number;
}

/**
 * A clock that moves only when a test moves it: rows, limits and readiness age by
 * `advance`, without waiting and without touching the store's rows, and the server's timers
 * (the outbox's and the notifier's sleeps, lease renewals, readiness's time limit, the
 * sweeps) fire as it passes their time.
 */
export class TestClock implements Clock {
  #now: number;
  readonly #timers = new Set<TestTimer>();
  #order = 0;

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): Timer {
    return this.#start(callback, ms, undefined);
  }

  clearTimeout(timer: Timer | undefined): void {
    this.#timers.delete(timer as TestTimer);
  }

  setInterval(callback: () => void, ms: number): Timer {
    return this.#start(callback, ms, Math.max(ms, 1));
  }

  clearInterval(timer: Timer | undefined): void {
    this.#timers.delete(timer as TestTimer);
  }

  /**
   * Moves time on by `ms`, firing each timer that falls due on the way, in order, with the
   * clock at its time. An interval due several times on the way fires once, as on a machine
   * that was busy all along.
   */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      let next: TestTimer | undefined;
      for (const timer of this.#timers) {
        if (timer.at > end) continue;
        if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) {
          next = timer;
        }
      }
      if (!next) break;
      this.#now = Math.max(this.#now, next.at);
      if (next.every === undefined) this.#timers.delete(next);
      else next.at += next.every * Math.max(1, Math.ceil((end - next.at + 1) / next.every));
      next.callback();
    }
    this.#now = end;
  }

  /**
   * Resolves once `sleepers` timeouts wait (intervals aside): the server's workers that
   * sleep on this clock (the outbox, the notifier; `sleepers` of them run) have done what
   * they could and gone to sleep. Their sleeps are the only timeouts that wait while no
   * request is being answered.
   */
  async asleep(sleepers = 1): Promise<void> {
    await eventually(() => (this.#timeouts().length >= sleepers ? true : undefined), {
      what: `${sleepers} worker(s) to sleep on the clock`,
    });
  }

  /**
   * Lets `ms` pass for the workers that sleep on this clock: once they sleep, moves time on
   * (which must wake each of them), and resolves once each has done what fell due and gone
   * back to sleep. What the time brings has then happened; what is checked next would show
   * anything it brought that it should not.
   */
  async pass(ms: number, sleepers = 1): Promise<void> {
    await this.asleep(sleepers);
    const end = this.#now + ms;
    if (this.#timeouts().some((timer) => timer.at > end)) {
      throw new Error(`${ms} ms do not wake every worker that sleeps on the clock`);
    }
    const mark = this.#order;
    this.advance(ms);
    await eventually(
      () =>
        this.#timeouts().filter((timer) => timer.order > mark).length >= sleepers
          ? true
          : undefined,
      { what: `${sleepers} worker(s) to sleep again after ${ms} ms` },
    );
  }

  #timeouts(): TestTimer[] {
    return [...this.#timers].filter((timer) => timer.every === undefined);
  }

  #start(callback: () => void, ms: number, every: number | undefined): TestTimer {
    // As Node's timers: none fires sooner than a millisecond on.
    const timer: TestTimer = {
      at: this.#now + Math.max(ms, 1),
      every,
      callback,
      order: ++this.#order,
      unref: () => undefined,
    };
    this.#timers.add(timer);
    return timer;
  }
}

export function validPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'The bill reminders saved me a late fee. Thank you!',
    ...overrides,
  };
}

/** A POST to /api/sendMail as the site's own form sends it. */
export function postFeedback(
  app: FastifyInstance,
  body: unknown,
  options: { headers?: Record<string, string>; raw?: boolean } & Partial<InjectOptions> = {},
) {
  const { headers, raw, ...rest } = options;
  return app.inject({
    method: 'POST',
    url: '/api/sendMail',
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, ...headers },
    payload: raw ? (body as string) : JSON.stringify(body),
    ...rest,
  });
}

/** Messages in the store, in any status. */
export async function storedCount(app: FastifyInstance): Promise<number> {
  const counts = await app.inbox.counts();
  return counts.pending + counts.sent + counts.dead + counts.spam;
}

/** A message as the route hands it to the store, received at `receivedAt`. */
export function newFeedback(receivedAt: number, overrides: Partial<NewFeedback> = {}): NewFeedback {
  return {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
    spam: false,
    receivedAt,
    ...overrides,
  };
}

/** Stores a message through the store's intake; its id (a replay's too). */
export async function storeMessage(
  store: Pick<FeedbackStore, 'intake'>,
  item: NewFeedback,
): Promise<string> {
  const result = await store.intake.accept(item);
  if (result.kind === 'capped') throw new Error(`Capped under ${result.key}`);
  return result.id;
}

/** The server's store as the SQLite engine, for tests that reach into its file. */
export function sqliteStore(app: FastifyInstance): SqliteStoreConnection {
  const { db } = app;
  if (db.engine !== 'sqlite') throw new Error('This test needs the SQLite store');
  return db as SqliteStoreConnection;
}

/** The bytes of the server's SQLite store: its pages, wherever they are (file or write-ahead log). */
export function sqliteStoreBytes(app: FastifyInstance): number {
  const db = sqliteStore(app).db;
  return (
    Number(db.pragma('page_count', { simple: true })) *
    Number(db.pragma('page_size', { simple: true }))
  );
}

/** Settings of a server that mails through `smtpUrl`, retrying quickly. */
export function mailEnv(smtpUrl: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    MAIL_TO: 'owner@portfolio.test',
    MAIL_FROM: 'Portfolio <feedback@portfolio.test>',
    MAIL_RETRY_BASE_MS: '20',
    ...env,
  };
}

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 20, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
