/**
 * The owner's tool over the feedback store: `npm run feedback -- <command>`. This file reads
 * the command line, refuses what the command does not take, opens the store and hands both
 * to the command; the commands themselves are in commands.ts.
 *
 * It reads the store in DATA_DIR (default ./data), or --data-dir; the server may run at the
 * same time. Its settings are the server's: the environment over the settings file
 * (SETTINGS_FILE, or settings.env in the store's folder). ID is a message id, or the start
 * of one that no other id shares.
 */
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { withSettingsFile } from '../settings-file.ts';
import { openFeedbackStore } from '../store/open.ts';
import type { CliIo, Command } from './command.ts';
import { COMMANDS } from './commands.ts';
import { COMMON_OPTIONS, OPTIONS, UsageError, type OptionName } from './options.ts';
import { wrap } from './output.ts';
import { storeLocation } from './settings.ts';

export const USAGE = [
  'Usage: npm run feedback -- <command> [options]',
  '',
  'Commands:',
  ...Object.values(COMMANDS).flatMap(({ usage, help }) => [
    `  ${usage}`,
    ...wrap(help, 68).map((line) => `      ${line}`),
  ]),
  '',
  'Options:',
  '  --data-dir DIR       The SQLite store’s folder (default: $DATA_DIR, or ./data);',
  '                       with DATABASE_URL set, the PostgreSQL store instead.',
  '  -y, --yes            Delete without asking (purge, forget).',
  '  -h, --help           This text.',
  '',
  'ID is a message id as listed, or its first characters when no other id starts so.',
  'Settings are read as the server reads them: the environment, over the settings file',
  '($SETTINGS_FILE, or settings.env in the store’s folder).',
].join('\n');

/** `a`, `a and b`, `a, b and c` (or `or`). */
function series(items: readonly string[], last: 'and' | 'or'): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/**
 * Refuses every option given that the command does not take, naming those it does: an
 * option ignored would leave the owner believing it had been applied.
 */
function refuseOtherOptions(
  name: string,
  command: Command,
  given: readonly { name: string; rawName: string }[],
): void {
  const takes = [...command.options, ...COMMON_OPTIONS];
  const refused = given
    .filter((token) => !takes.includes(token.name as OptionName))
    .map((token) =>
      token.rawName === `--${token.name}` ? token.rawName : `${token.rawName} (--${token.name})`,
    );
  if (refused.length === 0) return;
  throw new UsageError(
    `${name} does not take ${series([...new Set(refused)], 'or')}: its options are ${series(
      takes.map((option) => `--${option}`),
      'and',
    )}.`,
  );
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: OPTIONS,
    tokens: true,
  });
  const [name, ...args] = positionals;
  if (values.help || name === undefined || name === 'help') {
    io.out(USAGE);
    return name === undefined && !values.help ? 1 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  refuseOtherOptions(
    name,
    command,
    tokens.filter((token) => token.kind === 'option'),
  );
  const settings = withSettingsFile(io.env, values['data-dir']);
  const location = storeLocation(settings.env, values['data-dir'], settings.file);
  const store = await openFeedbackStore({ ...location, create: false });
  try {
    return await command.run({
      settings,
      store: store.owner,
      access: store.ownerAccess,
      transfer: store.transfer,
      values,
      args,
      io,
      now: io.now(),
    });
  } finally {
    await store.close();
  }
}

/** Runs a command; returns the exit code. Errors are printed, never thrown. */
export async function runFeedbackCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      error instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  process.exitCode = await runFeedbackCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    now: Date.now,
    // Asked only on a terminal: from a pipe or a cron job, nobody can answer, and a
    // deletion without --yes does nothing.
    ...(process.stdin.isTTY
      ? {
          async confirm(question: string) {
            const prompt = createInterface({ input: process.stdin, output: process.stderr });
            try {
              return /^y(es)?$/i.test((await prompt.question(question)).trim());
            } finally {
              prompt.close();
            }
          },
        }
      : {}),
  });
}
