/**
 * Reading the stored messages: list them, show one, export them, and the store's figures.
 */
import { exportMessages, exportSummary } from '../../owner/actions.ts';
import type { Settings } from '../../settings-file.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../intake/types.ts';
import type { OwnerQueries } from '../../owner/types.ts';
import { acting, DAY_MS, findOne, type Command } from '../command.ts';
import { exportFormat } from '../export.ts';
import { UsageError } from '../options.ts';
import { age, describeMessage, oneLine, printable, table, when } from '../output.ts';
import { replaceFile } from '../safe-file.ts';
import { deliveryIsOn } from '../settings.ts';

function parseStatus(value: string | undefined): MessageStatus | undefined {
  if (value === undefined) return undefined;
  // "waiting" is how the owner may think of a pending message; both mean the same.
  const status = MESSAGE_STATUSES.find(
    (candidate) => candidate === (value === 'waiting' ? 'pending' : value),
  );
  if (!status) throw new UsageError(`--status must be one of ${MESSAGE_STATUSES.join(', ')}`);
  return status;
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

export const MESSAGES_COMMANDS: Record<string, Command> = {
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
};
