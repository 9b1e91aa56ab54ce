import path from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError } from '../config.ts';
import { databaseArgument, deliveryIsOn, storeLocation } from './settings.ts';

const URL = 'postgres://feedback:secret@db.example.com:5432/feedback?sslmode=verify-full';

test('the store is DATABASE_URL’s database, else the SQLite file in DATA_DIR or ./data', () => {
  expect(storeLocation({ DATABASE_URL: URL, DATA_DIR: '/srv' })).toEqual({
    databaseUrl: URL,
    dataDir: '',
  });
  expect(storeLocation({ DATA_DIR: '/srv/feedback', DATABASE_URL: ' ' })).toEqual({
    dataDir: '/srv/feedback',
  });
  expect(storeLocation({})).toEqual({ dataDir: path.resolve('data') });
});

test('--data-dir chooses the SQLite file, whatever the environment says', () => {
  expect(storeLocation({ DATABASE_URL: 'not an address' }, 'copy')).toEqual({
    dataDir: path.resolve('copy'),
  });
});

test('a wrong DATABASE_URL is named, never repeated', () => {
  expect(() => storeLocation({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(ConfigError);
  expect(() => storeLocation({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
    /^Invalid settings:\n {2}- DATABASE_URL: must be an address like postgres:\/\/.*\(the value is not shown here\)$/,
  );
});

test('an address on the command line follows the same rule', () => {
  expect(databaseArgument(URL)).toBe(URL);
  expect(databaseArgument('postgresql://db/feedback')).toBe('postgresql://db/feedback');
  expect(databaseArgument('mysql://db/feedback')).toBeUndefined();
  expect(databaseArgument('postgres')).toBeUndefined();
  expect(databaseArgument('  ')).toBeUndefined();
  expect(databaseArgument(undefined)).toBeUndefined();
});

test('delivery is on with an SMTP_URL, and a wrong one is named', () => {
  expect(deliveryIsOn({})).toBe(false);
  expect(deliveryIsOn({ SMTP_URL: '' })).toBe(false);
  expect(deliveryIsOn({ SMTP_URL: 'smtps://user:pw@mail.example.com' })).toBe(true);
  expect(() => deliveryIsOn({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be/);
});
