import { afterEach, expect, test } from 'vitest';
import { mailEnv, startTestServer, type TestServer } from '../test/helpers.ts';

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
  });

  const base = {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hi',
    spam: false,
  };
  await app.feedbackStore.accept({ ...base, receivedAt: Date.now() - 90_000 });
  await app.feedbackStore.accept({ ...base, receivedAt: Date.now() });
  const waiting = await app.inject({ url: '/readyz' });
  expect(waiting.json()).toMatchObject({ pending: 2, dead: 0 });
  const { oldestPendingAgeSeconds } = waiting.json<{ oldestPendingAgeSeconds: number }>();
  expect(oldestPendingAgeSeconds).toBeGreaterThanOrEqual(90);
  expect(oldestPendingAgeSeconds).toBeLessThan(100);
});

test('not ready (503) when the store cannot be written; ready again once it can', async () => {
  server = await startTestServer();
  const { app } = server;
  app.feedbackStore.db.pragma('query_only = ON');
  const down = await app.inject({ url: '/readyz' });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ status: 'unavailable', store: 'not writable' });
  app.feedbackStore.db.pragma('query_only = OFF');
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
});

test('says whether delivery is on', async () => {
  server = await startTestServer({ env: mailEnv('smtp://127.0.0.1:9') });
  expect((await server.app.inject({ url: '/readyz' })).json()).toMatchObject({ delivery: 'on' });
});
