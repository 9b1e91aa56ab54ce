/**
 * Delivery through a mail server with a spam or virus filter that judges each message's
 * content once it has been sent (after DATA), as rspamd, SpamAssassin or Gmail do: a refused
 * message is dead with the reason, alone, while the others go out and the site stays ready.
 * A policy refusal of the site itself (its login, the owner's address) still pauses delivery,
 * and a pause does not keep a message beyond MAIL_GIVE_UP_AFTER_HOURS.
 */
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
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
import { parseMail, type ReceivedMail, type SinkReply } from '../../tests/server/smtp-sink.ts';

/** The GTUBE test string: every SpamAssassin or rspamd filter takes a body holding it for spam. */
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

type Stage = 'auth' | 'rcptTo' | 'content';

const refusal = (reply: SinkReply) =>
  Object.assign(new Error(reply.message), { responseCode: reply.code });

/**
 * A real SMTP server on loopback with a content filter: a body holding GTUBE gets the
 * `content` reply after DATA. It can also refuse the login or the recipient, and asks for a
 * login (over plain text, on loopback only) when `login` is set.
 */
class FilteringServer {
  readonly received: ReceivedMail[] = [];
  /** Bodies the filter refused. */
  refusedBodies = 0;
  readonly refusals = new Map<Stage, SinkReply>();
  readonly #server: SMTPServer;
  #port = 0;

