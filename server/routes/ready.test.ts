/**
 * GET /readyz as a load balancer and the owner see it: its status, and for loopback the
 * store's state, the outbox's counts and ages. Time is a clock the tests move.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  mailEnv,
  postFeedback,
  startTestServer,
  TestClock,
  validPayload,
  type TestServer,
  type TestServerOptions,
} from '../../tests/server/helpers.ts';
import { ENGINES } from '../../tests/server/store-engines.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: TestServerOptions) {
  server = await startTestServer(options);
  return server.app;
}

type App = Awaited<ReturnType<typeof start>>;

const ready = (app: App, remoteAddress?: string) =>
  app.inject({ url: '/readyz', ...(remoteAddress ? { remoteAddress } : {}) });

describe.each(ENGINES)('on $name', (engine) => {
  test('ready: the store takes a write; waiting and dead counts and the oldest waiting age', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const empty = await ready(app);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    const { version } = app.storeHealth.schema();
    expect(version).toBeGreaterThanOrEqual(1);
    expect(empty.json()).toEqual({
      status: 'ready',
      store: 'writable',
      delivery: 'off',
      pending: 0,
      dead: 0,
      oldestPendingAgeSeconds: null,
      schema: { engine: engine.id, version },
    });

    expect((await postFeedback(app, validPayload())).statusCode).toBe(202);
    clock.advance(90_000);
    expect((await postFeedback(app, validPayload())).statusCode).toBe(202);
    clock.advance(500);
    const waiting = await ready(app);
    expect(waiting.json()).toMatchObject({ pending: 2, dead: 0, oldestPendingAgeSeconds: 90 });
  });

  test('not ready (503) when the store cannot be written; ready again once it can, a second later', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const probe = vi
      .spyOn(app.storeHealth, 'probeWrite')
      .mockRejectedValueOnce(new Error('attempt to write a readonly database'));
    const down = await ready(app);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', store: 'not writable' });
    // The probe's outcome is kept for a second.
    clock.advance(999);
    expect((await ready(app)).statusCode).toBe(503);
    clock.advance(1);
    const up = await ready(app);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'ready', store: 'writable' });
    expect(probe).toHaveBeenCalledTimes(2);
  });

  test('says whether delivery is on; not ready while it is paused, and loopback sees why', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock, env: mailEnv('smtp://127.0.0.1:9') });
    expect((await ready(app)).json()).toMatchObject({ status: 'ready', delivery: 'on' });
    const now = clock.now();
    await app.outbox.pauseDelivery({
      reason: '535 Authentication failed',
      since: now,
      retryAt: now + 600_000,
    });
    const paused = await ready(app);
    expect(paused.statusCode).toBe(503);
    expect(paused.json()).toMatchObject({
      status: 'unavailable',
      store: 'writable',
      delivery: 'paused',
      pauseReason: '535 Authentication failed',
    });
    await app.outbox.resumeDelivery();
    expect((await ready(app)).statusCode).toBe(200);
  });

  test('the write probe runs at most once a second, shared by concurrent callers', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock });
    const probe = vi.spyOn(app.storeHealth, 'probeWrite');
    const answers = await Promise.all(Array.from({ length: 50 }, () => ready(app)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(probe).toHaveBeenCalledTimes(1);
    clock.advance(999);
    await ready(app);
    expect(probe).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await ready(app);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  test('only loopback sees the counts and reasons; anyone else gets the status alone', async () => {
    const clock = new TestClock();
    const app = await start({ engine, clock, env: { TRUST_PROXY: '127.0.0.1' } });
    const outside = await ready(app, '203.0.113.7');
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual({ status: 'ready' });
    // Through the trusted proxy: a forwarded outside client gets the status alone, a
    // forwarded loopback client the whole report.
    const proxied = (forwardedFor: string) =>
      app.inject({
        url: '/readyz',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await proxied('198.51.100.4')).json()).toEqual({ status: 'ready' });
    expect((await proxied('127.0.0.1')).json()).toMatchObject({ status: 'ready', pending: 0 });
    expect((await ready(app, '::1')).json()).toMatchObject({ store: 'writable', dead: 0 });

    vi.spyOn(app.storeHealth, 'probeWrite').mockRejectedValue(
      new Error('attempt to write a readonly database'),
    );
    clock.advance(1000);
    const down = await ready(app, '203.0.113.7');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
  });
});
