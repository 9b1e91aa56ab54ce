/**
 * Delivery against real mail servers that refuse, hang or trickle: a refusal of the site's
 * own settings pauses delivery (nothing dead, /readyz 503 with the reason, one error in the
 * log), a hung or trickling server is cut off by the send deadline and the message is sent
 * once a working server answers, and TLS with a login works.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import {
  eventually,
  mailEnv,
  postFeedback,
  startTestServer,
  tempDir,
  TestClock,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';
import { freePort, SmtpSink, type SinkStage } from '../../tests/server/smtp-sink.ts';
import { makeTestCertificate } from '../../tests/server/tls-cert.ts';
import { runFeedbackCli } from '../cli/feedback.ts';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;
let silent: { server: Server; sockets: Set<Socket> } | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  if (silent) {
    for (const socket of silent.sockets) socket.destroy();
    await new Promise((resolve) => silent?.server.close(resolve));
  }
  server = undefined;
  sink = undefined;
  silent = undefined;
});

function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

/** A server that mails through `smtpUrl`, its outbox started; on the system's clock, or `clock`. */
async function mailingServer(smtpUrl: string, env: Record<string, string> = {}, clock?: TestClock) {
  const log = logCollector();
  server = await startTestServer({
    env: mailEnv(smtpUrl, { MAIL_PAUSE_RETRY_MS: '1000', ...env }),
    outboxIdleCheckMs: 25,
    logger: { level: 'debug', stream: log.stream },
    ...(clock ? { clock } : {}),
  });
  server.app.feedbackOutbox.start();
  return { app: server.app, log: log.lines };
}

