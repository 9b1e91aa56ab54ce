/**
 * Push notifications through the real server to a local HTTP receiver: one per message
 * that is not spam, one when delivery pauses, the app's name and the sender's first name
 * alone unless the owner opts in, ntfy's form or JSON, retried through the store when the
 * receiver fails, given up when it refuses.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import {
  eventually,
  mailEnv,
  postFeedback,
  startTestServer,
  TEST_PUBLIC_URL,
  TestClock,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';
import { freePort, SmtpSink } from '../../tests/server/smtp-sink.ts';
import { ENGINES } from '../../tests/server/store-engines.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver of notifications that answers each with the next status it is given (200 after). */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  readonly #server: Server;
  port = 0;

  constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(this.statuses.shift() ?? 200).end();
      });
    });
  }

  async start(): Promise<this> {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.#server.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  url(path = '/hook', credentials = ''): string {
    return `http://${credentials}127.0.0.1:${this.port}${path}`;
  }

  /** Resolves once `count` requests have come. */
  async waitFor(count: number, timeoutMs = 5000): Promise<Received[]> {
    return eventually(() => (this.received.length >= count ? this.received : undefined), {
      timeoutMs,
      what: `${count} requests`,
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

let server: TestServer | undefined;
let receiver: Receiver | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await receiver?.close();
  await sink?.close();
  server = undefined;
  receiver = undefined;
  sink = undefined;
});

/** A server whose notifications go to a new receiver; `env` may name the receiver's address. */
async function start(
  env: Record<string, string> | ((hook: Receiver) => Record<string, string>),
  options: Parameters<typeof startTestServer>[0] = {},
) {
  const hook = await new Receiver().start();
  receiver = hook;
  server = await startTestServer({
    outboxIdleCheckMs: 50,
    env: { NOTIFY_URL: hook.url(), ...(typeof env === 'function' ? env(hook) : env) },
    ...options,
  });
  server.app.pushNotifications.start();
  return { app: server.app, receiver };
}

describe.each(ENGINES)('on $name', (engine) => {
  test('each message that is not spam is told: its app and first name alone', async () => {
    const clock = new TestClock();
    const { app, receiver: hook } = await start({}, { engine, clock });
    expect((await postFeedback(app, validPayload())).statusCode).toBe(202);
    expect(
      (await postFeedback(app, validPayload({ website: 'https://spam.example' }))).statusCode,
    ).toBe(202);
    const [told] = await hook.waitFor(1);
    const body = JSON.parse(told?.body ?? '') as Record<string, unknown>;
    expect(body).toEqual({
      event: 'message',
      app: 'EchoExpense',
      firstName: 'Ada',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      url: expect.stringMatching(
        new RegExp(`^${TEST_PUBLIC_URL}/owner/messages/[0-9a-f-]{36}$`),
      ) as unknown,
    });
    expect(told?.headers['content-type']).toBe('application/json');
    // An hour on, the notifier has looked at the store again.
    await clock.pass(60 * 60_000);
    // The spam was told of by nobody.
    expect(hook.received).toHaveLength(1);
  });
});

test('with NOTIFY_DETAILS, the sender’s name, address and message too; ntfy’s form', async () => {
  const { app, receiver: hook } = await start({ NOTIFY_DETAILS: 'true', NOTIFY_FORMAT: 'ntfy' });
  await postFeedback(app, validPayload({ message: 'The reminders are great.' }));
  const [told] = await hook.waitFor(1);
  expect(told?.headers.title).toBe('New feedback');
  expect(told?.headers.click).toMatch(/\/owner\/messages\//);
  expect(told?.body).toBe(
    'New feedback about EchoExpense from Ada Lovelace <ada@example.com>:\n\nThe reminders are great.',
  );
});

test('without NOTIFY_DETAILS, ntfy’s text names the app and the first name alone', async () => {
  const { app, receiver: hook } = await start((topic) => ({
    NOTIFY_FORMAT: 'ntfy',
    NOTIFY_URL: topic.url('/topic', 'me:pa%3Ass@'),
  }));
  await postFeedback(app, validPayload());
  const [told] = await hook.waitFor(1);
  expect(told?.body).toBe('New feedback about EchoExpense from Ada.');
  expect(told?.body).not.toContain('Lovelace');
  expect(told?.headers.authorization).toBe(`Basic ${Buffer.from('me:pa:ss').toString('base64')}`);
});

test('a receiver that fails is tried again later; one that refuses is given up', async () => {
  const clock = new TestClock();
  const { app, receiver: hook } = await start({}, { clock });
  const queue = app.notifications;
  /** Lets the last try be written down as failed, then moves to the time of the next. */
  const moveToNextTry = async () => {
    await clock.asleep();
    const due = await queue.nextDueAt();
    if (due === undefined) throw new Error('no try is due');
    clock.advance(due - clock.now());
  };
  hook.statuses.push(503, 500);
  await postFeedback(app, validPayload());
  await hook.waitFor(1);
  await moveToNextTry();
  await hook.waitFor(2);
  await moveToNextTry();
  await hook.waitFor(3);
  await eventually(async () => ((await queue.nextDueAt()) === undefined ? true : undefined));

  hook.statuses.push(404);
  await postFeedback(app, validPayload({ firstName: 'Grace' }));
  await hook.waitFor(4);
  await clock.asleep();
  expect(await queue.nextDueAt()).toBeUndefined();
  await clock.pass(24 * 60 * 60_000);
  expect(hook.received).toHaveLength(4);
});

test('a pause of delivery is told once, with the mail server’s reason', async () => {
  sink = await SmtpSink.start();
  sink.refusals.set('mailFrom', { code: 550, message: '5.7.1 Sender not allowed' });
  const clock = new TestClock();
  const { app, receiver: hook } = await start(mailEnv(sink.url), { clock });
  app.feedbackOutbox.start();
  await postFeedback(app, validPayload());
  await postFeedback(app, validPayload({ firstName: 'Grace' }));
  await eventually(async () => await app.inbox.deliveryPause(), {
    what: 'the pause',
  });
  // The notifier finds the pause's notification at its next look; the outbox sleeps too.
  await clock.pass(50, 2);
  const told = await hook.waitFor(3);
  const events = told.map((each) => (JSON.parse(each.body) as { event: string }).event).sort();
  expect(events).toEqual(['delivery-paused', 'message', 'message']);
  const pause = told.find((each) => each.body.includes('delivery-paused'));
  expect(JSON.parse(pause?.body ?? '')).toMatchObject({
    reason: expect.stringContaining('Sender not allowed') as unknown,
    url: `${TEST_PUBLIC_URL}/owner`,
  });
  // The pause's next try (MAIL_PAUSE_RETRY_MS) is refused too; then the notifier looks again.
  await clock.pass(600_000, 2);
  await clock.pass(50, 2);
  expect(hook.received).toHaveLength(3);
});
