import { describe, expect, test } from 'vitest';
import type { StoredMessage } from '../intake/types.ts';
import { age, describeMessage, oneLine, plural, table, when, wrap } from './output.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

test('times are UTC to the second, and none is a dash', () => {
  expect(when(NOW)).toBe('2025-06-01 12:00:00 UTC');
  expect(when(0)).toBe('1970-01-01 00:00:00 UTC');
  expect(when(null)).toBe('-');
});

test('ages round down to the unit a person would use', () => {
  expect(age(59_999)).toBe('under a minute');
  expect(age(-5000)).toBe('under a minute');
  expect(age(60_000)).toBe('1 min');
  expect(age(119 * 60_000)).toBe('119 min');
  expect(age(120 * 60_000)).toBe('2 h');
  expect(age(47 * 3_600_000 + 3_599_999)).toBe('47 h');
  expect(age(48 * 3_600_000)).toBe('2 days');
});

test('one line: whitespace folded, cut with an ellipsis, controls made visible', () => {
  expect(oneLine('  a\n\tb  c ', 10)).toBe('a b c');
  expect(oneLine('abcdef', 6)).toBe('abcdef');
  expect(oneLine('abcdefg', 6)).toBe('abcde…');
  expect(oneLine('O\u001b[31mNeil', 20)).toBe('O\uFFFD[31mNeil');
});

describe('table', () => {
  test('pads every column but the last, so no line ends in spaces', () => {
    expect(
      table([
        ['ID', 'STATUS', 'MESSAGE'],
        ['a1', 'pending', 'hi'],
        ['b', 'sent', ''],
      ]),
    ).toBe(['ID  STATUS   MESSAGE', 'a1  pending  hi', 'b   sent     '].join('\n'));
  });

  test('takes rows shorter than the first, and no rows at all', () => {
    expect(table([['#1', 'x', 'y'], ['#2']])).toBe('#1  x  y\n#2');
    expect(table([])).toBe('');
  });
});

test('plural', () => {
  expect(plural(1, 'message')).toBe('1 message');
  expect(plural(0, 'message')).toBe('0 messages');
  expect(plural(2, 'outbox entry', 'outbox entries')).toBe('2 outbox entries');
});

test('wrap keeps words whole, a long one on a line of its own', () => {
  expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  expect(wrap('a https://example.com/a/long/address b', 8)).toEqual([
    'a',
    'https://example.com/a/long/address',
    'b',
  ]);
  expect(wrap('', 10)).toEqual([]);
});

describe('a message in full', () => {
  const message: StoredMessage = {
    id: 'm1',
    receivedAt: NOW - 60_000,
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello\r\nthere\u202E',
    spam: false,
    spamReason: null,
    status: 'pending',
    attempts: 1,
    queuedAt: NOW - 60_000,
    nextAttemptAt: NOW + 5 * 60_000,
    lastAttemptAt: NOW - 30_000,
    lastError: '451 Busy',
    sentAt: null,
    leaseUntil: null,
    readAt: null,
    language: null,
  };

  test('says when a pending message is tried next, and its text safely', () => {
    const text = describeMessage(message, NOW, undefined);
    expect(text).toContain('Next try:  2025-06-01 12:05:00 UTC (in 5 min)');
    expect(text).toContain('Last error: 451 Busy');
    expect(text.endsWith('\n\nHello\nthere\uFFFD')).toBe(true);
  });

  test('says why delivery holds it instead, when it does', () => {
    const text = describeMessage(message, NOW, 'when delivery resumes (paused: 535 auth)');
    expect(text).toContain('Next try:  when delivery resumes (paused: 535 auth)');
  });

  test('spam shows why it was taken for spam and how to release it, and no attempts', () => {
    const text = describeMessage(
      { ...message, status: 'spam', spam: true, spamReason: 'too-fast', attempts: 0 },
      NOW,
      undefined,
    );
    expect(text).toContain(
      'Status:    spam (sent within two seconds of opening the form; `not-spam m1` releases it)',
    );
    expect(text).not.toContain('Attempts:');
    expect(text).not.toContain('Next try:');
  });
});