async function send(app: TestServer['app'], message = 'Hello') {
  const response = await postFeedback(app, validPayload({ message }));
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

const pauses = (log: string[]) =>
  log.filter((line) => line.includes('delivery is paused, no message is dropped')).length;

describe('a mail server that refuses the site pauses delivery; nothing is marked dead', () => {
  test.each<[string, SinkStage, { code: number; message: string }]>([
    [
      'a refused sender (MAIL_FROM)',
      'mailFrom',
      { code: 553, message: '5.1.8 Sender address rejected' },
    ],
    [
      'authentication required',
      'mailFrom',
      { code: 530, message: '5.7.0 Authentication required' },
    ],
    ['a refused owner address (MAIL_TO)', 'rcptTo', { code: 550, message: '5.1.1 No such user' }],
    ['a relay refusal', 'rcptTo', { code: 554, message: '5.7.1 Relay access denied' }],
  ])('%s', async (_name, stage, reply) => {
    sink = await SmtpSink.start();
    sink.refusals.set(stage, reply);
    const clock = new TestClock();
    const { app, log } = await mailingServer(sink.url, {}, clock);
    const ids = [await send(app, 'One'), await send(app, 'Two'), await send(app, 'Three')];

    await eventually(async () => await app.inbox.deliveryPause(), {
      what: 'the pause',
    });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      delivery: 'paused',
      pauseReason: expect.stringContaining(String(reply.code)) as string,
    });
    // Up to the pause's next try (MAIL_PAUSE_RETRY_MS, 1 s), nothing is tried or given up.
    const tries = async () => {
      let count = 0;
      for (const id of ids) count += (await app.inbox.attemptsOf(id)).length;
      return count;
    };
    await clock.asleep();
    const triedBefore = await tries();
    await clock.pass(999);
    expect(await tries()).toBe(triedBefore);
    for (const id of ids) expect(await app.inbox.find(id)).toMatchObject({ status: 'pending' });
    expect((await app.inbox.counts()).dead).toBe(0);
    expect(sink.received).toHaveLength(0);
    expect(pauses(log)).toBe(1);

    // Fixed: at the next slow try every message goes out, and /readyz is ready again.
    sink.refusals.clear();
    await clock.pass(1);
    await sink.waitFor((s) => s.received.length === 3, { timeoutMs: 5000 });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(pauses(log)).toBe(1);
    expect(log.some((line) => line.includes('delivery resumed'))).toBe(true);
  });

  test('the pause is kept in the store; a restart (after fixing the settings) tries at once', async () => {
    sink = await SmtpSink.start();
    sink.refusals.set('mailFrom', { code: 553, message: 'Sender address rejected' });
    const { app } = await mailingServer(sink.url, { MAIL_PAUSE_RETRY_MS: '600000' });
    const id = await send(app);
    const paused = await eventually(async () => await app.inbox.deliveryPause());
    expect(paused.retryAt - paused.since).toBe(600_000);
    await app.feedbackOutbox.stop();
    sink.refusals.clear();
    app.feedbackOutbox.start();
    await sink.waitFor((s) => s.received.length === 1, { timeoutMs: 5000 });
    await eventually(async () => ((await app.inbox.deliveryPause()) ? undefined : true));
    expect(await app.inbox.find(id)).toMatchObject({ status: 'sent' });
  });

  test('once fixed, the owner’s retry of a waiting message tries now, not at the pause’s next try', async () => {
    sink = await SmtpSink.start();
    sink.refusals.set('mailFrom', { code: 553, message: 'Sender address rejected' });
    const clock = new TestClock();
    const { app } = await mailingServer(sink.url, { MAIL_PAUSE_RETRY_MS: '600000' }, clock);
    const id = await send(app);
    await eventually(async () => await app.inbox.deliveryPause());
    sink.refusals.clear();
    // A minute on, the pause's next try is still nine minutes away: nothing is tried.
    await clock.pass(60_000);
    expect(sink.received).toHaveLength(0);

    const out: string[] = [];
    const code = await runFeedbackCli(['retry', id, '--data-dir', server?.dataDir ?? ''], {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
      env: { SMTP_URL: sink.url },
      now: () => clock.now(),
    });
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toContain('the server tries the mail server again now');
    // The outbox's next look at the store (its idle check), long before the pause's next try.
    await clock.pass(25);
    await sink.waitFor((s) => s.received.length === 1, { timeoutMs: 5000 });
    await eventually(async () => ((await app.inbox.deliveryPause()) ? undefined : true));
    expect(await app.inbox.find(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('a message whose content is refused (DATA) is dead; delivery goes on', async () => {
    sink = await SmtpSink.start();
    sink.replyNext({ code: 554, message: '5.6.0 Message content rejected' });
    const { app } = await mailingServer(sink.url);
    const refused = await send(app, 'Refused');
    await eventually(async () => ((await app.inbox.counts()).dead === 1 ? true : undefined));
    const next = await send(app, 'Next');
    await sink.waitFor((s) => s.received.length === 1);
    await eventually(async () => ((await app.inbox.counts()).sent === 1 ? true : undefined));
    expect(await app.inbox.find(refused)).toMatchObject({ status: 'dead' });
    expect(await app.inbox.find(next)).toMatchObject({ status: 'sent' });
    expect(await app.inbox.deliveryPause()).toBeUndefined();
  });
});

describe('TLS and login', () => {
  test('over STARTTLS with a login, with a certificate trusted through SMTP_TLS_CA_FILE', async () => {
    const folder = tempDir('smtp-tls-');
    try {
      const certificate = makeTestCertificate(folder.dir);
      sink = await SmtpSink.start(0, {
        tls: certificate,
        auth: { user: 'site', pass: 's3cret:/pw' },
      });
      const { app } = await mailingServer(
        `smtp://site:${encodeURIComponent('s3cret:/pw')}@127.0.0.1:${sink.port}`,
        { SMTP_TLS_CA_FILE: certificate.certFile },
      );
      await send(app);
      await sink.waitFor((s) => s.received.length === 1);
      expect(sink.logins).toBe(1);
      expect(sink.secureMails).toBe(1);
    } finally {
      folder.remove();
    }
  });

  test('a refused login pauses the outbox; the message waits', async () => {
    const folder = tempDir('smtp-tls-');
    try {
      const certificate = makeTestCertificate(folder.dir);
      sink = await SmtpSink.start(0, { tls: certificate, auth: { user: 'site', pass: 'right' } });
      const { app, log } = await mailingServer(`smtp://site:wrong@127.0.0.1:${sink.port}`, {
        SMTP_TLS_CA_FILE: certificate.certFile,
      });
      const id = await send(app);
      const paused = await eventually(async () => await app.inbox.deliveryPause());
      expect(paused.reason).toMatch(/^AUTH PLAIN: 535 /);
      expect(await app.inbox.find(id)).toMatchObject({ status: 'pending' });
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect(pauses(log)).toBe(1);
    } finally {
      folder.remove();
    }
  });

  test('a STARTTLS certificate that has expired pauses delivery, named; the message waits and /readyz says why', async () => {
    const folder = tempDir('smtp-tls-');
    try {
      const certificate = makeTestCertificate(folder.dir, { expired: true });
      sink = await SmtpSink.start(0, { tls: certificate });
      const clock = new TestClock();
      const { app, log } = await mailingServer(
        `smtp://127.0.0.1:${sink.port}`,
        { SMTP_TLS_CA_FILE: certificate.certFile },
        clock,
      );
      const ids = [await send(app, 'One'), await send(app, 'Two')];
      const paused = await eventually(async () => await app.inbox.deliveryPause());
      expect(paused.reason).toBe(
        "TLS: the mail server's certificate is refused: certificate has expired (CERT_HAS_EXPIRED)",
      );
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        delivery: 'paused',
        pauseReason: paused.reason,
      });
      // Past the pause's next try (MAIL_PAUSE_RETRY_MS, 1 s): still refused, nothing given up.
      await clock.pass(1500);
      for (const id of ids) {
        expect(await app.inbox.find(id)).toMatchObject({ status: 'pending' });
      }
      expect(await app.inbox.attemptsOf(ids[0] ?? '')).toContainEqual(
        expect.objectContaining({
          outcome: 'retry',
          detail: `delivery paused: ${paused.reason}`,
        }),
      );
      expect((await app.inbox.counts()).dead).toBe(0);
      expect(sink.received).toHaveLength(0);
      expect(sink.dataCommands).toBe(0);
      expect(pauses(log)).toBe(1);
    } finally {
      folder.remove();
    }
  });

  test('smtp:// to a host other than loopback needs STARTTLS: never a clear-text session', async () => {
    // 0.0.0.0 reaches this host without being a loopback name, so STARTTLS is required.
    sink = await SmtpSink.start(0, { host: '0.0.0.0' });
    const { app } = await mailingServer(`smtp://0.0.0.0:${sink.port}`);
    const id = await send(app);
    const paused = await eventually(async () => await app.inbox.deliveryPause());
    // The sink does not offer STARTTLS: nodemailer stops before sending anything.
    expect(paused.reason).toMatch(/^STARTTLS: /);
    expect(sink.dataCommands).toBe(0);
    expect(await app.inbox.find(id)).toMatchObject({ status: 'pending' });
  });
});

/** A server that accepts connections and then says nothing, or one byte at a time. */
async function unresponsiveServer(port: number, behaviour: 'silent' | 'trickle') {
  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour === 'trickle') {
      const greeting = '220 slow.example ESMTP a very slow greeting indeed\r\n';
      let index = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || index >= greeting.length) {
          clearInterval(timer);
          return;
        }
        socket.write(greeting[index] ?? '');
        index += 1;
      }, 100);
      socket.on('close', () => clearInterval(timer));
    }
  });
  await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', resolve));
  silent = { server: tcp, sockets };
  return { connections: () => sockets.size };
}

