import { describe, expect, test } from 'vitest';
import {
  createFeedbackSchema,
  emailProblem,
  FEEDBACK_LIMITS,
  idempotencyKeyProblem,
  messageProblem,
  nameProblem,
} from './feedback.ts';

describe('the rules', () => {
  test('names: 1 to 100 characters of any script, no line breaks, controls or invisible formatting', () => {
    for (const name of ['Ada', 'José', '山田', 'Zoë-Anne O’Neil', '👩 Dev', 'N'.repeat(100)]) {
      expect(nameProblem(name)).toBeUndefined();
    }
    expect(nameProblem('')).toBe('is required');
    expect(nameProblem('N'.repeat(101))).toBe('must be at most 100 characters');
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0000',
      'a\u0085',
      'a\u2028b',
      '\u202Eevil',
      'a\uD800',
      // Bidirectional embeddings, overrides and isolates; zero-width and direction marks.
      ...[0x202a, 0x202e, 0x2066, 0x2069, 0x200b, 0x200d, 0x200f, 0xfeff].map(
        (code) => `moc.elpmaxe${String.fromCodePoint(code)}Ada`,
      ),
    ]) {
      expect(nameProblem(bad)).toMatch(/control characters/);
    }
  });

  test('names: no mail encoded words (=?…?=), which a mail client would decode', () => {
    for (const bad of [
      // A line break and a header, a right-to-left override, a word inside a name.
      '=?utf-8?q?=0D=0ABcc:_x@evil.test?=',
      '=?UTF-8?B?4oCuZXZpbA==?=',
      'Ada =?iso-8859-1?q?Lov=E9lace?= Byron',
      '=?utf-8*en?Q?x?=',
    ]) {
      expect(nameProblem(bad)).toBe('must not contain mail encoded words (=?…?=)');
    }
    // "=" and "?" alone, or in no encoded word's shape, are text.
    for (const name of ['Ada = Lovelace?', 'Who? =Ada=', 'A=B ?= C', '=?', '?=', '=?Ada?=']) {
      expect(nameProblem(name)).toBeUndefined();
    }
  });

  test('names: at least one visible character, not only blanks, fillers or format characters', () => {
    const invisible = [
      '\u3164', // Hangul filler
      '\u115F\u1160', // Hangul choseong and jungseong fillers
      '\uFFA0', // halfwidth Hangul filler
      '\u2060', // word joiner
      '\u00AD', // soft hyphen
      '\u180E', // Mongolian vowel separator
      '\u2800', // braille blank
      '\u061C', // Arabic letter mark
      '\u034F', // combining grapheme joiner
      '\u2061\u2062\u2063\u2064', // invisible mathematical operators
      '\uFE0F', // a variation selector
      '\u{E0041}\u{E0064}\u{E0061}', // tag characters
      '\u{1D159}', // musical null notehead
      '\u{1D173}', // musical begin beam
      '\u0301', // a combining mark with nothing to combine with
      '\u3164 \u2800 \u3164', // mixed with a space
      '\u00A0\u3164\u3000', // mixed with spaces JavaScript does not trim away first
    ];
    for (const bad of invisible) {
      expect(nameProblem(bad), JSON.stringify(bad)).toBe(
        'must contain a visible letter or character',
      );
    }
    for (const name of ['Ada\u00AD', '\u3164Ada', 'Zoë', '👩', '李', 'O’Neil', '-', '\u2800x']) {
      expect(nameProblem(name), JSON.stringify(name)).toBeUndefined();
    }
  });

  test('email: the HTML address rule, a dotted domain, RFC 5321 lengths', () => {
    for (const email of ['ada@example.com', 'a.b+c@mail.example.co.uk', "o'neil@x.io"]) {
      expect(emailProblem(email)).toBeUndefined();
    }
    for (const bad of [
      'ada',
      'ada@',
      '@example.com',
      'ada@localhost',
      'a b@x.io',
      'ada@-x.io',
      'a@b@c.io',
    ]) {
      expect(emailProblem(bad)).toBeDefined();
    }
    expect(emailProblem(`${'l'.repeat(65)}@x.io`)).toMatch(/before the @/);
    expect(emailProblem(`${'l'.repeat(64)}@x.io`)).toBeUndefined();
    expect(emailProblem(`a@${'d'.repeat(250)}.io`)).toMatch(/at most 254/);
  });

  test('message: 1 to 5000 characters; line breaks and tabs allowed, other controls not', () => {
    expect(messageProblem('Line one\r\nLine\ttwo\n')).toBeUndefined();
    expect(messageProblem('m'.repeat(5000))).toBeUndefined();
    expect(messageProblem('m'.repeat(5001))).toMatch(/at most 5000/);
    expect(messageProblem('')).toBe('is required');
    for (const bad of ['\u0000', 'x\u001b[2J', '\u007f', '\u009b', '\uDC00']) {
      expect(messageProblem(bad)).toMatch(/control characters/);
    }
  });

  test('Idempotency-Key: 1 to 200 visible ASCII characters', () => {
    expect(idempotencyKeyProblem('4a6f1f0e-3c1b-4f0a-9e51-0c6ad2d1f8a2')).toBeUndefined();
    expect(idempotencyKeyProblem('')).toBeDefined();
    expect(idempotencyKeyProblem('k'.repeat(201))).toBeDefined();
    expect(idempotencyKeyProblem('has space')).toBeDefined();
    expect(idempotencyKeyProblem('clé')).toBeDefined();
  });
});

describe('the schema', () => {
  const schema = createFeedbackSchema(['EchoExpense']);
  const valid = {
    appName: 'EchoExpense',
    firstName: ' Ada ',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: ' Hi ',
  };

  test('trims and accepts a valid payload, with or without the honeypot', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, firstName: 'Ada', message: 'Hi' });
    expect(schema.parse({ ...valid, website: '' })).toMatchObject({ website: '' });
  });

  test('rejects unknown fields and wrong types instead of dropping or coercing them', () => {
    expect(schema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ ...valid, firstName: 42 }).success).toBe(false);
    expect(schema.safeParse({ ...valid, message: ['Hi'] }).success).toBe(false);
    expect(schema.safeParse({ ...valid, appName: 'Unknown' }).success).toBe(false);
  });

  test('the largest valid payload fits the body limit', () => {
    const payload = {
      appName: 'EchoExpense',
      firstName: '語'.repeat(FEEDBACK_LIMITS.nameMaxLength),
      lastName: '語'.repeat(FEEDBACK_LIMITS.nameMaxLength),
      email: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`,
      message: '語'.repeat(FEEDBACK_LIMITS.messageMaxLength),
    };
    expect(schema.safeParse(payload).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThanOrEqual(
      FEEDBACK_LIMITS.bodyMaxBytes,
    );
  });
});
