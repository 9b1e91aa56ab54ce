/**
 * The settings file: NAME=value lines that the server, the owner's command and the build
 * read alike, so that the command knows the site it serves (owner-link's address, whether
 * delivery is on, the store) without being given every setting again. It is the file named
 * by SETTINGS_FILE, or else `settings.env` in the store's folder (DATA_DIR, default ./data)
 * when there is one. The environment wins over the file: a variable set (not empty) in the
 * environment keeps its value.
 *
 * The lines are those of a systemd EnvironmentFile or a `.env` file, read by Node's own
 * parser (util.parseEnv). Where the two would read a line apart (a `#` inside a value
 * without quotes, a value over several lines, a line that is no NAME=value), the line is
 * named at start instead of being read one way or the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './config/error.ts';

type Env = Record<string, string | undefined>;

/** The file's name in the store's folder, read when SETTINGS_FILE is not set. */
const SETTINGS_FILE_NAME = 'settings.env';

/** A settings file that was read. */
export interface SettingsFile {
  /** Its absolute path. */
  path: string;
  /** Every NAME=value it holds. */
  values: Readonly<Record<string, string>>;
  /** The names whose values came from it: those the environment left unset or empty. */
  applied: ReadonlySet<string>;
  /** The names it gives another value than the environment, which wins. */
  overridden: ReadonlySet<string>;
}

/** The settings as the server and the command read them: the environment over the file. */
export interface Settings {
  env: Env;
  /** The file read, if one was. */
  file: SettingsFile | undefined;
}

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * The file to read: SETTINGS_FILE, else `settings.env` in `dataDir` (the command's
 * --data-dir) or DATA_DIR or ./data. `named` is true when SETTINGS_FILE names it: then it
 * must exist.
 */
export function settingsFilePath(env: Env, dataDir?: string): { path: string; named: boolean } {
  const named = env.SETTINGS_FILE;
  if (set(named)) return { path: path.resolve(named?.trim() ?? ''), named: true };
  const folder = dataDir ?? (set(env.DATA_DIR) ? (env.DATA_DIR?.trim() ?? '') : 'data');
  return { path: path.resolve(folder, SETTINGS_FILE_NAME), named: false };
}

const NAME_VALUE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/** The lines that util.parseEnv and systemd would not read alike, each named. */
function lineProblems(text: string, file: string): string[] {
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const where = `${file}, line ${index + 1}`;
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = NAME_VALUE.exec(line);
    if (!match) {
      problems.push(`${where}: must be NAME=value (a setting a line, # for a comment)`);
      return;
    }
    const [, name = '', value = ''] = match;
    const quote = /^["'`]/.exec(value)?.[0];
    if (quote !== undefined) {
      if (value.length < 2 || !value.endsWith(quote)) {
        problems.push(
          `${name}: its value must end on its line with the quote it opened with (${where})`,
        );
      }
    } else if (value.includes('#')) {
      problems.push(
        `${name}: a # in a value without quotes starts a comment: put the value in quotes, e.g. ${name}='…#…' (${where})`,
      );
    }
  });
  return problems;
}

/**
 * The environment with the settings file's values under it. Throws a ConfigError naming
 * the file and each line it cannot take: one SETTINGS_FILE names that is missing or
 * unreadable, a line that is no setting, and SETTINGS_FILE itself in the file.
 */
export function withSettingsFile(env: Env, dataDir?: string): Settings {
  const where = settingsFilePath(env, dataDir);
  let text: string;
  try {
    text = readFileSync(where.path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' && !where.named) return { env, file: undefined };
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EACCES'
          ? 'this user may not read it'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message;
    throw new ConfigError([
      where.named
        ? `SETTINGS_FILE: must name a readable settings file (got ${JSON.stringify(env.SETTINGS_FILE)}: ${why})`
        : `${where.path}: the settings file cannot be read (${why})`,
    ]);
  }
  const problems = lineProblems(text, where.path);
  const values = Object.fromEntries(
    Object.entries(parseEnv(text)).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  if ('SETTINGS_FILE' in values) {
    problems.push(
      `SETTINGS_FILE: is set in the environment, not in a settings file (${where.path})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const names = Object.keys(values);
  const applied = new Set(names.filter((name) => !set(env[name])));
  const overridden = new Set(
    names.filter((name) => set(env[name]) && env[name]?.trim() !== values[name]?.trim()),
  );
  const merged: Env = { ...env };
  for (const name of applied) merged[name] = values[name];
  return { env: merged, file: { path: where.path, values, applied, overridden } };
}
