/**
 * POST /api/sendMail as a client sees it: each status with its reason, what the owner finds
 * in the store afterwards, and the limits with their Retry-After. Everything that reaches the
 * store runs on each engine; the store is read through its owner's queries only.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { FEEDBACK_LIMITS } from '../../common/feedback.ts';
import { IDEMPOTENCY_TTL_MS, QueueFullError } from './types.ts';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TEST_PUBLIC_URL,
  TestClock,
  validPayload,
  type TestServer,
  type TestServerOptions,
} from '../../tests/server/helpers.ts';
import { chunk, rawRequest } from '../../tests/server/raw-http.ts';
import { ENGINES, type TestEngine } from '../../tests/server/store-engines.ts';

let servers: TestServer[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers) await server.close();
  servers = [];
});

/** A server of its own for one test, closed after it. */
async function start(engine?: TestEngine, options: TestServerOptions = {}) {
  const server = await startTestServer({ ...(engine ? { engine } : {}), ...options });
  servers.push(server);
  return server.app;
}

type App = Awaited<ReturnType<typeof start>>;

/**
 * One server of `engine` for every test of a describe, on a clock the tests move: for tests
 * that leave nothing behind that another would notice (its limits are off, each test counts
 * what it adds and uses keys of its own).
 */
function sharedServer(engine: TestEngine): { app: () => App; clock: TestClock } {
  const clock = new TestClock();
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, languages: ['es'] });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    clock,
    app: () => {
      if (!server) throw new Error('The shared server did not start');
      return server.app;
    },
  };
}

async function expectStillAccepting(app: App) {
  const before = await storedCount(app);
  const response = await postFeedback(app, validPayload());
  expect(response.statusCode).toBe(202);
  expect(await storedCount(app)).toBe(before + 1);
}

interface BadCase {
  name: string;
  send: (app: App) => ReturnType<typeof postFeedback>;
  status: number;
  code: string;
  fields?: Record<string, string | RegExp>;
}