  constructor(readonly login?: { user: string; pass: string }) {
    this.#server = new SMTPServer({
      authOptional: login === undefined,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS', ...(login ? [] : ['AUTH' as const])],
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (credentials, _session, callback) => {
        const refused = this.refusals.get('auth');
        if (refused) callback(refusal(refused));
        else callback(null, { user: credentials.username });
      },
      onRcptTo: (_address, _session, callback) => {
        const refused = this.refusals.get('rcptTo');
        callback(refused ? refusal(refused) : undefined);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (data: Buffer) => chunks.push(data));
        stream.on('end', () => {
          const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          const refused = this.refusals.get('content');
          if (refused && mail.text.includes(GTUBE)) {
            this.refusedBodies += 1;
            callback(refusal(refused));
            return;
          }
          this.received.push(mail);
          callback(null);
        });
      },
    });
  }

  async start(): Promise<this> {
    this.#port = await new Promise<number>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => {
        const address = this.#server.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    return this;
  }

  get url(): string {
    const login = this.login ? `${this.login.user}:${this.login.pass}@` : '';
    return `smtp://${login}127.0.0.1:${this.#port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

let server: TestServer | undefined;
let smtp: FilteringServer | undefined;

afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = undefined;
  smtp = undefined;
});

/** A server that mails through `smtpUrl`, its outbox started; on the system's clock, or `clock`. */
async function mailingServer(smtpUrl: string, env: Record<string, string> = {}, clock?: TestClock) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({
    env: mailEnv(smtpUrl, { MAIL_PAUSE_RETRY_MS: '1000', ...env }),
    outboxIdleCheckMs: 25,
    logger: { level: 'debug', stream },
    ...(clock ? { clock } : {}),
  });
  server.app.feedbackOutbox.start();
  return { app: server.app, log: lines };
}

async function send(app: TestServer['app'], message: string) {
  const response = await postFeedback(app, validPayload({ message }));
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

async function statusOf(app: TestServer['app'], id: string) {
  const found = await app.inbox.find(id);
  return found && 'status' in found ? found : undefined;
}

const spam = `Win a prize!\n${GTUBE}\n`;

describe("a filter that refuses one message's content (after DATA)", () => {
  test.each<[string, SinkReply]>([
    ['rspamd or SpamAssassin (550 5.7.1)', { code: 550, message: '5.7.1 Spam message rejected' }],
    [
      'Gmail (552 5.7.0)',
      { code: 552, message: '5.7.0 This message was blocked because its content presents a risk' },
    ],
  ])(
    '%s: that message is dead with the reason; the others are mailed; the site stays ready',
    async (_name, reply) => {
      smtp = await new FilteringServer().start();
      smtp.refusals.set('content', reply);
      const clock = new TestClock();
      const { app, log } = await mailingServer(smtp.url, {}, clock);
      const refused = await send(app, spam);
      const others = [await send(app, 'First real message'), await send(app, 'Second one')];

      const dead = await eventually(
        async () => {
          const found = await statusOf(app, refused);
          return found?.status === 'dead' ? found : undefined;
        },
        { timeoutMs: 4000, what: 'the refused message to be dead' },
      );
      expect(dead.lastError).toBe(`refused for its content: ${reply.code} ${reply.message}`);
      for (const id of others) {
        await eventually(
          async () => ((await statusOf(app, id))?.status === 'sent' ? true : undefined),
          { timeoutMs: 4000, what: 'the other messages to be sent' },
        );
      }
      expect(smtp.received.map((mail) => mail.text.includes(GTUBE))).toEqual([false, false]);
      expect(await app.inbox.deliveryPause()).toBeUndefined();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ delivery: 'on', pending: 0, dead: 1 });

      // It is not tried again, and the log speaks of its content, not of the settings.
      await clock.pass(60 * 60_000);
      expect(smtp.refusedBodies).toBe(1);
      const logged = log.join('');
      expect(logged).toContain("the mail server refused this message's content");
      expect(logged).not.toContain('SMTP_URL');
      expect(logged).not.toContain(GTUBE);
    },
  );

  test('a refused content ends a pause: the site itself was accepted up to DATA', async () => {
    smtp = await new FilteringServer().start();
    smtp.refusals.set('rcptTo', { code: 554, message: '5.7.1 Relay access denied' });
    smtp.refusals.set('content', { code: 550, message: '5.7.1 Spam message rejected' });
    const { app } = await mailingServer(smtp.url);
    const refused = await send(app, spam);
    await eventually(async () => await app.inbox.deliveryPause(), {
      what: 'the pause',
    });

    // The relay is fixed; the only message waiting is the one the filter refuses.
    smtp.refusals.delete('rcptTo');
    await eventually(
      async () => ((await statusOf(app, refused))?.status === 'dead' ? true : undefined),
      { timeoutMs: 4000, what: 'the refused message to be dead' },
    );
    await eventually(async () => ((await app.inbox.deliveryPause()) ? undefined : true), {
      timeoutMs: 2000,
      what: 'the pause to end',
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('a policy refusal of the site itself still pauses delivery', () => {
  test.each<[string, Stage, SinkReply]>([
    ['the owner address refused (RCPT TO)', 'rcptTo', { code: 550, message: '5.7.1 Not allowed' }],
    ['the login refused (AUTH)', 'auth', { code: 535, message: '5.7.8 Bad credentials' }],
  ])(
    '%s: nothing is dead, /readyz is 503, the log points at the settings',
    async (_n, stage, reply) => {
      smtp = await new FilteringServer({ user: 'site', pass: 'secret' }).start();
      smtp.refusals.set(stage, reply);
      smtp.refusals.set('content', { code: 550, message: '5.7.1 Spam message rejected' });
      const { app, log } = await mailingServer(smtp.url);
      const id = await send(app, 'A real message');

      const paused = await eventually(async () => await app.inbox.deliveryPause(), {
        what: 'the pause',
      });
      expect(paused.reason).toContain(`${reply.code} ${reply.message}`);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect(await statusOf(app, id)).toMatchObject({ status: 'pending' });
      expect(log.join('')).toContain('check SMTP_URL, MAIL_FROM, MAIL_TO');

      smtp.refusals.delete(stage);
      await eventually(
        async () => ((await statusOf(app, id))?.status === 'sent' ? true : undefined),
        { timeoutMs: 4000, what: 'the message to be sent once fixed' },
      );
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    },
  );

  test('a pause does not keep a message beyond MAIL_GIVE_UP_AFTER_HOURS', async () => {
    smtp = await new FilteringServer().start();
    smtp.refusals.set('rcptTo', { code: 554, message: '5.7.1 Relay access denied' });
    // 0.0002 hours: 720 ms, less than the pause's 1000 ms between two tries.
    const { app } = await mailingServer(smtp.url, { MAIL_GIVE_UP_AFTER_HOURS: '0.0002' });
    const id = await send(app, 'A real message');

    const dead = await eventually(
      async () => {
        const found = await statusOf(app, id);
        return found?.status === 'dead' ? found : undefined;
      },
      { timeoutMs: 4000, what: 'the message to be given up' },
    );
    expect(dead.lastError).toMatch(
      /^gave up after \d+ attempts: delivery paused: RCPT TO: 554 5\.7\.1 Relay access denied/,
    );
    // The settings are still refused: delivery stays paused for the next message.
    expect(await app.inbox.deliveryPause()).toBeDefined();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
  });
});
