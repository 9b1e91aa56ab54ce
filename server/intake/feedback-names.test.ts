/**
 * Names a mail client would show as something else are refused by both feedback routes, with
 * the reason beside the field: a mail encoded word (=?…?=), which a client decodes into a
 * line break, a header or a right-to-left override, and a name with nothing visible in it
 * (Hangul fillers, the braille blank, format characters). Nothing is stored.
 */
import { Window } from 'happy-dom';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TEST_PUBLIC_URL,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const window = new Window();
afterAll(() => window.happyDOM.close());

const ENCODED = 'must not contain mail encoded words (=?…?=)';
const INVISIBLE = 'must contain a visible letter or character';

const cases: [string, Record<string, string>, Record<string, string>][] = [
  [
    'a line break and a Bcc header, encoded',
    { lastName: '=?utf-8?q?=0D=0ABcc:_x@evil.test?=' },
    { lastName: ENCODED },
  ],
  [
    'a right-to-left override, encoded',
    { firstName: 'Ada =?UTF-8?B?4oCuZXZpbA==?=' },
    { firstName: ENCODED },
  ],
  ['a Hangul filler alone', { firstName: '\u3164' }, { firstName: INVISIBLE }],
  ['a word joiner alone', { lastName: '\u2060' }, { lastName: INVISIBLE }],
  ['a soft hyphen alone', { lastName: '\u00AD' }, { lastName: INVISIBLE }],
  ['a Mongolian vowel separator alone', { firstName: '\u180E' }, { firstName: INVISIBLE }],
  ['braille blanks', { firstName: '\u2800\u2800' }, { firstName: INVISIBLE }],
  ['an Arabic letter mark alone', { lastName: '\u061C' }, { lastName: INVISIBLE }],
  [
    'both names invisible',
    { firstName: '\u3164', lastName: '\u2800' },
    { firstName: INVISIBLE, lastName: INVISIBLE },
  ],
];

describe('POST /api/sendMail', () => {
  test.each(cases)('%s: 400 naming the field', async (_name, overrides, fields) => {
    server = await startTestServer();
    const response = await postFeedback(server.app, validPayload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_body', message: 'Some fields are missing or not valid.', fields },
    });
    expect(await storedCount(server.app)).toBe(0);
  });

  test('a name with "=" and "?" that is no encoded word, or a filler beside letters, is taken', async () => {
    server = await startTestServer();
    for (const overrides of [
      { firstName: 'Ada = Lovelace?' },
      { lastName: '=?Ada?=' },
      { lastName: 'Lovelace\u00AD' },
      { firstName: '\u3164Ada' },
    ]) {
      expect((await postFeedback(server.app, validPayload(overrides))).statusCode).toBe(202);
    }
  });
});

describe('POST /api/sendMail/form', () => {
  test('an encoded word or an invisible name is shown beside its field, in the form’s words', async () => {
    server = await startTestServer();
    const fields = validPayload({
      firstName: '\u3164',
      lastName: '=?utf-8?q?=0D=0ABcc:_x@evil.test?=',
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/sendMail/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
      payload: new URLSearchParams({
        ...(fields as Record<string, string>),
        website: '',
      }).toString(),
    });
    expect(response.statusCode).toBe(400);
    const page = new window.DOMParser().parseFromString(response.body, 'text/html');
    expect(page.querySelector('#firstName-error')?.textContent).toBe(`First Name ${INVISIBLE}.`);
    expect(page.querySelector('#lastName-error')?.textContent).toBe(`Last Name ${ENCODED}.`);
    expect(await storedCount(server.app)).toBe(0);
  });
});
