/**
 * What every command of the owner's command line is and gets, and the helpers several of
 * them share. The commands themselves are in commands/, by what they work on.
 */
import type { Actor, OwnerStore } from '../owner/actions.ts';
import type { Settings } from '../settings-file.ts';
import type { StoredMessage } from '../intake/types.ts';
import type { OwnerAccess, OwnerQueries } from '../owner/types.ts';
import type { StoreTransfer } from '../store/operations/transfer.ts';
import { UsageError, type OptionName, type Values } from './options.ts';
/** What a command reads and writes: the terminal, the environment and the clock. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
  /** Asks a yes/no question; resolves true for yes. Without it, only --yes confirms. */
  confirm?: (question: string) => Promise<boolean>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The message an id (or the start of one) names; a clear error for none or several. */
export async function findOne(store: OwnerQueries, id: string | undefined): Promise<StoredMessage> {
  if (!id) throw new UsageError('Give the id of a message (see `list`).');
  const found = await store.find(id);
  if (!found) throw new Error(`No message has the id ${id}.`);
  if ('ambiguous' in found) {
    throw new Error(`Several messages start with ${id}:\n  ${found.ambiguous.join('\n  ')}`);
  }
  return found;
}

export interface CommandContext {
  /** The server's settings: the environment over the settings file. */
  settings: Settings;
  store: OwnerQueries;
  /** The owner's passkeys, sessions and links. */
  access: OwnerAccess;
  /** The whole store's rows, for moving it to another engine. */
  transfer: StoreTransfer;
  values: Values;
  /** Positional arguments after the command's name. */
  args: string[];
  io: CliIo;
  now: number;
}

export interface Command {
  /** How it is called, after `npm run feedback --`. */
  usage: string;
  /** What it does, in a sentence or two. */
  help: string;
  /**
   * The options it takes, as its usage shows them; --data-dir and --help go with every
   * command. Any other option is refused rather than ignored, so that a mistyped command
   * line never does something other than what the owner meant.
   */
  options: readonly OptionName[];
  run: (context: CommandContext) => number | Promise<number>;
}

/** Where the command's changes come from, for the owner's audit list. */
const VIA = 'from the command line';

/** The store as the owner's actions use it, and who acts: this command, now. */
export function acting({ store, access, now }: CommandContext): [OwnerStore, Actor] {
  return [
    { owner: store, access },
    { at: now, via: VIA },
  ];
}

/** Asks before a deletion, unless --yes; false when the owner did not say yes. */
export async function confirmed(
  { values, io }: CommandContext,
  question: string,
): Promise<boolean> {
  if (values.yes) return true;
  if (io.confirm && (await io.confirm(`${question} [y/N] `))) return true;
  io.err('Nothing was deleted (answer y, or add --yes).');
  return false;
}

export const NOT_RECLAIMED =
  'The write-ahead log could not be emptied while the server reads the store; run the command again when it is idle, or stop the server for a moment.';

/** After a deletion: overwritten pages go back to the disk and the log is emptied. */
export async function reclaim({ store, io }: CommandContext): Promise<void> {
  if (!(await store.reclaimSpace())) io.err(NOT_RECLAIMED);
}
