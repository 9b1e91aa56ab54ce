/**
 * The owner's commands over the feedback store, one entry of COMMANDS each: how it is
 * called, what it does, the options it takes and its handler. feedback.ts parses the
 * command line and opens the store; each handler gets both.
 */
import { statSync } from 'node:fs';
import { defaultPublicUrl } from '../../common/public-address.ts';
import { readSettings } from '../config.ts';
import {
  createEnrolmentLink,
  exportMessages,
  exportSummary,
  forgetSender,
  markSpam,
  purge,
  releaseSpam,
  sendAgain,
  sendAllDeadAgain,
  type Actor,
  type OwnerStore,
} from '../owner/actions.ts';
import { ownerPagesUrl } from '../owner/settings.ts';
import { settingsFilePath, type Settings } from '../settings-file.ts';
import { openFeedbackStore } from '../store/open.ts';
import {
  MESSAGE_STATUSES,
  type MessageStatus,
  type OwnerAccess,
  type OwnerQueries,
  type StoredMessage,
  type StoreTransfer,
} from '../store/types.ts';
import { exportFormat } from './export.ts';
import { UsageError, type OptionName, type Values } from './options.ts';
import { age, describeMessage, oneLine, plural, printable, table, when } from './output.ts';
import { replaceFile, writeNewFile } from './safe-file.ts';
import { databaseArgument, deliveryIsOn } from './settings.ts';

/** What a command reads and writes: the terminal, the environment and the clock. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
  /** Asks a yes/no question; resolves true for yes. Without it, only --yes confirms. */
  confirm?: (question: string) => Promise<boolean>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function parseStatus(value: string | undefined): MessageStatus | undefined {
  if (value === undefined) return undefined;
  // "waiting" is how the owner may think of a pending message; both mean the same.
  const status = MESSAGE_STATUSES.find(
    (candidate) => candidate === (value === 'waiting' ? 'pending' : value),
  );
  if (!status) throw new UsageError(`--status must be one of ${MESSAGE_STATUSES.join(', ')}`);
  return status;
}

async function findOne(store: OwnerQueries, id: string | undefined): Promise<StoredMessage> {
  if (!id) throw new UsageError('Give the id of a message (see `list`).');
  const found = await store.find(id);
  if (!found) throw new Error(`No message has the id ${id}.`);
  if ('ambiguous' in found) {
    throw new Error(`Several messages start with ${id}:\n  ${found.ambiguous.join('\n  ')}`);
  }
  return found;
}

