/** Every option of the owner's command, with its type and short form. */
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

/** The options of the command line, each under its long name. */
export type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

/** A command line the tool cannot take: printed with the usage, exit code 2. */
export class UsageError extends Error {}