const longName = 'N'.repeat(FEEDBACK_LIMITS.nameMaxLength + 1);
const fieldCases: [string, Record<string, unknown>, Record<string, string | RegExp>][] = [
  ['no appName', { appName: undefined }, { appName: 'is required' }],
  ['an unknown app', { appName: 'Not An App' }, { appName: /one of the site's apps/ }],
  ['an app name in the wrong case', { appName: 'echoexpense' }, { appName: /one of/ }],
  ['an empty first name', { firstName: '' }, { firstName: 'is required' }],
  ['a first name of spaces', { firstName: '   \t ' }, { firstName: 'is required' }],
  ['a first name over 100 characters', { firstName: longName }, { firstName: /at most 100/ }],
  ['no last name', { lastName: undefined }, { lastName: 'is required' }],
  [
    'a line break in a name',
    { firstName: 'Ada\r\nBcc: x@example.com' },
    { firstName: /line breaks/ },
  ],
  ['a tab in a name', { lastName: 'Love\tlace' }, { lastName: /control/ }],
  ['a NUL in a name', { lastName: 'Love\0lace' }, { lastName: /control/ }],
  ['a C1 control in a name', { firstName: 'Ada\u0085' }, { firstName: /control/ }],
  ['a line separator in a name', { firstName: 'Ada\u2028X' }, { firstName: /line breaks/ }],
  ['a bidi override in a name', { firstName: '\u202Eada' }, { firstName: /control/ }],
  ['a lone surrogate in a name', { firstName: 'Ada\uD800' }, { firstName: /control/ }],
  ['an email without @', { email: 'ada.example.com' }, { email: /email address/ }],
  ['an email with two @', { email: 'ada@lovelace@example.com' }, { email: /email address/ }],
  ['an email with a space', { email: 'ada lovelace@example.com' }, { email: /email address/ }],
  ['an email without a dot in the domain', { email: 'ada@localhost' }, { email: /email address/ }],
  ['an email with a bad domain', { email: 'ada@-example.com' }, { email: /email address/ }],
  [
    'an email with a 65-character local part',
    { email: `${'a'.repeat(65)}@example.com` },
    { email: /before the @/ },
  ],
  [
    'an email over 254 characters',
    { email: `a@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(62)}.${'e'.repeat(62)}.com` },
    { email: /at most 254/ },
  ],
  ['an email with a line break', { email: 'ada@example.com\r\nBcc: x@y.z' }, { email: /email/ }],
  ['an empty message', { message: '' }, { message: 'is required' }],
  ['a message of blanks', { message: ' \n\t\r\n ' }, { message: 'is required' }],
  [
    'a message over 5000 characters',
    { message: 'm'.repeat(FEEDBACK_LIMITS.messageMaxLength + 1) },
    { message: /at most 5000/ },
  ],
  ['an escape character in the message', { message: 'hi \u001b[31m red' }, { message: /control/ }],
  ['a NUL in the message', { message: 'hi\0' }, { message: /control/ }],
  ['a number as a name', { firstName: 42 }, { firstName: 'must be text' }],
  ['true as an email', { email: true }, { email: 'must be text' }],
  ['null as a message', { message: null }, { message: 'must be text' }],
  ['an array as a name', { lastName: ['Love', 'lace'] }, { lastName: 'must be text' }],
  ['an object as the app', { appName: { name: 'EchoExpense' } }, { appName: 'must be text' }],
  ['a number as the honeypot', { website: 1 }, { website: 'must be text' }],
  ['an unknown field', { phone: '555' }, { phone: 'is not a known field' }],
  ['a prototype key', { constructor: 'x' }, { constructor: 'is not a known field' }],
];

const badCases: BadCase[] = [
  ...(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'TRACE'] as const).map((method): BadCase => ({
    name: `${method} instead of POST`,
    send: (app) =>
      app.inject({
        method,
        url: '/api/sendMail',
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { payload: JSON.stringify(validPayload()) }),
      }),
    status: 405,
    code: 'method_not_allowed',
  })),
  {
    name: 'Sec-Fetch-Site: cross-site without an Origin',
    send: (app) =>
      app.inject({
        method: 'POST',
        url: '/api/sendMail',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        payload: JSON.stringify(validPayload()),
      }),
    status: 403,
    code: 'cross_site',
  },
  {
    name: 'an Origin that is not the site',
    send: (app) =>
      postFeedback(app, validPayload(), { headers: { origin: 'https://attacker.example' } }),
    status: 403,
    code: 'cross_site',
  },
  {
    name: 'the site on another port as Origin',
    send: (app) =>
      postFeedback(app, validPayload(), { headers: { origin: `${TEST_PUBLIC_URL}:8080` } }),
    status: 403,
    code: 'cross_site',
  },
  {
    name: 'Origin: null',
    send: (app) => postFeedback(app, validPayload(), { headers: { origin: 'null' } }),
    status: 403,
    code: 'cross_site',
  },
  ...[
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json-patch+json',
    'application/jsonx',
    'text/json',
  ].map((type): BadCase => ({
    name: `Content-Type ${type}`,
    send: (app) => postFeedback(app, validPayload(), { headers: { 'content-type': type } }),
    status: 415,
    code: 'unsupported_media_type',
  })),
  {
    name: 'no Content-Type',
    send: (app) =>
      app.inject({
        method: 'POST',
        url: '/api/sendMail',
        payload: Buffer.from(JSON.stringify(validPayload())),
      }),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'a body over 16 KiB',
    send: (app) =>
      postFeedback(app, validPayload({ message: 'x'.repeat(FEEDBACK_LIMITS.bodyMaxBytes) })),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'malformed JSON',
    send: (app) => postFeedback(app, '{"appName": "EchoExpense",', { raw: true }),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'an empty body',
    send: (app) => postFeedback(app, '', { raw: true }),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'a __proto__ key',
    send: (app) =>
      postFeedback(
        app,
        `{"__proto__": {"admin": true}, ${JSON.stringify(validPayload()).slice(1)}`,
        {
          raw: true,
        },
      ),
    status: 400,
    code: 'invalid_json',
  },
  ...['null', '[]', '"hello"', '42', 'true'].map((json): BadCase => ({
    name: `the JSON ${json}`,
    send: (app) => postFeedback(app, json, { raw: true }),
    status: 400,
    code: 'invalid_body',
  })),
  ...fieldCases.map(([name, overrides, fields]): BadCase => ({
    name,
    send: (app) => postFeedback(app, validPayload(overrides)),
    status: 400,
    code: 'invalid_body',
    fields,
  })),
  {
    name: 'an Idempotency-Key of 201 characters',
    send: (app) =>
      postFeedback(app, validPayload(), { headers: { 'idempotency-key': 'k'.repeat(201) } }),
    status: 400,
    code: 'invalid_idempotency_key',
  },
  {
    name: 'an Idempotency-Key with spaces',
    send: (app) => postFeedback(app, validPayload(), { headers: { 'idempotency-key': 'a b' } }),
    status: 400,
    code: 'invalid_idempotency_key',
  },
];

