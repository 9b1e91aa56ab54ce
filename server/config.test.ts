import path from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

test('feedback settings have their defaults', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    DATA_DIR: path.resolve('data'),
    FEEDBACK_RATE_LIMIT_PER_MINUTE: 5,
    MAIL_RETRY_BASE_MS: 30_000,
    MAIL_MAX_PER_HOUR: 100,
    MAIL_GIVE_UP_AFTER_HOURS: 120,
    MAIL_LEASE_MS: 120_000,
  });
  expect(config.SMTP_URL).toBeUndefined();
});

test('mail settings are read', () => {
  const config = loadConfig({
    SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
    MAIL_TO: 'owner@example.com',
    MAIL_FROM: 'Portfolio <feedback@example.com>',
    FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
  });
  expect(config).toMatchObject({
    SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
    MAIL_FROM: 'Portfolio <feedback@example.com>',
    FEEDBACK_RATE_LIMIT_PER_MINUTE: 0,
  });
});

test('every wrong value is named at once, and a password is never repeated', () => {
  let error: unknown;
  try {
    loadConfig({
      SMTP_URL: 'http://user:hunter2@mail.example.com',
      MAIL_FROM: 'not an address',
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '-1',
      MAIL_RETRY_BASE_MS: 'soon',
      MAIL_MAX_PER_HOUR: '2.5',
      MAIL_GIVE_UP_AFTER_HOURS: '0',
      MAIL_LEASE_MS: '10',
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const { problems, message } = error as ConfigError;
  const named = problems.map((problem) => problem.split(':')[0]);
  expect(named.sort()).toEqual(
    [
      'FEEDBACK_RATE_LIMIT_PER_MINUTE',
      'MAIL_FROM',
      'MAIL_GIVE_UP_AFTER_HOURS',
      'MAIL_LEASE_MS',
      'MAIL_MAX_PER_HOUR',
      'MAIL_RETRY_BASE_MS',
      'MAIL_TO',
      'SMTP_URL',
    ].sort(),
  );
  expect(message).toContain('MAIL_TO: must be set when SMTP_URL is set');
  expect(message).not.toContain('hunter2');
});
