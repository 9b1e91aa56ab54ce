/**
 * The owner's tool over the feedback store: `npm run feedback -- <command>`.
 *
 *   list [--status S] [--app NAME] [--limit N]   newest first
 *   show ID                                      one message in full, with its delivery
 *   export --format csv|json [--status S] [--app NAME]
 *   retry ID | --dead                            send a dead message (or spam) again
 *   stats                                        counts, waiting, sent, per app
 *   purge --older-than DAYS [--dry-run]          delete delivered messages and spam
 *
 * It reads the store in DATA_DIR (default ./data), or --data-dir; the server may run at the
 * same time. ID is a message id, or the start of one that no other id shares.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigSchema } from '../config.ts';
import {
  FeedbackStore,
  MESSAGE_STATUSES,
  type MessageStatus,
  type StoredMessage,
} from '../store/feedback-store.ts';

export const USAGE = `Usage: npm run feedback -- <command> [options]

Commands:
  list [--status S] [--app NAME] [--limit N]
                       Messages, newest first (50 unless --limit). S is one of
                       pending, sending, sent, dead, spam.
  show ID              One message in full, with its delivery attempts.
  export --format csv|json [--status S] [--app NAME]
                       Every message (or those matching) to standard output.
  retry ID             Send a dead message (or one marked as spam) again.
  retry --dead         Send every dead message again.
  stats                Counts by status and app, the oldest waiting message,
                       mails sent in the last hour and day.
  purge --older-than DAYS [--dry-run]
                       Delete messages delivered (or marked as spam) more than
                       DAYS days ago. Waiting and dead messages are never deleted.

Options:
  --data-dir DIR       The store's folder (default: $DATA_DIR, or ./data).
  -h, --help           This text.

ID is a message id as listed, or its first characters when no other id starts so.`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
}

class UsageError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Text from the store, safe to print: no control characters except line breaks and tabs. */
export function printable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/(?![\n\t])\p{Cc}/gu, '\uFFFD');
}

