import { afterEach, expect, test, vi } from 'vitest';
import { SQLITE_MIGRATIONS } from '../store/sqlite/connection.ts';
import {
  mailEnv,
  sqliteStore,
  startTestServer,
  type TestServer,
} from '../../tests/server/helpers.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('ready: the store takes a write; waiting and dead counts and the oldest waiting age', async () => {
  server = await startTestServer();
  const { app } = server;
  const empty = await app.inject({ url: '/readyz' });
  expect(empty.statusCode).toBe(200);
  expect(empty.headers['cache-control']).toBe('no-store');
  expect(empty.json()).toEqual({
    status: 'ready',
    store: 'writable',
    delivery: 'off',
    pending: 0,
    dead: 0,
    oldestPendingAgeSeconds: null,
    schema: { engine: 'sqlite', version: SQLITE_MIGRATIONS.length },
  });

  const base = {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hi',
    spam: false,
  };
  await app.feedbackStore.intake.accept({ ...base, receivedAt: Date.now() - 90_000 });
  await app.feedbackStore.intake.accept({ ...base, receivedAt: Date.now() });
  const waiting = await app.inject({ url: '/readyz' });
  expect(waiting.json()).toMatchObject({ pending: 2, dead: 0 });
  const { oldestPendingAgeSeconds } = waiting.json<{ oldestPendingAgeSeconds: number }>();
  expect(oldestPendingAgeSeconds).toBeGreaterThanOrEqual(90);
  expect(oldestPendingAgeSeconds).toBeLessThan(100);
});

test('not ready (503) when the store cannot be written; ready again once it can', async () => {
  server = await startTestServer();
  const { app } = server;
  sqliteStore(app).db.pragma('query_only = ON');
  const down = await app.inject({ url: '/readyz' });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ status: 'unavailable', store: 'not writable' });
  sqliteStore(app).db.pragma('query_only = OFF');
  // The probe's outcome is kept for a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
});

test('says whether delivery is on', async () => {
  server = await startTestServer({ env: mailEnv('smtp://127.0.0.1:9') });
  expect((await server.app.inject({ url: '/readyz' })).json()).toMatchObject({ delivery: 'on' });
});

test('the write probe runs at most once a second, shared by concurrent callers', async () => {
  server = await startTestServer();
  const { app } = server;
  const probe = vi.spyOn(app.feedbackStore.health, 'probeWrite');
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => app.inject({ url: '/readyz' })),
  );
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  expect(probe).toHaveBeenCalledTimes(1);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await app.inject({ url: '/readyz' });
  expect(probe).toHaveBeenCalledTimes(2);
});

test('only loopback sees the counts and reasons; anyone else gets the status alone', async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  const { app } = server;
  const outside = await app.inject({ url: '/readyz', remoteAddress: '203.0.113.7' });
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
  expect((await app.inject({ url: '/readyz', remoteAddress: '::1' })).json()).toMatchObject({
    store: 'writable',
    dead: 0,
  });

  sqliteStore(app).db.pragma('query_only = ON');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const down = await app.inject({ url: '/readyz', remoteAddress: '203.0.113.7' });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toEqual({ status: 'unavailable' });
  sqliteStore(app).db.pragma('query_only = OFF');
});
