/**
 * Every option of the owner's command, with its type and short form. Each command names
 * the ones it takes in its entry of COMMANDS; --data-dir and --help go with every command.
 */
import type { parseArgs } from 'node:util';

export const OPTIONS = {
  'data-dir': { type: 'string' },
  status: { type: 'string' },
  app: { type: 'string' },
  limit: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  dead: { type: 'boolean' },
  'older-than': { type: 'string' },
  'dry-run': { type: 'boolean' },
  email: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type OptionName = keyof typeof OPTIONS;

/** The options every command takes. */
export const COMMON_OPTIONS: readonly OptionName[] = ['data-dir', 'help'];

/** The options of the command line, each under its long name. */
export type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

/** A command line the tool cannot take: printed with the usage, exit code 2. */
export class UsageError extends Error {}
