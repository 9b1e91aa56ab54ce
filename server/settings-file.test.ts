import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempDir } from '../tests/server/helpers.ts';
import { ConfigError, loadConfig } from './config.ts';
import { settingsFilePath, withSettingsFile } from './settings-file.ts';

let folder: ReturnType<typeof tempDir>;

beforeEach(() => {
  folder = tempDir('settings-file-');
});
afterEach(() => folder.remove());

function write(text: string, name = 'settings.env'): string {
  const file = path.join(folder.dir, name);
  writeFileSync(file, text);
  return file;
}

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the settings were accepted');
}

test('the file is SETTINGS_FILE, else settings.env in --data-dir, DATA_DIR or ./data', () => {
  expect(settingsFilePath({ SETTINGS_FILE: 'site.env', DATA_DIR: '/srv' })).toEqual({
    path: path.resolve('site.env'),
    named: true,
  });
  expect(settingsFilePath({ DATA_DIR: '/srv/portfolio' })).toEqual({
    path: '/srv/portfolio/settings.env',
    named: false,
  });
  expect(settingsFilePath({ DATA_DIR: '/srv/portfolio' }, 'copy').path).toBe(
    path.resolve('copy', 'settings.env'),
  );
  expect(settingsFilePath({ DATA_DIR: ' ', SETTINGS_FILE: '' }).path).toBe(
    path.resolve('data', 'settings.env'),
  );
});

test('no file in the store’s folder is no problem: the environment alone', () => {
  const env = { DATA_DIR: folder.dir, PORT: '4000' };
  expect(withSettingsFile(env)).toEqual({ env, file: undefined });
});

test('the file’s values go under the environment’s; an empty variable counts as unset', () => {
  const file = write(
    [
      '# The site',
      'export PUBLIC_URL=https://portfolio.example',
      'PORT = 4701',
      'MAIL_FROM="Portfolio <feedback@portfolio.example>"',
      "SMTP_URL='smtps://feedback:p#ss@mail.example.com'",
      'LOG_LEVEL=debug',
      '',
    ].join('\n'),
  );
  const { env, file: read } = withSettingsFile({
    DATA_DIR: folder.dir,
    LOG_LEVEL: 'warn',
    PORT: '',
  });
  expect(env).toMatchObject({
    PUBLIC_URL: 'https://portfolio.example',
    PORT: '4701',
    MAIL_FROM: 'Portfolio <feedback@portfolio.example>',
    SMTP_URL: 'smtps://feedback:p#ss@mail.example.com',
    LOG_LEVEL: 'warn',
  });
  expect(read?.path).toBe(file);
  expect([...(read?.applied ?? [])].sort()).toEqual([
    'MAIL_FROM',
    'PORT',
    'PUBLIC_URL',
    'SMTP_URL',
  ]);
});

test('lines that systemd and Node would read apart are named, each with its line', () => {
  const file = write(
    [
      'PUBLIC_URL=https://portfolio.example',
      'MAIL_TO=you@example.com # me',
      'MAIL_FROM="Portfolio',
      '<feedback@example.com>"',
      'SETTINGS_FILE=/etc/other.env',
    ].join('\n'),
  );
  expect(problemsOf(() => withSettingsFile({ DATA_DIR: folder.dir }))).toEqual([
    `MAIL_TO: a # in a value without quotes starts a comment: put the value in quotes, e.g. MAIL_TO='…#…' (${file}, line 2)`,
    `MAIL_FROM: its value must end on its line with the quote it opened with (${file}, line 3)`,
    `${file}, line 4: must be NAME=value (a setting a line, # for a comment)`,
    `SETTINGS_FILE: is set in the environment, not in a settings file (${file})`,
  ]);
});

test('SETTINGS_FILE must name a file that can be read', () => {
  expect(
    problemsOf(() => withSettingsFile({ SETTINGS_FILE: path.join(folder.dir, 'none.env') })),
  ).toEqual([
    `SETTINGS_FILE: must name a readable settings file (got ${JSON.stringify(path.join(folder.dir, 'none.env'))}: there is no such file)`,
  ]);
  mkdirSync(path.join(folder.dir, 'settings.env'));
  expect(problemsOf(() => withSettingsFile({ DATA_DIR: folder.dir }))).toEqual([
    `${path.join(folder.dir, 'settings.env')}: the settings file cannot be read (it is a folder)`,
  ]);
});

test('SETTINGS_FILE’s file may say where the store is', () => {
  const file = write('DATA_DIR=/var/lib/portfolio\n', 'portfolio.env');
  expect(withSettingsFile({ SETTINGS_FILE: file }).env.DATA_DIR).toBe('/var/lib/portfolio');
});

describe('the server reads the settings file as the command does', () => {
  test('a wrong value is named with the file it is in; a secret is not repeated', () => {
    const file = write('PORT=eighty\nSMTP_URL=mail.example.com\nMAIL_TO=you@example.com\n');
    const settings = withSettingsFile({ DATA_DIR: folder.dir, MAIL_FROM: 'nobody' });
    expect(problemsOf(() => loadConfig(settings.env, settings.file))).toEqual([
      `PORT: must be a whole number from 1 to 65535 (got "eighty" in ${file})`,
      `SMTP_URL: must be an address like smtps://user:password@mail.example.com:465 (the value in ${file} is not shown here)`,
      'MAIL_FROM: must be an address like feedback@example.com or "Portfolio <feedback@example.com>" (got "nobody")',
    ]);
  });

  test('a name that is no setting is named: a misspelt one would leave its default', () => {
    const file = write(
      'PUBLIK_URL=https://portfolio.example\nFEEDBACK_API_URL=https://api.example\n',
    );
    const settings = withSettingsFile({ DATA_DIR: folder.dir });
    expect(problemsOf(() => loadConfig(settings.env, settings.file))).toEqual([
      `PUBLIK_URL: is no setting of the site, so ${file} cannot set it (the settings are listed in docs/deploy.md)`,
    ]);
  });

  test('PORT and PUBLIC_URL from the file make the server’s addresses', () => {
    write('PORT=4701\n');
    const settings = withSettingsFile({ DATA_DIR: folder.dir });
    expect(loadConfig(settings.env, settings.file)).toMatchObject({
      PORT: 4701,
      PUBLIC_URL: 'http://localhost:4701',
      DATA_DIR: folder.dir,
    });
  });
});
