import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import {
  eventually,
  mailEnv,
  postFeedback,
  startTestServer,
  TestClock,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';
import {
  decodeHeader,
  freePort,
  SmtpSink,
  type ReceivedMail,
} from '../../tests/server/smtp-sink.ts';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  server = undefined;
  sink = undefined;
});

const HOUR_MS = 60 * 60_000;

/** A server that mails through `smtpUrl`, its outbox started; on the system's clock, or `clock`. */
async function mailingServer(smtpUrl: string, env: Record<string, string> = {}, clock?: TestClock) {
  server = await startTestServer({
    env: mailEnv(smtpUrl, env),
    outboxIdleCheckMs: 25,
    ...(clock ? { clock } : {}),
  });
  server.app.feedbackOutbox.start();
  return server;
}

async function send(app: TestServer['app'], overrides: Record<string, unknown> = {}) {
  const response = await postFeedback(app, validPayload(overrides));
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

function header(mail: ReceivedMail, name: string): string | undefined {
  return mail.headers.get(name)?.[0];
}

/** The one mail the sink received. */
function onlyMail(from: SmtpSink): ReceivedMail {
  expect(from.received).toHaveLength(1);
  const [mail] = from.received;
  if (!mail) throw new Error('No mail arrived');
  return mail;
}

describe('the outbox mails each accepted message to the owner', () => {
  test('with the subject, sender, reply address, Message-ID and a plain-text body', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    const id = await send(app);

    await sink.waitFor((s) => s.received.length === 1);
    const mail = onlyMail(sink);
    expect(decodeHeader(header(mail, 'subject') ?? '')).toBe(
      'Feedback for EchoExpense from Ada Lovelace',
    );
    expect(header(mail, 'from')).toBe('Portfolio <feedback@portfolio.test>');
    expect(header(mail, 'to')).toBe('owner@portfolio.test');
    expect(header(mail, 'reply-to')).toBe('ada@example.com');
    expect(header(mail, 'message-id')).toBe(`<feedback.${id}@portfolio.test>`);
    expect(header(mail, 'content-type')).toMatch(/^text\/plain; charset=utf-8/);
    expect(mail.envelope).toEqual({
      from: 'feedback@portfolio.test',
      to: ['owner@portfolio.test'],
    });
    expect(mail.text).toContain('App:      EchoExpense');
    expect(mail.text).toContain('Name:     Ada Lovelace');
    expect(mail.text).toContain('Email:    ada@example.com');
    expect(mail.text).toContain(`Id:       ${id}`);
    expect(mail.text).toContain('The bill reminders saved me a late fee. Thank you!');

    const stored = await eventually(async () => {
      const found = await app.inbox.find(id);
      return found && 'status' in found && found.status === 'sent' ? found : undefined;
    });
    expect(stored.attempts).toBe(1);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ delivery: 'on', pending: 0, dead: 0 });
  });

  test('names in other scripts reach the subject intact; the reply address is the bare address', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    await send(app, { firstName: 'Zoë', lastName: '山田 "Yamada"' });
    await sink.waitFor((s) => s.received.length === 1);
    const mail = onlyMail(sink);
    expect(decodeHeader(header(mail, 'subject') ?? '')).toBe(
      'Feedback for EchoExpense from Zoë 山田 "Yamada"',
    );
    expect(header(mail, 'reply-to')).toBe('ada@example.com');
  });
});

describe('temporary failures are retried', () => {
  test.each([421, 450, 451])(
    'a %i reply, then acceptance: delivered once, after a retry',
    async (code) => {
      sink = await SmtpSink.start();
      sink.replyNext({ code, message: 'Try again later' });
      const clock = new TestClock();
      const { app } = await mailingServer(sink.url, {}, clock);
      const id = await send(app);

      // The retry is due within MAIL_RETRY_BASE_MS (20 ms).
      await clock.pass(1000);
      await sink.waitFor((s) => s.received.length === 1);
      expect(sink.dataCommands).toBe(2);
      const stored = await eventually(async () => {
        const found = await app.inbox.find(id);
        return found && 'status' in found && found.status === 'sent' ? found : undefined;
      });
      expect(stored.attempts).toBe(2);
      expect((await app.inbox.attemptsOf(id)).map((attempt) => attempt.outcome)).toEqual([
        'retry',
        'sent',
      ]);
      // Past any retry and lease: it is not sent again.
      await clock.pass(HOUR_MS);
      expect(sink.received).toHaveLength(1);
    },
  );

  test('a mail server that is down at first and comes up later gets the message', async () => {
    const port = await freePort();
    const { app } = await mailingServer(`smtp://127.0.0.1:${port}`);
    const id = await send(app);
    await eventually(async () => {
      const found = await app.inbox.find(id);
      return found && 'status' in found && found.attempts >= 1 && found.lastError
        ? found
        : undefined;
    });

    sink = await SmtpSink.start(port);
    await sink.waitFor((s) => s.received.length === 1, { timeoutMs: 15_000 });
    expect(header(onlyMail(sink), 'message-id')).toBe(`<feedback.${id}@portfolio.test>`);
  });

  test('a message retried for longer than the give-up time is dead', async () => {
    sink = await SmtpSink.start();
    sink.replyNext(...Array.from({ length: 50 }, () => ({ code: 451, message: 'Busy' })));
    // 0.0002 hours: 720 ms.
    const { app } = await mailingServer(sink.url, { MAIL_GIVE_UP_AFTER_HOURS: '0.0002' });
    const id = await send(app);
    const dead = await eventually(async () => {
      const found = await app.inbox.find(id);
      return found && 'status' in found && found.status === 'dead' ? found : undefined;
    });
    expect(dead.lastError).toMatch(/^gave up after \d+ attempts: 451 Busy/);
    expect(sink.received).toHaveLength(0);
  });
});

