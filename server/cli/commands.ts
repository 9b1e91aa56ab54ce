/**
 * The owner's commands over the feedback store, one entry of COMMANDS each: how it is
 * called, what it does, the options it takes and its handler (command.ts). feedback.ts
 * parses the command line and opens the store; each handler gets both.
 */
import type { Command } from './command.ts';
import { DATA_COMMANDS } from './commands/data.ts';
import { DELIVERY_COMMANDS } from './commands/delivery.ts';
import { MESSAGES_COMMANDS } from './commands/messages.ts';
import { OWNER_COMMANDS } from './commands/owner.ts';

/** The commands' names, in the order of the help text. */
const HELP_ORDER = [
  'list',
  'show',
  'export',
  'retry',
  'not-spam',
  'spam',
  'stats',
  'purge',
  'forget',
  'owner-link',
  'backup',
  'migrate-to',
] as const;

const ALL: Record<string, Command> = {
  ...MESSAGES_COMMANDS,
  ...DELIVERY_COMMANDS,
  ...DATA_COMMANDS,
  ...OWNER_COMMANDS,
};

/** Every command, in the order of the help text. */
export const COMMANDS: Record<string, Command> = Object.fromEntries(
  HELP_ORDER.map((name) => {
    const command = ALL[name];
    if (!command) throw new Error(`No command ${name}`);
    return [name, command];
  }),
);