describe.each(ENGINES)('on $name', (engine) => {
  const { app, clock } = sharedServer(engine);

  describe('every bad request gets its status, stores nothing, and the next valid one is accepted', () => {
    test.each(badCases)('$name → $status', async ({ send, status, code, fields }) => {
      const before = await storedCount(app());
      const response = await send(app());
      expect(response.statusCode).toBe(status);
      expect(await storedCount(app())).toBe(before);
      if (response.body !== '') {
        const body = response.json<{
          error: { code: string; message: string; fields?: object };
        }>();
        expect(body.error.code).toBe(code);
        expect(body.error.message).toEqual(expect.any(String));
        if (status === 400) expect(body.error.fields).toEqual(expect.any(Object));
        if (fields) {
          for (const [field, reason] of Object.entries(fields)) {
            expect(body.error.fields).toHaveProperty([field], expect.stringMatching(reason));
          }
        }
      }
      if (status === 405) expect(response.headers.allow).toBe('POST');
      expect(response.headers['cache-control']).toBe('no-store');
      await expectStillAccepting(app());
    });

    test('every refused field is named at once', async () => {
      const response = await postFeedback(app(), {
        appName: 'Nope',
        email: 'x',
        message: 42,
        extra: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(
        Object.keys(response.json<{ error: { fields: object } }>().error.fields).sort(),
      ).toEqual(['appName', 'email', 'extra', 'firstName', 'lastName', 'message']);
    });
  });

  describe('a valid message', () => {
    test("is stored with its page's language, which its Content-Language header says, outside the body", async () => {
      const post = (language: string) =>
        postFeedback(app(), validPayload(), { headers: { 'content-language': language } });
      const spanish = await post('es');
      expect(spanish.statusCode).toBe(202);
      const id = spanish.json<{ id: string }>().id;
      expect(await app().inbox.find(id)).toMatchObject({ language: 'es' });
      // A language the site does not have is not stored: the site built no such page.
      const unknown = await post('fr');
      expect(unknown.statusCode).toBe(202);
      expect(await app().inbox.find(unknown.json<{ id: string }>().id)).toMatchObject({
        language: null,
      });
    });

    test('is answered 202 with its id once it is stored with its outbox entry, values trimmed', async () => {
      const response = await postFeedback(
        app(),
        validPayload({
          firstName: '  Ada ',
          email: ' ada@example.com\n',
          message: '\n Hi there \n',
        }),
      );
      expect(response.statusCode).toBe(202);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ ok: boolean; id: string }>();
      expect(Object.keys(body).sort()).toEqual(['id', 'ok']);
      expect(body.ok).toBe(true);
      expect(body.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const stored = await app().inbox.find(body.id);
      expect(stored).toMatchObject({
        appName: 'EchoExpense',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        message: 'Hi there',
        status: 'pending',
        spam: false,
      });
    });

    test.each([
      ['APPLICATION/JSON'],
      ['application/json; charset=UTF-8'],
      ['Application/Json;charset=utf-8'],
    ])('with Content-Type %s is accepted', async (type) => {
      const response = await postFeedback(app(), validPayload(), {
        headers: { 'content-type': type },
      });
      expect(response.statusCode).toBe(202);
    });

    test('without Origin (not from a browser) or from the same origin is accepted', async () => {
      const bare = await app().inject({
        method: 'POST',
        url: '/api/sendMail',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(validPayload()),
      });
      expect(bare.statusCode).toBe(202);
      const sameOrigin = await postFeedback(app(), validPayload(), {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.statusCode).toBe(202);
    });

    test('at every limit at once (names, email, a message with line breaks and tabs) is accepted as sent', async () => {
      const local = 'l'.repeat(FEEDBACK_LIMITS.emailLocalMaxLength);
      const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`;
      const email = `${local}@${domain}`;
      expect(email).toHaveLength(FEEDBACK_LIMITS.emailMaxLength);
      const line = 'Line\twith a tab\r\n';
      const max = FEEDBACK_LIMITS.messageMaxLength;
      const message = line.repeat(Math.floor(max / line.length)) + 'z'.repeat(max % line.length);
      expect(message).toHaveLength(FEEDBACK_LIMITS.messageMaxLength);
      const sent = { firstName: 'F'.repeat(100), lastName: 'L'.repeat(100), email, message };
      const response = await postFeedback(app(), validPayload(sent));
      expect(response.statusCode).toBe(202);
      const stored = await app().inbox.find(response.json<{ id: string }>().id);
      expect(stored).toMatchObject(sent);
    });

    test('of the largest size in bytes still fits the 16 KiB body limit', async () => {
      // Three UTF-8 bytes per character is the most a character of these lengths can take.
      const payload = validPayload({
        appName: 'Manzanos PopShop',
        firstName: '語'.repeat(100),
        lastName: '語'.repeat(100),
        email: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`,
        message: '語'.repeat(5000),
      });
      expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(
        FEEDBACK_LIMITS.bodyMaxBytes,
      );
      const response = await postFeedback(app(), payload);
      expect(response.statusCode).toBe(202);
      const stored = await app().inbox.find(response.json<{ id: string }>().id);
      expect(stored).toMatchObject({ message: payload.message, firstName: payload.firstName });
    });
  });

  describe('Idempotency-Key', () => {
    const idOf = (response: Awaited<ReturnType<typeof postFeedback>>) =>
      response.json<{ id: string }>().id;

    test('the same key answers the same id and stores nothing new', async () => {
      const before = await storedCount(app());
      const headers = { 'idempotency-key': '4a6f1f0e-3c1b-4f0a-9e51-0c6ad2d1f8a2' };
      const first = await postFeedback(app(), validPayload({ message: 'First words' }), {
        headers,
      });
      const again = await postFeedback(app(), validPayload({ message: 'First words' }), {
        headers,
      });
      const changed = await postFeedback(app(), validPayload({ message: 'Other words' }), {
        headers,
      });
      expect([first.statusCode, again.statusCode, changed.statusCode]).toEqual([202, 202, 202]);
      expect(again.json()).toEqual(first.json());
      expect(changed.json()).toEqual(first.json());
      expect(await storedCount(app())).toBe(before + 1);
      expect(await app().inbox.find(idOf(first))).toMatchObject({
        message: 'First words',
      });
    });

    test('requests racing with the same key store one message', async () => {
      const before = await storedCount(app());
      const headers = { 'idempotency-key': 'race-key-1' };
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => postFeedback(app(), validPayload(), { headers })),
      );
      expect(responses.every((response) => response.statusCode === 202)).toBe(true);
      expect(new Set(responses.map(idOf)).size).toBe(1);
      expect(await storedCount(app())).toBe(before + 1);
    });

    test('a key is remembered for 24 hours; after that it stores a new message, and answers with that one', async () => {
      const headers = { 'idempotency-key': 'old-key' };
      const send = async (message = 'The first time') => {
        const response = await postFeedback(app(), validPayload({ message }), { headers });
        expect(response.statusCode).toBe(202);
        return idOf(response);
      };
      const before = await storedCount(app());
      const first = await send();
      clock.advance(IDEMPOTENCY_TTL_MS - 1000);
      expect(await send()).toBe(first);
      clock.advance(1001);
      const later = await send('A day later');
      expect(later).not.toBe(first);
      expect(await send()).toBe(later);
      expect(await storedCount(app())).toBe(before + 2);
      expect(await app().inbox.find(later)).toMatchObject({
        message: 'A day later',
      });
    });

    test('different keys store different messages', async () => {
      const before = await storedCount(app());
      const a = await postFeedback(app(), validPayload(), { headers: { 'idempotency-key': 'a' } });
      const b = await postFeedback(app(), validPayload(), { headers: { 'idempotency-key': 'b' } });
      expect(idOf(a)).not.toBe(idOf(b));
      expect(await storedCount(app())).toBe(before + 2);
    });
  });

  describe('abuse limits', () => {
    test('after 5 accepted messages a minute a client gets 429 with Retry-After, and is let in again when it runs out', async () => {
      const clock = new TestClock();
      const app = await start(engine, { env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '5' }, clock });
      const remoteAddress = '203.0.113.7';
      for (let index = 0; index < 5; index++) {
        const response = await postFeedback(app, validPayload(), { remoteAddress });
        expect(response.statusCode).toBe(202);
      }
      clock.advance(20_000);
      const refused = await postFeedback(app, validPayload(), { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBe('40');
      expect(await storedCount(app)).toBe(5);

      const other = await postFeedback(app, validPayload(), { remoteAddress: '198.51.100.1' });
      expect(other.statusCode).toBe(202);

      clock.advance(39_000);
      const early = await postFeedback(app, validPayload(), { remoteAddress });
      expect(early.headers['retry-after']).toBe('1');
      clock.advance(1001);
      expect((await postFeedback(app, validPayload(), { remoteAddress })).statusCode).toBe(202);
    });

    test('refused requests do not count; a replayed key is answered even over the limit', async () => {
      const app = await start(engine, { env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '2' } });
      const remoteAddress = '203.0.113.8';
      for (let index = 0; index < 5; index++) {
        await postFeedback(app, validPayload({ email: 'bad' }), { remoteAddress });
      }
      const headers = { 'idempotency-key': 'replayed' };
      const first = await postFeedback(app, validPayload(), { remoteAddress, headers });
      await postFeedback(app, validPayload(), { remoteAddress });
      const replay = await postFeedback(app, validPayload(), { remoteAddress, headers });
      expect([first.statusCode, replay.statusCode]).toEqual([202, 202]);
      expect(replay.json()).toEqual(first.json());
      const over = await postFeedback(app, validPayload(), { remoteAddress });
      expect(over.statusCode).toBe(429);
    });

    test('a direct client cannot dodge the limit with a forged X-Forwarded-For', async () => {
      const app = await start(engine, { env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '2' } });
      const statuses = [];
      for (let index = 0; index < 4; index++) {
        const response = await postFeedback(app, validPayload(), {
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': `198.51.100.${index}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429, 429]);
    });

    test('behind a trusted proxy (TRUST_PROXY) each forwarded client has its own limit', async () => {
      const app = await start(engine, {
        env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '10.0.0.1' },
      });
      const viaProxy = (client: string) =>
        postFeedback(app, validPayload(), {
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await viaProxy('198.51.100.1')).statusCode).toBe(202);
      expect((await viaProxy('198.51.100.2')).statusCode).toBe(202);
      expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
      // The same header from an address that is not the proxy is not believed.
      const forged = await postFeedback(app, validPayload(), {
        remoteAddress: '203.0.113.10',
        headers: { 'x-forwarded-for': '198.51.100.3' },
      });
      expect(forged.statusCode).toBe(202);
      const forgedAgain = await postFeedback(app, validPayload(), {
        remoteAddress: '203.0.113.10',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(forgedAgain.statusCode).toBe(429);
    });

    test('FEEDBACK_RATE_LIMIT_PER_MINUTE=0 turns the limit off', async () => {
      // The shared server's settings turn every limit off.
      for (let index = 0; index < 12; index++) {
        expect(
          (await postFeedback(app(), validPayload(), { remoteAddress: '203.0.113.11' })).statusCode,
        ).toBe(202);
      }
    });

    test('a filled honeypot gets a normal 202, is stored as spam, and has no outbox entry', async () => {
      const owner = app().inbox;
      const before = await owner.counts();
      const response = await postFeedback(app(), validPayload({ website: 'https://spam.example' }));
      expect(response.statusCode).toBe(202);
      const body = response.json<{ ok: boolean; id: string }>();
      // Looks like any other acceptance.
      expect(Object.keys(body).sort()).toEqual(['id', 'ok']);
      expect(body.ok).toBe(true);
      expect(await owner.find(body.id)).toMatchObject({ spam: true, status: 'spam' });
      expect(await owner.counts()).toMatchObject({
        pending: before.pending,
        spam: before.spam + 1,
      });

      const empty = await postFeedback(app(), validPayload({ website: '' }));
      expect(await owner.find(empty.json<{ id: string }>().id)).toMatchObject({
        spam: false,
        status: 'pending',
      });
    });
  });

  describe('a store that cannot take the message', () => {
    test('one that cannot be written answers 503 with Retry-After; the try does not count against the sender, and the next is stored', async () => {
      const app = await start(engine, { env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '1' } });
      vi.spyOn(app.intake, 'accept').mockRejectedValueOnce(
        new Error('attempt to write a readonly database'),
      );
      const refused = await postFeedback(app, validPayload());
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('store_unavailable');
      expect(await storedCount(app)).toBe(0);
      await expectStillAccepting(app);
    });

    test('one with too many messages waiting for its disk answers 503 at once, with a short Retry-After', async () => {
      const before = await storedCount(app());
      vi.spyOn(app().intake, 'accept').mockRejectedValueOnce(new QueueFullError(4));
      const refused = await postFeedback(app(), validPayload());
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('store_busy');
      expect(await storedCount(app())).toBe(before);
      await expectStillAccepting(app());
    });
  });
});

// HTTP's own limits, before anything reaches the store: on the default engine only.
describe('over a real socket', () => {
  async function listening(options: TestServerOptions = {}) {
    const app = await start(undefined, options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port };
  }

  const head = (extra: string) =>
    `POST /api/sendMail HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}\r\n`;

  test('a chunked body over 16 KiB gets 413 and nothing is stored', async () => {
    const { app, port } = await listening();
    const piece = 'x'.repeat(4096);
    const result = await rawRequest(port, [
      head('Transfer-Encoding: chunked\r\n'),
      chunk(`{"appName":"EchoExpense","message":"${piece}`),
      chunk(piece),
      chunk(piece),
      chunk(piece),
      chunk(`${piece}"}`),
      '0\r\n\r\n',
    ]);
    expect(result.status).toBe(413);
    expect(await storedCount(app)).toBe(0);
    await expectStillAccepting(app);
  });

  test('a declared Content-Length over 16 KiB is refused before the body is sent', async () => {
    const { app, port } = await listening();
    const result = await rawRequest(port, [head('Content-Length: 1000000\r\n')]);
    expect(result.status).toBe(413);
    expect(await storedCount(app)).toBe(0);
  });

  test('a client that stalls mid-body is cut off by the request time-out', async () => {
    const { app, port } = await listening({ timeouts: { requestTimeout: 1500 } });
    const body = JSON.stringify(validPayload());
    const result = await rawRequest(
      port,
      [
        head(`Content-Length: ${Buffer.byteLength(body)}\r\n`),
        body.slice(0, 20),
        { waitMs: 10_000 },
      ],
      { timeoutMs: 8000 },
    );
    expect(result.closedByServer).toBe(true);
    expect(result.status).toBe(408);
    expect(await storedCount(app)).toBe(0);
  });
});
