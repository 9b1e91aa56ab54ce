import path from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { ConfigError, loadConfig, readSettings } from './config.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('the owner’s pages and push notifications', () => {
  it('default to 30 idle minutes and 12 hours a session, and no notifications', () => {
    const config = loadConfig({});
    expect(config.OWNER_SESSION_IDLE_MINUTES).toBe(30);
    expect(config.OWNER_SESSION_MAX_HOURS).toBe(12);
    expect(config.NOTIFY_URL).toBeUndefined();
    expect(config.NOTIFY_FORMAT).toBe('json');
    expect(config.NOTIFY_DETAILS).toBe(false);
  });

  it('send notifications over https, or http on this machine alone, never naming the secret', () => {
    expect(
      loadConfig({ NOTIFY_URL: 'https://ntfy.sh/topic', NOTIFY_DETAILS: 'true' }),
    ).toMatchObject({
      NOTIFY_URL: 'https://ntfy.sh/topic',
      NOTIFY_DETAILS: true,
    });
    expect(loadConfig({ NOTIFY_URL: 'http://127.0.0.1:8080/hook' }).NOTIFY_URL).toBe(
      'http://127.0.0.1:8080/hook',
    );
    const problems = problemsOf({
      NOTIFY_URL: 'http://user:s3cret@hooks.example.com/x',
      NOTIFY_FORMAT: 'xml',
      NOTIFY_DETAILS: 'yes',
      OWNER_SESSION_IDLE_MINUTES: '0',
    });
    expect(problems).toEqual([
      'OWNER_SESSION_IDLE_MINUTES: must be a number of minutes above 0 (got "0")',
      'NOTIFY_URL: must be https:// (http:// only to this machine) (the value is not shown here)',
      'NOTIFY_FORMAT: must be ntfy or json (got "xml")',
      'NOTIFY_DETAILS: must be true or false (got "yes")',
    ]);
  });
});