describe('permanent failures', () => {
  test('a 550 reply marks the message dead; it stays listed and is not sent again', async () => {
    sink = await SmtpSink.start();
    sink.replyNext({ code: 550, message: 'Mailbox unavailable' });
    const clock = new TestClock();
    const { app } = await mailingServer(sink.url, {}, clock);
    const id = await send(app);

    await eventually(async () => {
      const found = await app.inbox.find(id);
      return found && 'status' in found && found.status === 'dead' ? found : undefined;
    });
    expect((await app.inbox.list({ status: 'dead' })).map((message) => message.id)).toEqual([id]);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ pending: 0, dead: 1 });
    await clock.pass(HOUR_MS);
    expect(sink.dataCommands).toBe(1);
    expect(sink.received).toHaveLength(0);
  });
});

describe('what the visitor typed never becomes a header or HTML', () => {
  test('a name holding "\\r\\nBcc:" adds no header and no recipient', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    // The route refuses such a name; this writes it straight to the store, as if it had not.
    await app.intake.accept({
      appName: 'EchoExpense',
      firstName: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes',
      lastName: 'Mallory\nSubject: hijacked',
      email: 'eve@example.com',
      message: 'Hello',
      spam: false,
      receivedAt: Date.now(),
    });
    app.feedbackOutbox.notify();

    await sink.waitFor((s) => s.received.length === 1);
    const mail = onlyMail(sink);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(mail.headers.get('subject')).toHaveLength(1);
    expect(mail.envelope.to).toEqual(['owner@portfolio.test']);
    expect(decodeHeader(header(mail, 'subject') ?? '')).toBe(
      'Feedback for EchoExpense from Eve Bcc: victim@example.net X-Injected: yes Mallory Subject: hijacked',
    );
  });

  test('a stored name with an encoded word or an address is shown as typed, never decoded or taken for a sender', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    // The route refuses encoded words; this writes one straight to the store, as if it had not.
    await app.intake.accept({
      appName: 'EchoExpense',
      firstName: 'Owner <owner@portfolio.test>, x',
      lastName: '=?utf-8?q?=0D=0ABcc:_x@evil.test?= =?UTF-8?B?4oCuZXZpbA==?=',
      email: 'eve@example.com',
      message: 'Hello',
      spam: false,
      receivedAt: Date.now(),
    });
    app.feedbackOutbox.notify();

    await sink.waitFor((s) => s.received.length === 1);
    const mail = onlyMail(sink);
    // A mail client decodes a header's encoded words once, as decodeHeader does.
    const subject = decodeHeader(header(mail, 'subject') ?? '');
    expect(subject).toBe(
      'Feedback for EchoExpense from Owner ‹owner@portfolio.test›, x =?utf-8?q?=0D=0ABcc:_x@evil.test?= =?UTF-8?B?4oCuZXZpbA==?=',
    );
    expect(subject).not.toMatch(/[\r\n\u202E<>]/);
    expect(header(mail, 'reply-to')).toBe('eve@example.com');
    expect(header(mail, 'from')).toBe('Portfolio <feedback@portfolio.test>');
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.envelope.to).toEqual(['owner@portfolio.test']);
  });

  test('a <script> message arrives as plain text, word for word', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    const message = '<script>alert("hi")</script>\n<b>bold?</b> & <img src=x onerror=alert(1)>';
    await send(app, { message });

    await sink.waitFor((s) => s.received.length === 1);
    const mail = onlyMail(sink);
    expect(header(mail, 'content-type')).toMatch(/^text\/plain/);
    expect(mail.raw).not.toMatch(/text\/html/i);
    expect(mail.text).toContain(message);
  });

  test('invisible formatting in the message is shown as U+FFFD, so it cannot disguise a text', async () => {
    sink = await SmtpSink.start();
    const { app } = await mailingServer(sink.url);
    await send(app, { message: 'Pay at \u202Emoc.elpmaxe\u202C, not\u200B h\uFEFFere' });

    await sink.waitFor((s) => s.received.length === 1);
    const { text } = onlyMail(sink);
    expect(text).toContain('Pay at \uFFFDmoc.elpmaxe\uFFFD, not\uFFFD h\uFFFDere');
    expect(text).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/);
  });

  test('a lone "." line in the message does not end the mail early', async () => {
    sink = await SmtpSink.start();
    const clock = new TestClock();
    const { app } = await mailingServer(sink.url, {}, clock);
    const message = 'first\r\n.\r\nMAIL FROM:<x@example.com>\r\n.\nlast';
    await send(app, { message });

    await sink.waitFor((s) => s.received.length === 1);
    // Sent and recorded: nothing more goes out, now or later.
    await clock.pass(HOUR_MS);
    expect(sink.received).toHaveLength(1);
    expect(onlyMail(sink).text).toContain('first\n.\nMAIL FROM:<x@example.com>\n.\nlast');
  });
});

