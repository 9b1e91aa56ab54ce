/**
 * The limits that keep a flood from burying the owner: a client's limit and the hourly cap
 * over all visitors (both kept in the store, so another instance or a restart does not reset
 * them), the per-/48 limit of IPv6 and the free-space floor; and the spam signals. Time is
 * a clock the tests move: a window runs out without waiting for it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TestClock,
  validPayload,
  type TestServer,
  type TestServerOptions,
  type TestStorage,
} from '../../tests/server/helpers.ts';
import { ENGINES, type TestEngine } from '../../tests/server/store-engines.ts';

const MINUTE_MS = 60_000;

let servers: TestServer[] = [];
let storages: TestStorage[] = [];

afterEach(async () => {
  for (const server of servers) await server.close();
  for (const storage of storages) await storage.remove();
  servers = [];
  storages = [];
});

/** A server closed after the test: on a fresh store of `engine`, or on a `storage` shared. */
async function start(options: TestServerOptions = {}) {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

/** Closes a server before the test ends: a restart, or an instance that stops. */
async function stop(server: TestServer) {
  servers = servers.filter((each) => each !== server);
  await server.close();
}

/** A store that outlives its servers, removed after the test. */
async function sharedStorage(engine: TestEngine) {
  const storage = await engine.storage();
  storages.push(storage);
  return storage;
}

type App = TestServer['app'];

function from(remoteAddress: string, app: App, overrides: Record<string, unknown> = {}) {
  return postFeedback(app, validPayload(overrides), { remoteAddress });
}

describe.each(ENGINES)('on $name', (engine) => {
  test('a client’s limit is kept in the store: another instance on it, with the same CAPS_KEY, does not reset it', async () => {
    const storage = await sharedStorage(engine);
    const clock = new TestClock();
    const options = {
      storage,
      clock,
      env: {
        FEEDBACK_RATE_LIMIT_PER_MINUTE: '2',
        CAPS_KEY: 'a-caps-key-shared-by-both-instances-of-the-site',
      },
    };
    const first = (await start(options)).app;
    const second = (await start(options)).app;
    expect((await from('198.51.100.7', first)).statusCode).toBe(202);
    clock.advance(15_000);
    expect((await from('198.51.100.7', second)).statusCode).toBe(202);
    // Each instance has let this address in once, but the store counts both.
    const refused = await from('198.51.100.7', first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { message: 'Too many messages from this address; try again later.' },
    });
    // The oldest of the two leaves the window 45 seconds from now.
    expect(refused.headers['retry-after']).toBe('45');
    expect((await from('198.51.100.8', second)).statusCode).toBe(202);
    expect(await storedCount(first)).toBe(3);
    clock.advance(45_000);
    expect((await from('198.51.100.7', first)).statusCode).toBe(202);
  });

  test('past FEEDBACK_MAX_PER_HOUR messages are held for the owner, not refused; past the hold, 429 until the hour is over, across a restart', async () => {
    const storage = await sharedStorage(engine);
    const clock = new TestClock();
    const env = {
      FEEDBACK_MAX_PER_HOUR: '3',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '1',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '1',
      FEEDBACK_MAX_HELD_PER_HOUR: '2',
    };
    const options = { storage, clock, env };
    const before = await start(options);
    for (let index = 1; index <= 3; index++) {
      expect((await from(`198.51.100.${index}`, before.app)).statusCode).toBe(202);
    }
    clock.advance(10 * MINUTE_MS);
    const held = await from('203.0.113.9', before.app, { firstName: 'Later' });
    expect(held.statusCode).toBe(202);
    expect(await before.app.inbox.find(held.json<{ id: string }>().id)).toMatchObject({
      status: 'spam',
      spamReason: 'over-hourly-cap',
      firstName: 'Later',
    });
    expect((await from('203.0.113.10', before.app)).statusCode).toBe(202);
    const refused = await from('203.0.113.11', before.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: 'Too many messages right now; try again later.' },
    });
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    await stop(before);

    const after = (await start(options)).app;
    clock.advance(5 * MINUTE_MS);
    const stillRefused = await from('203.0.113.12', after);
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe(String(45 * 60));
    expect(await after.inbox.counts()).toMatchObject({ pending: 3, spam: 2 });
    clock.advance(45 * MINUTE_MS + 1);
    expect((await from('203.0.113.12', after)).statusCode).toBe(202);
    expect(await after.inbox.counts()).toMatchObject({ pending: 4 });
  });

  test('past the overall cap on another instance, this one holds the message too', async () => {
    const storage = await sharedStorage(engine);
    const clock = new TestClock();
    const env = {
      FEEDBACK_MAX_PER_HOUR: '2',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '1',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '1',
    };
    const first = (await start({ storage, clock, env })).app;
    const second = (await start({ storage, clock, env })).app;
    expect((await from('198.51.100.1', first)).statusCode).toBe(202);
    expect((await from('198.51.100.2', first)).statusCode).toBe(202);
    // The second instance's own count has room; the store's has none: held, not refused.
    const held = await from('198.51.100.3', second);
    expect(held.statusCode).toBe(202);
    expect(await second.inbox.find(held.json<{ id: string }>().id)).toMatchObject({
      status: 'spam',
      spamReason: 'over-hourly-cap',
    });
  });

  test('a flood rotating the /64s of one /48 for an hour gets its hourly cap, and later visitors are accepted and mailed', async () => {
    const clock = new TestClock();
    // The default limits.
    const env = {
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '5',
      FEEDBACK_RATE_LIMIT_PER_48: '20',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '20',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '50',
      FEEDBACK_MAX_PER_HOUR: '200',
    };
    const { app } = await start({ engine, clock, env });
    let floodAccepted = 0;
    // 20 a minute, each from a new /64 (the per-minute limits let all of them in).
    for (let minute = 0; minute < 60; minute++) {
      for (let index = 0; index < 20; index++) {
        const net = (minute * 20 + index).toString(16);
        const response = await from(`2001:db8:bad:${net}::1`, app, { firstName: 'Flood' });
        if (response.statusCode === 202) floodAccepted += 1;
      }
      clock.advance(MINUTE_MS);
    }
    expect(floodAccepted).toBe(50);
    for (let index = 1; index <= 5; index++) {
      const answer = await from(`198.51.100.${index}`, app, { firstName: `Real${index}` });
      expect(answer.statusCode).toBe(202);
      expect(await app.inbox.find(answer.json<{ id: string }>().id)).toMatchObject({
        status: 'pending',
      });
    }
  }, 60_000);

  test('one IPv6 /48 gets FEEDBACK_RATE_LIMIT_PER_48 a minute over all its /64s; another /48 is not affected', async () => {
    const { app } = await start({
      engine,
      env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '5', FEEDBACK_RATE_LIMIT_PER_48: '20' },
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
    expect(await storedCount(app)).toBe(26);
  });

  describe('spam signals beyond the honeypot', () => {
    test('a form sent within two seconds of opening is stored as spam: 202, never queued', async () => {
      const { app } = await start({ engine });
      const fast = await postFeedback(app, validPayload({ formOpenMs: 800 }));
      expect(fast.statusCode).toBe(202);
      expect(await app.inbox.find(fast.json<{ id: string }>().id)).toMatchObject({
        status: 'spam',
        spamReason: 'too-fast',
      });
      const person = await postFeedback(app, validPayload({ formOpenMs: 45_000 }));
      expect(await app.inbox.find(person.json<{ id: string }>().id)).toMatchObject({
        status: 'pending',
      });
      // An older form that does not say how long it was open is not judged by it.
      const older = await postFeedback(app, validPayload());
      expect(await app.inbox.find(older.json<{ id: string }>().id)).toMatchObject({
        status: 'pending',
      });
      expect(await app.inbox.counts()).toMatchObject({ pending: 2, spam: 1 });
      expect((await postFeedback(app, validPayload({ formOpenMs: 'soon' }))).statusCode).toBe(400);
    });

    test('a message that is mostly links is stored as spam', async () => {
      const { app } = await start({ engine });
      const links = await postFeedback(
        app,
        validPayload({ message: 'https://cheap.example/pills https://casino.example/win now' }),
      );
      expect(await app.inbox.find(links.json<{ id: string }>().id)).toMatchObject({
        status: 'spam',
        spamReason: 'mostly-links',
      });
      expect(await app.inbox.counts()).toMatchObject({ pending: 0, spam: 1 });
    });
  });
});

// The floor is the SQLite file's disk: under PostgreSQL the database watches its own.
test('below STORE_MIN_FREE_MB a message gets 503 with Retry-After, and /readyz says why', async () => {
  // A floor far above any real disk's free space.
  const { app } = await start({ env: { STORE_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
  const response = await postFeedback(app, validPayload());
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ error: { code: 'store_full' } });
  expect(response.headers['retry-after']).toBe('300');
  expect(await storedCount(app)).toBe(0);
  const ready = await app.inject({ url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'unavailable', store: 'low on disk space' });
});

test('a name with an invisible formatting character is refused', async () => {
  const { app } = await start();
  for (const name of ['Ada\u200B', '\u2067Ada', 'A\uFEFFda', 'Ada\u200F']) {
    const response = await postFeedback(app, validPayload({ firstName: name }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { firstName: expect.stringMatching(/invisible formatting/) as string } },
    });
  }
  expect(await storedCount(app)).toBe(0);
});