function oneLine(text: string, max: number): string {
  const line = printable(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function when(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd(widths?.[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

function parseStatus(value: string | undefined): MessageStatus | undefined {
  if (value === undefined) return undefined;
  const status = MESSAGE_STATUSES.find((candidate) => candidate === value);
  if (!status) throw new UsageError(`--status must be one of ${MESSAGE_STATUSES.join(', ')}`);
  return status;
}

/** A CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula starts with '. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const EXPORT_COLUMNS = [
  'id',
  'receivedAt',
  'status',
  'attempts',
  'appName',
  'firstName',
  'lastName',
  'email',
  'message',
  'sentAt',
  'lastError',
] as const;

function exportRecord(message: StoredMessage) {
  return {
    id: message.id,
    receivedAt: new Date(message.receivedAt).toISOString(),
    status: message.status,
    attempts: message.attempts,
    appName: message.appName,
    firstName: message.firstName,
    lastName: message.lastName,
    email: message.email,
    message: message.message,
    sentAt: message.sentAt === null ? null : new Date(message.sentAt).toISOString(),
    lastError: message.lastError,
  };
}

function findOne(store: FeedbackStore, id: string | undefined): StoredMessage {
  if (!id) throw new UsageError('Give the id of a message (see `list`).');
  const found = store.find(id);
  if (!found) throw new Error(`No message has the id ${id}.`);
  if ('ambiguous' in found) {
    throw new Error(`Several messages start with ${id}:\n  ${found.ambiguous.join('\n  ')}`);
  }
  return found;
}

function describe(message: StoredMessage, now: number): string {
  const lines = [
    `Id:        ${message.id}`,
    `Received:  ${when(message.receivedAt)}`,
    `App:       ${printable(message.appName)}`,
    `From:      ${oneLine(`${message.firstName} ${message.lastName}`, 250)} <${oneLine(message.email, 300)}>`,
    `Status:    ${message.status}${message.spam ? ' (the form’s hidden field was filled: likely spam)' : ''}`,
  ];
  if (message.status !== 'spam') lines.push(`Attempts:  ${message.attempts}`);
  if (message.status === 'sent') lines.push(`Sent:      ${when(message.sentAt)}`);
  if (message.status === 'pending' && message.nextAttemptAt !== null) {
    const wait = message.nextAttemptAt - now;
    lines.push(`Next try:  ${when(message.nextAttemptAt)}${wait > 0 ? ` (in ${age(wait)})` : ''}`);
  }
  if (message.lastError) lines.push(`Last error: ${printable(message.lastError)}`);
  lines.push('', printable(message.message));
  return lines.join('\n');
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      status: { type: 'string' },
      app: { type: 'string' },
      limit: { type: 'string' },
      format: { type: 'string' },
      dead: { type: 'boolean' },
      'older-than': { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(USAGE);
    return command === undefined && !values.help ? 1 : 0;
  }
  const commands = ['list', 'show', 'export', 'retry', 'stats', 'purge'];
  if (!commands.includes(command)) throw new UsageError(`Unknown command "${command}".`);

  const dataDir = path.resolve(
    values['data-dir'] ?? ConfigSchema.shape.DATA_DIR.parse(io.env.DATA_DIR),
  );
  const store = FeedbackStore.open(dataDir, { create: false });
  try {
    const now = io.now();
    switch (command) {
      case 'list': {
        const limit = values.limit === undefined ? 50 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1) {
          throw new UsageError('--limit must be a whole number above 0');
        }
        const messages = store.list({
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
      }
      case 'show': {
        const message = findOne(store, rest[0]);
        io.out(describe(message, now));
        const attempts = store.attemptsOf(message.id);
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
      }
      case 'export': {
        const format = values.format;
        if (format !== 'csv' && format !== 'json') {
          throw new UsageError('export needs --format csv or --format json');
        }
        const messages = store.iterate({ status: parseStatus(values.status), appName: values.app });
        if (format === 'csv') {
          io.out(EXPORT_COLUMNS.join(','));
          for (const message of messages) {
            const record = exportRecord(message);
            io.out(EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(','));
          }
        } else {
          // One record a line, the comma after each but the last.
          let previous: string | undefined;
          io.out('[');
          for (const message of messages) {
            if (previous !== undefined) io.out(`${previous},`);
            previous = `  ${JSON.stringify(exportRecord(message))}`;
          }
          if (previous !== undefined) io.out(previous);
          io.out(']');
        }
        return 0;
      }
      case 'retry': {
        if (values.dead) {
          const count = store.retryAllDead(now);
          io.out(
            count === 0
              ? 'No dead messages.'
              : `Queued ${count} dead message${count === 1 ? '' : 's'} again; the server sends ${count === 1 ? 'it' : 'them'} shortly.`,
          );
          return 0;
        }
        const result = store.retry(findOne(store, rest[0]).id, now);
        if (result.kind === 'queued') {
          io.out(`Queued ${result.message.id} again; the server sends it shortly.`);
          return 0;
        }
        if (result.kind === 'already') {
          io.err(
            `${result.message.id} is ${result.message.status}: only dead messages and spam can be sent again.`,
          );
          return 1;
        }
        throw new Error('No such message.');
      }
      case 'stats': {
        const counts = store.counts();
        const total = counts.pending + counts.sent + counts.dead + counts.spam;
        const hour = store.sentSince(now - 60 * 60 * 1000).count;
        const day = store.sentSince(now - DAY_MS).count;
        const waiting =
          counts.oldestPendingReceivedAt === null
            ? ''
            : ` (oldest received ${age(now - counts.oldestPendingReceivedAt)} ago)`;
        const size = ['', '-wal']
          .map((suffix) => {
            try {
              return statSync(store.file + suffix).size;
            } catch {
              return 0;
            }
          })
          .reduce((sum, bytes) => sum + bytes, 0);
        const lines = [
          `Messages: ${total}`,
          `  waiting  ${counts.pending}${waiting}${counts.sending > 0 ? `, ${counts.sending} being sent` : ''}`,
          `  sent     ${counts.sent}`,
          `  dead     ${counts.dead}${counts.dead > 0 ? ' (see `list --status dead`; `retry --dead` sends them again)' : ''}`,
          `  spam     ${counts.spam}`,
          `Mails sent: ${hour} in the last hour, ${day} in the last 24 hours`,
        ];
        const byApp = store.countByApp();
        if (byApp.length > 0) {
          lines.push('By app:');
          for (const { appName, count } of byApp) lines.push(`  ${oneLine(appName, 60)}: ${count}`);
        }
        lines.push(`Store: ${store.file} (${(size / 1024 / 1024).toFixed(1)} MB)`);
        io.out(lines.join('\n'));
        return 0;
      }
      case 'purge': {
        const days = Number(values['older-than']);
        if (values['older-than'] === undefined || !Number.isFinite(days) || days <= 0) {
          throw new UsageError('purge needs --older-than DAYS (a number above 0)');
        }
        const before = now - days * DAY_MS;
        if (values['dry-run']) {
          io.out(
            `Would delete ${store.countPurgeable(before)} delivered or spam messages received before ${when(before)}.`,
          );
          return 0;
        }
        const { messages } = store.purge(before, now);
        io.out(
          `Deleted ${messages} delivered or spam message${messages === 1 ? '' : 's'} received before ${when(before)}. Waiting and dead messages are kept.`,
        );
        return 0;
      }
    }
    return 1;
  } finally {
    store.closeNow();
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
  });
}