describe('leases and caps', () => {
  test('a message left mid-send by a crashed worker is sent once its lease runs out', async () => {
    sink = await SmtpSink.start();
    const clock = new TestClock();
    const { app } = await mailingServer(sink.url, { MAIL_LEASE_MS: '1000' }, clock);
    await app.feedbackOutbox.stop();
    const id = await send(app);
    // Another process claims it and dies.
    const [claimed] = await app.outbox.claim({
      now: clock.now(),
      holder: 'crashed-worker',
      leaseMs: 400,
      limit: 1,
      maxPerHour: 0,
      retryBaseMs: 100,
      retryCapMs: 3_600_000,
    });
    expect(claimed?.id).toBe(id);
    app.feedbackOutbox.start();

    // Up to the end of its lease, it is not sent.
    await clock.pass(399);
    expect(sink.received).toHaveLength(0);
    const due = await app.outbox.nextDueAt();
    if (due === undefined) throw new Error('the message is not due again');
    await clock.pass(due - clock.now());
    await sink.waitFor((s) => s.received.length === 1);
    const stored = await app.inbox.find(id);
    expect(stored && 'attempts' in stored ? stored.attempts : 0).toBe(2);
  });

  test('over the hourly cap: oldest first, a fair share per app, and one digest of what waits', async () => {
    sink = await SmtpSink.start();
    const clock = new TestClock();
    server = await startTestServer({
      env: mailEnv(sink.url, { MAIL_MAX_PER_HOUR: '3' }),
      outboxIdleCheckMs: 25,
      clock,
    });
    const { app } = server;
    // One app is flooded; another gets one message, the last to arrive.
    const flood: string[] = [];
    for (let index = 0; index < 6; index++) {
      flood.push(await send(app, { firstName: 'Flood', message: `Flood ${index}\nmore` }));
      clock.advance(3);
    }
    const other = await send(app, {
      appName: 'Manzanos PopShop',
      firstName: 'Grace',
      message: 'Checkout works now\nthanks',
    });
    app.feedbackOutbox.start();

    await sink.waitFor((s) => s.received.length === 4);
    // Half an hour on, the hour's three mails still hold the rest back.
    await clock.pass(HOUR_MS / 2);
    expect(sink.received).toHaveLength(4);
    const feedbackIds = sink.received
      .map((mail) => /^<feedback\.([^@]+)@/.exec(header(mail, 'message-id') ?? '')?.[1])
      .filter((id) => id !== undefined);
    // Round one: the oldest of each app; round two: the next oldest of the flooded app.
    expect(new Set(feedbackIds)).toEqual(new Set([other, flood[0], flood[1]]));
    const digest = sink.received.find((mail) =>
      header(mail, 'message-id')?.startsWith('<feedback-digest.'),
    );
    expect(decodeHeader(header(digest ?? onlyMail(sink), 'subject') ?? '')).toBe(
      'Feedback digest: 4 messages wait',
    );
    const listed = digest?.text.split('\n').filter((line) => line.startsWith('- ')) ?? [];
    expect(listed).toEqual(
      [2, 3, 4, 5].map((index) => `- EchoExpense | Flood Lovelace | Flood ${index}`),
    );
    expect(await app.inbox.counts()).toMatchObject({ pending: 4, sent: 3 });

    // At most one digest an hour: none for a new message within the hour.
    await send(app, { message: 'Later' });
    await clock.pass(HOUR_MS / 3);
    expect(sink.received).toHaveLength(4);
  });
});

test('logs name ids, apps and outcomes, never the message or the address', async () => {
  sink = await SmtpSink.start();
  sink.replyNext({ code: 451, message: 'Greylisted <ada@example.com>' });
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({
    env: mailEnv(sink.url),
    outboxIdleCheckMs: 25,
    logger: { level: 'trace', stream },
  });
  server.app.feedbackOutbox.start();
  const secretText = 'My secret feedback text';
  const id = await send(server.app, { message: secretText, email: 'ada.private@example.com' });
  await postFeedback(server.app, validPayload({ email: 'broken@', message: secretText }));
  await sink.waitFor((s) => s.received.length === 1);
  await eventually(async () =>
    lines.some((line) => line.includes('feedback mailed')) ? true : undefined,
  );

  const log = lines.join('');
  expect(log).toContain(id);
  expect(log).toContain('EchoExpense');
  expect(log).toContain('feedback accepted');
  expect(log).toContain('feedback mail failed; will retry');
  expect(log).toContain('feedback refused');
  expect(log).not.toContain(secretText);
  expect(log).not.toContain('ada.private');
  expect(log).not.toContain('ada@example.com');
  expect(log).not.toContain('broken@');
  for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
});
