/**
 * Property-based tests of POST /api/sendMail with generated bodies: whatever arrives, the
 * server never answers 5xx, stores exactly the bodies the rules allow, and nothing else.
 *
 * The expected outcome comes from `allowedByRules`, written from the rules' text and not
 * from common/feedback.ts, so a mistake in the shared schema shows up here.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TEST_APP_NAMES,
  type TestServer,
} from '../../tests/server/helpers.ts';

const BODY_LIMIT = 16 * 1024;
const FIELDS = ['appName', 'firstName', 'lastName', 'email', 'message'] as const;

/** Code units the rules refuse in names: controls, line/paragraph separators, bidi controls, lone surrogates. */
function nameCharRefused(code: number, next: number, previous: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  if (code === 0x2028 || code === 0x2029) return true;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  return loneSurrogate(code, next, previous);
}

function loneSurrogate(code: number, next: number, previous: number): boolean {
  const high = code >= 0xd800 && code <= 0xdbff;
  const low = code >= 0xdc00 && code <= 0xdfff;
  if (high) return !(next >= 0xdc00 && next <= 0xdfff);
  if (low) return !(previous >= 0xd800 && previous <= 0xdbff);
  return false;
}

function someCode(
  text: string,
  refused: (code: number, next: number, previous: number) => boolean,
) {
  for (let index = 0; index < text.length; index++) {
    if (refused(text.charCodeAt(index), text.charCodeAt(index + 1), text.charCodeAt(index - 1))) {
      return true;
    }
  }
  return false;
}

/**
 * A name needs a character that shows: not a space or separator, a control, format,
 * private-use or unassigned code point, a combining mark, a default-ignorable code point
 * (Hangul fillers among them), the braille blank or the musical null notehead.
 */
const SHOWN = /[^\s\p{Z}\p{C}\p{M}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;
/** A mail encoded word, "=?charset?B?…?=" or "?Q?", which a name must not hold. */
const ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?]*\?=/i;

const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The rules of the feedback payload, as the task states them. */
function allowedByRules(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.some((key) => !(FIELDS as readonly string[]).includes(key) && key !== 'website')) {
    return false;
  }
  if ('website' in record && (typeof record.website !== 'string' || record.website.length > 5000)) {
    return false;
  }
  const values: string[] = [];
  for (const field of FIELDS) {
    const value = record[field];
    if (typeof value !== 'string') return false;
    values.push(value.trim());
  }
  const [appName = '', firstName = '', lastName = '', email = '', message = ''] = values;
  if (!(TEST_APP_NAMES as readonly string[]).includes(appName)) return false;
  for (const name of [firstName, lastName]) {
    if (name.length < 1 || name.length > 100 || someCode(name, nameCharRefused)) return false;
    if (!SHOWN.test(name) || ENCODED_WORD.test(name)) return false;
  }
  if (email.length > 254 || email.indexOf('@') > 64 || !HTML_EMAIL.test(email)) return false;
  if (!email.slice(email.indexOf('@')).includes('.')) return false;
  if (message.length < 1 || message.length > 5000) return false;
  const messageRefused = (code: number, next: number, previous: number) =>
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    (code >= 0x7f && code <= 0x9f) ||
    loneSurrogate(code, next, previous);
  return !someCode(message, messageRefused);
}

// Generators: mostly plausible payloads, then broken in every way a client could break them.
const padding = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \r\n ');
const oddChars = fc.constantFrom(
  'a',
  ' ',
  '\n',
  '\t',
  '\r',
  '\0',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\ud800',
  '\udc00',
  '😀',
  'é',
  '"',
  '\\',
  '<',
);
const name = fc
  .tuple(
    padding,
    fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
      { weight: 1, arbitrary: fc.string({ unit: oddChars, maxLength: 12 }) },
      {
        weight: 1,
        arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 95, maxLength: 105 }),
      },
    ),
    padding,
  )
  .map(([before, text, after]) => before + text + after);
const localPart = fc.stringMatching(/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,70}$/);
const label = fc.stringMatching(/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,20}[a-zA-Z0-9])?$/);
const email = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(localPart, fc.array(label, { minLength: 1, maxLength: 4 }), padding)
      .map(([local, labels, pad]) => `${pad}${local}@${labels.join('.')}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: oddChars, maxLength: 12 }).map((s) => `a${s}@b.co`) },
);
const message = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 0, maxLength: 200 }) },
  { weight: 2, arbitrary: fc.string({ unit: oddChars, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 4900, maxLength: 5100 }) },
);
const appName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TEST_APP_NAMES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...TEST_APP_NAMES).map((app) => ` ${app.toLowerCase()}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const plausible = fc.record({ appName, firstName: name, lastName: name, email, message });

type Mutation = (body: Record<string, unknown>) => unknown;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 10, arbitrary: fc.constant((body: Record<string, unknown>) => body) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...FIELDS)
      .map(
        (field) => (body: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(body).filter(([key]) => key !== field)),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS, 'website'), fc.jsonValue({ maxDepth: 2 }))
      .map(([field, value]) => (body: Record<string, unknown>) => ({ ...body, [field]: value })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]) => (body: Record<string, unknown>) => ({ ...body, [key]: value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 30 })
      .map((text) => (body: Record<string, unknown>) => ({ ...body, website: text })),
  },
);

interface Attempt {
  text: string;
  contentType: string;
}

const attempt: fc.Arbitrary<Attempt> = fc
  .tuple(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .tuple(plausible, mutation)
          .map(([body, mutate]) => JSON.stringify(mutate(body))),
      },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 16_000, maxLength: 17_000 }) },
    ),
    fc.oneof(
      { weight: 20, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'Application/JSON; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json-seq',
          'text/json',
        ),
      },
    ),
  )
  .map(([text, contentType]) => ({ text, contentType }));

/** What the server must answer, worked out from the rules alone. */
function expectedStatus({ text, contentType }: Attempt): number {
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') return 415;
  if (Buffer.byteLength(text) > BODY_LIMIT) return 413;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 400;
  }
  return allowedByRules(value) ? 202 : 400;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

test('10,000 generated bodies: never a 5xx, a stored row exactly for each body the rules allow', async () => {
  const seen = { 202: 0, 400: 0, 413: 0, 415: 0 } as Record<number, number>;
  await fc.assert(
    fc.asyncProperty(attempt, async (generated) => {
      const before = await storedCount(server.app);
      const response = await postFeedback(server.app, generated.text, {
        raw: true,
        headers: { 'content-type': generated.contentType },
      });
      const expected = expectedStatus(generated);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.statusCode).toBe(expected);
      expect(await storedCount(server.app)).toBe(before + (expected === 202 ? 1 : 0));
      seen[response.statusCode] = (seen[response.statusCode] ?? 0) + 1;
    }),
    { numRuns: 10_000 },
  );
  // The generators reach every outcome, in useful numbers.
  expect(seen[202]).toBeGreaterThan(500);
  expect(seen[400]).toBeGreaterThan(1000);
  expect(seen[413]).toBeGreaterThan(50);
  expect(seen[415]).toBeGreaterThan(50);
}, 600_000);

test('an accepted body is stored exactly as sent, trimmed', async () => {
  await fc.assert(
    fc.asyncProperty(plausible.filter(allowedByRules), async (body) => {
      const response = await postFeedback(server.app, body);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect(await server.app.inbox.find(id)).toMatchObject({
        appName: body.appName.trim(),
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        email: body.email.trim(),
        message: body.message.trim(),
        spam: false,
        status: 'pending',
      });
    }),
    { numRuns: 500 },
  );
}, 300_000);