describe('a mail server that hangs cannot hold the outbox', () => {
  test.for(['silent', 'trickle'] as const)(
    'a %s server: the send deadline fires, the message is retried, and sent once a server answers',
    async (behaviour, { annotate }) => {
      const port = await freePort();
      await unresponsiveServer(port, behaviour);
      const { app, log } = await mailingServer(`smtp://127.0.0.1:${port}`, {
        MAIL_SEND_TIMEOUT_MS: '1000',
      });
      const started = Date.now();
      const id = await send(app);
      const retried = await eventually(
        async () => {
          const message = await app.inbox.find(id);
          return message && !('ambiguous' in message) && message.lastError ? message : undefined;
        },
        { what: 'the deadline to fire' },
      );
      const deadlineMs = Date.now() - started;
      expect(deadlineMs).toBeLessThan(5000);
      expect(retried).toMatchObject({ status: expect.stringMatching(/pending|sending/) as string });
      expect(retried.lastError).toMatch(/did not finish within 1000 ms/);
      expect(log.some((line) => line.includes('feedback mail failed; will retry'))).toBe(true);

      // The hung server goes; a working one takes its place on the same port.
      for (const socket of silent?.sockets ?? []) socket.destroy();
      await new Promise((resolve) => silent?.server.close(resolve));
      silent = undefined;
      sink = await SmtpSink.start(port);
      await sink.waitFor((s) => s.received.length === 1, { timeoutMs: 10_000 });
      await eventually(async () =>
        (await app.inbox.find(id)) && (await app.inbox.counts()).sent === 1 ? true : undefined,
      );
      expect(await app.inbox.counts()).toMatchObject({
        sent: 1,
        dead: 0,
        pending: 0,
      });
      const attempts = await app.inbox.attemptsOf(id);
      await annotate(
        `${behaviour} server: POST → 202; first attempt cut off after ${deadlineMs} ms (${retried.lastError ?? ''}); attempts: ${attempts.map((attempt) => attempt.outcome).join(', ')}; the sink received ${sink.received.length} mail`,
      );
    },
  );
});

test('stopping while a mail hangs gives the message back at once, not after its lease', async () => {
  const port = await freePort();
  await unresponsiveServer(port, 'silent');
  const { app, log } = await mailingServer(`smtp://127.0.0.1:${port}`, {
    MAIL_SEND_TIMEOUT_MS: '60000',
    MAIL_LEASE_MS: '120000',
  });
  const id = await send(app);
  await eventually(
    async () =>
      ((await app.inbox.find(id)) as { status?: string } | undefined)?.status === 'sending' ||
      undefined,
    { what: 'the message to be claimed' },
  );
  await app.feedbackOutbox.stop();
  const stoppedAt = Date.now();
  expect(await app.inbox.find(id)).toMatchObject({
    status: 'pending',
    leaseUntil: null,
  });
  const message = await app.inbox.find(id);
  expect(
    message && 'nextAttemptAt' in message ? message.nextAttemptAt : Infinity,
  ).toBeLessThanOrEqual(stoppedAt);
  expect(log.some((line) => line.includes('feedback outbox gave back its claims'))).toBe(true);
});