/** Why a pending message has no time of its next try, if it has none. */
async function deliveryHeld(store: OwnerQueries, settings: Settings): Promise<string | undefined> {
  if (!deliveryIsOn(settings.env, settings.file)) {
    return 'none while delivery is off (SMTP_URL is not set)';
  }
  const pause = await store.deliveryPause();
  if (pause) return `when delivery resumes (paused: ${printable(pause.reason)})`;
  return undefined;
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
function acting({ store, access, now }: CommandContext): [OwnerStore, Actor] {
  return [
    { owner: store, access },
    { at: now, via: VIA },
  ];
}

/** Asks before a deletion, unless --yes; false when the owner did not say yes. */
async function confirmed({ values, io }: CommandContext, question: string): Promise<boolean> {
  if (values.yes) return true;
  if (io.confirm && (await io.confirm(`${question} [y/N] `))) return true;
  io.err('Nothing was deleted (answer y, or add --yes).');
  return false;
}

const NOT_RECLAIMED =
  'The write-ahead log could not be emptied while the server reads the store; run the command again when it is idle, or stop the server for a moment.';

/** After a deletion: overwritten pages go back to the disk and the log is emptied. */
async function reclaim({ store, io }: CommandContext): Promise<void> {
  if (!(await store.reclaimSpace())) io.err(NOT_RECLAIMED);
}

function requeued(message: StoredMessage, io: CliIo, kinds: string): number {
  io.err(
    message.status === 'sending'
      ? `${message.id} is being sent right now.`
      : `${message.id} is ${message.status}: only ${kinds} can be sent again.`,
  );
  return 1;
}

/** What a waiting message made due now waits for still, if anything. */
async function stillHeld(store: OwnerQueries, settings: Settings): Promise<string> {
  if (!deliveryIsOn(settings.env, settings.file)) {
    return ' Delivery is off (SMTP_URL is not set), so it waits in the store.';
  }
  const pause = await store.deliveryPause();
  if (pause) {
    return ` Delivery is paused (${printable(pause.reason)}): the server tries the mail server again now, with one waiting message, and this one goes once it works.`;
  }
  return '';
}

/** Every command, in the order of the help text. */
export const COMMANDS: Record<string, Command> = {
  list: {
    usage: 'list [--status S] [--app NAME] [--limit N]',
    help: `Messages, newest first (50 unless --limit). S is one of ${MESSAGE_STATUSES.join(', ')} (pending: not yet mailed; \`waiting\` is taken to mean the same).`,
    options: ['status', 'app', 'limit'],
    async run({ store, values, io }) {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) {
        throw new UsageError('--limit must be a whole number above 0');
      }
      const messages = await store.list({
        status: parseStatus(values.status),
        appName: values.app,
        limit,
      });
      if (messages.length === 0) {
        io.out('No messages.');
        return 0;
      }
      io.out(
        table([
          ['ID', 'RECEIVED', 'STATUS', 'TRIES', 'APP', 'FROM', 'MESSAGE'],
          ...messages.map((message) => [
            message.id,
            when(message.receivedAt),
            message.status,
            String(message.attempts),
            oneLine(message.appName, 28),
            oneLine(`${message.firstName} ${message.lastName} <${message.email}>`, 48),
            oneLine(message.message, 48),
          ]),
        ]),
      );
      return 0;
    },
  },
  show: {
    usage: 'show ID',
    help: 'One message in full, with its delivery attempts.',
    options: [],
    async run({ store, args, io, now, settings }) {
      const message = await findOne(store, args[0]);
      io.out(describeMessage(message, now, await deliveryHeld(store, settings)));
      const attempts = await store.attemptsOf(message.id);
      if (attempts.length > 0) {
        io.out('\nDelivery attempts:');
        io.out(
          table(
            attempts.map((attempt) => [
              `#${attempt.attempt}`,
              when(attempt.finishedAt),
              attempt.outcome,
              printable(attempt.detail ?? ''),
            ]),
          ),
        );
      }
      return 0;
    },
  },
  export: {
    usage: 'export [--format csv|json] [--output FILE] [--status S] [--app NAME]',
    help: 'Every message (or those matching) as CSV or JSON, to FILE (written whole or not at all; the format follows its extension) or to standard output.',
    options: ['format', 'output', 'status', 'app'],
    async run(context) {
      const { values, io } = context;
      const format = exportFormat(values.format, values.output);
      const options = { status: parseStatus(values.status), appName: values.app };
      const what = exportSummary(format, [values.app, values.status]);
      const [owner, actor] = acting(context);
      if (values.output === undefined) {
        await exportMessages(owner, actor, options, format, io.out, what);
        return 0;
      }
      const file = await replaceFile(values.output);
      try {
        await exportMessages(owner, actor, options, format, file.write, what);
      } catch (error) {
        await file.abort();
        throw error;
      }
      io.err(`Wrote ${await file.finish()}.`);
      return 0;
    },
  },
  retry: {
    usage: 'retry ID | retry --dead',
    help: 'Send a dead message (or one taken for spam) again, or a waiting one now: its wait for the next try ends, its attempts are kept. --dead: every dead message.',
    options: ['dead'],
    async run(context) {
      const { store, values, args, io, settings } = context;
      const [owner, actor] = acting(context);
      if (values.dead) {
        const count = await sendAllDeadAgain(owner, actor);
        io.out(
          count === 0
            ? 'No dead messages.'
            : `Queued ${plural(count, 'dead message')} again; the server sends ${count === 1 ? 'it' : 'them'} shortly.`,
        );
        return 0;
      }
      const result = await sendAgain(owner, actor, (await findOne(store, args[0])).id);
      if (result.kind === 'queued' && (result.was === 'pending' || result.was === 'sending')) {
        io.out(
          `${result.message.id} is due now: the server tries it within seconds, as attempt ${result.message.attempts + 1}.${await stillHeld(store, settings)}`,
        );
        return 0;
      }
      if (result.kind === 'queued') {
        io.out(`Queued ${result.message.id} again; the server sends it shortly.`);
        return 0;
      }
      if (result.kind === 'already') {
        return requeued(result.message, io, 'dead, waiting and spam messages');
      }
      throw new Error('No such message.');
    },
  },
  'not-spam': {
    usage: 'not-spam ID',
    help: 'A message taken for spam is a person’s after all: queue it for delivery.',
    options: [],
    async run(context) {
      const { store, args, io } = context;
      const result = await releaseSpam(...acting(context), (await findOne(store, args[0])).id);
      if (result.kind === 'queued') {
        io.out(`Released ${result.message.id} from spam; the server sends it shortly.`);
        return 0;
      }
      if (result.kind === 'already') return requeued(result.message, io, 'messages taken for spam');
      throw new Error('No such message.');
    },
  },
  spam: {
    usage: 'spam ID',
    help: 'Take a message for spam: it is not mailed (or not again) and is listed as spam, until `not-spam ID`.',
    options: [],
    async run(context) {
      const { store, args, io } = context;
      const result = await markSpam(...acting(context), (await findOne(store, args[0])).id);
      if (result.kind === 'changed') {
        io.out(
          `Marked ${result.message.id} as spam; \`not-spam ${result.message.id}\` releases it.`,
        );
        return 0;
      }
      if (result.kind === 'already') {
        io.err(
          `${result.message.id} is ${result.message.status}: ${result.message.status === 'spam' ? 'it is spam already' : 'it is being sent right now; try again in a moment'}.`,
        );
        return 1;
      }
      throw new Error('No such message.');
    },
  },
  stats: {
    usage: 'stats',
    help: 'Counts by status and app, the oldest pending message, mails sent in the last hour and day, a pause of delivery.',
    options: [],
    async run({ store, io, now }) {
      const counts = await store.counts();
      const total = counts.pending + counts.sent + counts.dead + counts.spam;
      const hour = (await store.sentSince(now - 60 * 60 * 1000)).count;
      const day = (await store.sentSince(now - DAY_MS)).count;
      const oldest =
        counts.oldestPendingReceivedAt === null
          ? ''
          : ` (oldest received ${age(now - counts.oldestPendingReceivedAt)} ago)`;
      const location = await store.location();
      const lines = [
        `Messages: ${total}`,
        `  pending  ${counts.pending}${oldest}${counts.sending > 0 ? `, ${counts.sending} being sent` : ''}`,
        `  sent     ${counts.sent}`,
        `  dead     ${counts.dead}${counts.dead > 0 ? ' (see `list --status dead`; `retry --dead` sends them again)' : ''}`,
        `  spam     ${counts.spam}`,
        `Mails sent: ${hour} in the last hour, ${day} in the last 24 hours`,
      ];
      const pause = await store.deliveryPause();
      if (pause) {
        lines.push(
          `Delivery paused since ${when(pause.since)}: ${printable(pause.reason)} (next try ${when(pause.retryAt)})`,
        );
      }
      const byApp = await store.countByApp();
      if (byApp.length > 0) {
        lines.push('By app:');
        for (const { appName, count } of byApp) lines.push(`  ${oneLine(appName, 60)}: ${count}`);
      }
      lines.push(
        `Store: ${location.description} (${(location.bytes / 1024 / 1024).toFixed(1)} MB)`,
      );
      io.out(lines.join('\n'));
      return 0;
    },
  },
  purge: {
    usage: 'purge --older-than DAYS [--dry-run] [--yes]',
    help: 'Delete messages delivered more than DAYS days ago (by delivery time) and spam received more than DAYS days ago. Waiting and dead messages are never deleted. Asks first, unless --yes; the freed space is overwritten and given back.',
    options: ['older-than', 'dry-run', 'yes'],
    async run(context) {
      const { store, values, io, now } = context;
      const days = Number(values['older-than']);
      if (values['older-than'] === undefined || !Number.isFinite(days) || days <= 0) {
        throw new UsageError('purge needs --older-than DAYS (a number above 0)');
      }
      const before = now - days * DAY_MS;
      const found = await store.countPurgeable(before);
      const what = `${plural(found.sent, 'message')} delivered and ${plural(found.spam, 'spam message')} received before ${when(before)}`;
      if (values['dry-run']) {
        io.out(`Would delete ${what}.`);
        return 0;
      }
      if (found.sent + found.spam === 0) {
        io.out(
          `Nothing to delete: no message delivered, and no spam received, before ${when(before)}.`,
        );
        return 0;
      }
      io.out(`This deletes ${what}.`);
      if (!(await confirmed(context, 'Delete them?'))) return 1;
      const deleted = await purge(...acting(context), before);
      await reclaim(context);
      io.out(
        `Deleted ${plural(deleted.sent, 'delivered message')} and ${plural(deleted.spam, 'spam message')}. Waiting and dead messages are kept.`,
      );
      return 0;
    },
  },
  forget: {
    usage: 'forget --email ADDRESS [--yes]',
    help: 'Delete every message from this address, in any status (a visitor’s request to erase their data). Asks first, unless --yes; the freed space is overwritten and given back.',
    options: ['email', 'yes'],
    async run(context) {
      const { store, values, io } = context;
      const email = values.email?.trim();
      if (!email) throw new UsageError('forget needs --email ADDRESS');
      const count = await store.countBySender(email);
      if (count === 0) {
        io.out(`No messages from ${printable(email)}.`);
        return 0;
      }
      io.out(
        `This deletes ${plural(count, 'message')} from ${printable(email)}, whatever their status.`,
      );
      if (!(await confirmed(context, 'Delete them?'))) return 1;
      const { deleted, reclaimed } = await forgetSender(...acting(context), email);
      if (!reclaimed) io.err(NOT_RECLAIMED);
      io.out(`Deleted ${plural(deleted, 'message')} from ${printable(email)}.`);
      return 0;
    },
  },
  'owner-link': {
    usage: 'owner-link',
    help: 'A link that adds a passkey to the owner’s pages (/owner): open it within 15 minutes on the device that is to hold the passkey; it works once, and replaces any link made before. Made for OWNER_URL, or else PUBLIC_URL, read as the server reads them (the environment, then the settings file).',
    options: [],
    async run({ access, io, now, settings, values }) {
      const { OWNER_URL, PUBLIC_URL, PORT } = readSettings(
        ['OWNER_URL', 'PUBLIC_URL', 'PORT'],
        settings.env,
        settings.file,
      );
      const { url, expiresAt } = await createEnrolmentLink(
        access,
        ownerPagesUrl(OWNER_URL ?? PUBLIC_URL ?? defaultPublicUrl(PORT)),
        now,
        'from the command line',
      );
      const from = (name: string) =>
        settings.file?.applied.has(name) ? settings.file.path : 'the environment';
      const address =
        OWNER_URL !== undefined
          ? `The address is OWNER_URL’s, from ${from('OWNER_URL')}.`
          : PUBLIC_URL !== undefined
            ? `The address is PUBLIC_URL’s, from ${from('PUBLIC_URL')}.`
            : `Neither OWNER_URL nor PUBLIC_URL is set, so the address is this machine’s on port ${PORT}. If the site answers at another, set PUBLIC_URL in ${settingsFilePath(io.env, values['data-dir']).path}, which the server reads too, and run this again.`;
      io.out(
        [
          'Open this link on the device that is to hold the passkey, within 15 minutes; it works once:',
          '',
          `  ${url}`,
          '',
          `It runs out at ${when(expiresAt)}. A new link replaces this one.`,
          address,
        ].join('\n'),
      );
      return 0;
    },
  },
  backup: {
    usage: 'backup FILE',
    help: 'A consistent copy of the SQLite store in FILE (a new file), taken while the server runs. On PostgreSQL, use pg_dump (see docs/deploy.md).',
    options: [],
    async run({ store, args, io }) {
      const file = args[0];
      if (!file) throw new UsageError('backup needs the FILE to write the copy to');
      const target = await writeNewFile(file, (temporary) => store.backup(temporary));
      io.out(`Wrote ${target} (${(statSync(target).size / 1024 / 1024).toFixed(1)} MB).`);
      return 0;
    },
  },
  'migrate-to': {
    usage: 'migrate-to [postgres://USER@HOST/DATABASE]',
    help: 'Copy every message, delivery attempt and state of this store into an empty PostgreSQL database, in one transaction; it refuses a database that holds messages. The address is read from MIGRATE_TO_DATABASE_URL, or given here without its password (PGPASSWORD holds it): a password on the command line is seen by every user of the machine. Stop the server first, then start it with DATABASE_URL set to the same address.',
    options: [],
    async run({ transfer, args, io }) {
      const given = args[0] ?? io.env.MIGRATE_TO_DATABASE_URL;
      if (args[0] !== undefined && URL.canParse(args[0]) && new URL(args[0]).password) {
        throw new UsageError(
          'migrate-to does not take a password on the command line, where every user of the machine sees it: set MIGRATE_TO_DATABASE_URL to the address instead (or give it without the password, and the password in PGPASSWORD).',
        );
      }
      const url = databaseArgument(given);
      if (!url) {
        throw new UsageError(
          'migrate-to needs the address of a PostgreSQL database (postgres://…), in MIGRATE_TO_DATABASE_URL or as its argument',
        );
      }
      const target = await openFeedbackStore({ databaseUrl: url, dataDir: '' });
      try {
        if (!(await target.transfer.isEmpty())) {
          throw new Error('That database already holds messages: nothing was copied.');
        }
        const counts = await target.transfer.load(transfer.rows());
        io.out(
          `Copied ${plural(counts.messages, 'message')}, ${plural(counts.outbox, 'outbox entry', 'outbox entries')}, ${plural(counts.delivery_attempts, 'delivery attempt')}, ${plural(counts.idempotency_keys, 'idempotency key')}, ${plural(counts.visit_counts, 'daily visit count')}, ${plural(counts.owner_passkeys, 'passkey')}, ${plural(counts.owner_audit, 'activity entry', 'activity entries')} and ${plural(counts.notifications, 'notification')}. Start the server with DATABASE_URL set to this database.`,
        );
        return 0;
      } finally {
        await target.close();
      }
    },
  },
};