describe('server settings', () => {
  it('default to port 3000 on 127.0.0.1 with a localhost public address', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('read the environment, treating empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '', PUBLIC_URL: 'https://example.com/' });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('https://example.com');
  });

  it('name every wrong variable at once, with the value it got', () => {
    const problems = problemsOf({ PORT: 'eighty', PUBLIC_URL: 'example.com', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('PORT: must be a whole number from 1 to 65535 (got "eighty")');
    expect(problems[1]).toMatch(/^PUBLIC_URL: must be an address like https:\/\/example\.com/);
    expect(problems[2]).toMatch(/^LOG_LEVEL: .*\(got "loud"\)$/);
  });

  it('accept trusted proxies as addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY: /);
    expect(loadConfig({ TRUST_PROXY: '::1, fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('name each trusted proxy that is not a real address or range', () => {
    const problems = problemsOf({ TRUST_PROXY: 'ff, 10.0.0.0/99, ::1/129, 300.1.1.1, 10.0.0.1' });
    expect(problems).toEqual([
      expect.stringMatching(/^TRUST_PROXY: "ff" is not an IP address or CIDR range/),
      expect.stringMatching(/^TRUST_PROXY: "10\.0\.0\.0\/99" has a prefix length outside 0–32/),
      expect.stringMatching(/^TRUST_PROXY: "::1\/129" has a prefix length outside 0–128/),
      expect.stringMatching(/^TRUST_PROXY: "300\.1\.1\.1" is not an IP address/),
    ]);
  });
});

test('visit settings have their defaults, and a wrong one is named', () => {
  expect(loadConfig({})).toMatchObject({
    VISITS_ENABLED: true,
    VISITS_RETENTION_DAYS: 400,
    VISITS_RATE_LIMIT_PER_MINUTE: 60,
    VISITS_MAX_PER_SECOND: 500,
    VISITS_FLUSH_MS: 10_000,
  });
  expect(loadConfig({ VISITS_ENABLED: 'false' }).VISITS_ENABLED).toBe(false);
  expect(
    problemsOf({
      VISITS_ENABLED: 'no',
      VISITS_RETENTION_DAYS: '0',
      VISITS_RATE_LIMIT_PER_MINUTE: '-1',
      VISITS_FLUSH_MS: '10',
    }),
  ).toEqual([
    'VISITS_ENABLED: must be true or false (got "no")',
    'VISITS_RETENTION_DAYS: must be a whole number of at least 1 (got "0")',
    'VISITS_RATE_LIMIT_PER_MINUTE: must be a whole number of at least 0 (got "-1")',
    'VISITS_FLUSH_MS: must be a whole number of at least 100 (got "10")',
  ]);
});

test('feedback settings have their defaults', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    DATA_DIR: path.resolve('data'),
    FEEDBACK_RATE_LIMIT_PER_MINUTE: 5,
    MAIL_RETRY_BASE_MS: 30_000,
    MAIL_MAX_PER_HOUR: 100,
    MAIL_GIVE_UP_AFTER_HOURS: 120,
    MAIL_LEASE_MS: 120_000,
    FEEDBACK_MAX_PER_HOUR: 200,
    FEEDBACK_RATE_LIMIT_PER_48: 20,
    FEEDBACK_RATE_LIMIT_PER_HOUR: 20,
    FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: 50,
    FEEDBACK_MAX_HELD_PER_HOUR: 1000,
    STORE_MIN_FREE_MB: 200,
    MAIL_SEND_TIMEOUT_MS: 120_000,
    MAIL_PAUSE_RETRY_MS: 600_000,
    SMTP_TLS_CA: undefined,
  });
  expect(config.SMTP_URL).toBeUndefined();
});

test('a sender’s hourly caps must be on and at most half the cap over all visitors', () => {
  expect(() =>
    loadConfig({ FEEDBACK_RATE_LIMIT_PER_HOUR: '300', FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0' }),
  ).toThrow(
    [
      'FEEDBACK_RATE_LIMIT_PER_HOUR: must be between 1 and 100, half of FEEDBACK_MAX_PER_HOUR (200), so that one sender cannot take every visitor’s hour (got 300)',
      'FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: must be between 1 and 100, half of FEEDBACK_MAX_PER_HOUR (200), so that one sender cannot take every visitor’s hour (got 0)',
    ].join('\n  - '),
  );
  // Without the overall cap, a sender's caps are the owner's choice.
  expect(
    loadConfig({ FEEDBACK_MAX_PER_HOUR: '0', FEEDBACK_RATE_LIMIT_PER_HOUR: '0' })
      .FEEDBACK_RATE_LIMIT_PER_HOUR,
  ).toBe(0);
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
      DATABASE_URL: 'mysql://feedback:s3cret-db@db.example.com/feedback',
      DATABASE_POOL_SIZE: '0',
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const { problems, message } = error as ConfigError;
  const named = problems.map((problem) => problem.split(':')[0]);
  expect(named.sort()).toEqual(
    [
      'DATABASE_POOL_SIZE',
      'DATABASE_URL',
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
  expect(message).toContain('DATABASE_URL: must be an address like postgres://');
  expect(message).not.toContain('s3cret-db');
});

test('a PostgreSQL address is taken as it is, TLS settings and all', () => {
  const url = 'postgres://feedback:pw@db.example.com:5432/feedback?sslmode=verify-full';
  const config = loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4' });
  expect(config.DATABASE_URL).toBe(url);
  expect(config.DATABASE_POOL_SIZE).toBe(4);
  expect(loadConfig({}).DATABASE_URL).toBeUndefined();
});

test('a certificate file that cannot be read is named', () => {
  expect(problemsOf({ SMTP_TLS_CA_FILE: '/nonexistent/ca.pem' })).toEqual([
    'SMTP_TLS_CA_FILE: must be a readable PEM file of certificates (got "/nonexistent/ca.pem")',
  ]);
});

describe('production settings', () => {
  it.each([
    [
      { HOST: '0.0.0.0' },
      /^PUBLIC_URL: must be set when HOST is "0\.0\.0\.0": set it to the address visitors open, e\.g\. PUBLIC_URL=https:\/\/example\.com/,
    ],
    [{ NODE_ENV: 'production' }, /^PUBLIC_URL: must be set when NODE_ENV is production/],
  ])('stop the server without PUBLIC_URL when %o', (env, message) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(message)]);
  });

  it('need no PUBLIC_URL on loopback, where every spelling of the address is allowed', () => {
    const config = loadConfig({ PORT: '4555' });
    expect(config.PUBLIC_URL).toBe('http://localhost:4555');
    expect(config.LOCAL_URL).toBe('http://127.0.0.1:4555');
    expect(config.FEEDBACK_ORIGINS).toEqual([
      'http://localhost:4555',
      'http://127.0.0.1:4555',
      'http://[::1]:4555',
    ]);
  });

  it.each(['::1', '[::1]'])('print a working address when bound to %s', (host) => {
    const config = loadConfig({ HOST: host });
    expect(config.LOCAL_URL).toBe('http://[::1]:3000');
    expect(config.FEEDBACK_ORIGINS).toContain('http://[::1]:3000');
  });

  it('allow the public origin and SITE_ORIGINS, each checked', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://example.com/',
      SITE_ORIGINS: 'https://www.example.com, https://Pages.Example.net/',
    });
    expect(config.FEEDBACK_ORIGINS).toEqual([
      'https://example.com',
      'https://www.example.com',
      'https://pages.example.net',
    ]);
    expect(problemsOf({ SITE_ORIGINS: 'https://example.com/blog, example.com' })).toEqual([
      'SITE_ORIGINS: "https://example.com/blog" must be an origin without a path (/blog)',
      'SITE_ORIGINS: "example.com" must be an origin like https://example.com (scheme, host and port)',
    ]);
  });
});

describe('a few settings read alone', () => {
  it('follow the same rules and defaults as the whole', () => {
    expect(readSettings(['DATA_DIR', 'DATABASE_URL'], { DATA_DIR: ' ' })).toEqual({
      DATA_DIR: 'data',
      DATABASE_URL: undefined,
    });
    const url = 'postgres://feedback:secret@db.example.com:5432/feedback?sslmode=verify-full';
    expect(readSettings(['DATABASE_URL'], { DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it('ignore every other variable, however wrong', () => {
    // A production environment without PUBLIC_URL would stop the server, not the owner's tools.
    const env = { NODE_ENV: 'production', PORT: 'eighty', SMTP_URL: 'mail', DATA_DIR: '/srv' };
    expect(readSettings(['DATA_DIR'], env)).toEqual({ DATA_DIR: '/srv' });
  });

  it('name a wrong one as loadConfig does, without repeating a password', () => {
    let thrown: unknown;
    try {
      readSettings(['DATA_DIR', 'DATABASE_URL'], { DATABASE_URL: 'mysql://root:hunter2@db/x' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      'DATABASE_URL: must be an address like postgres://user:password@host:5432/database (the value is not shown here)',
    ]);
    expect((thrown as Error).message).not.toContain('hunter2');
  });
});
