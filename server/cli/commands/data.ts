/**
 * The store's data as a whole: deleting old or one sender's messages, a backup, a move to
 * another engine.
 */
import { statSync } from 'node:fs';
import { forgetSender, purge } from '../../owner/actions.ts';
import { openFeedbackStore } from '../../store/open.ts';
import { acting, confirmed, DAY_MS, NOT_RECLAIMED, reclaim, type Command } from '../command.ts';
import { UsageError } from '../options.ts';
import { plural, printable, when } from '../output.ts';
import { writeNewFile } from '../safe-file.ts';
import { databaseArgument } from '../settings.ts';

export const DATA_COMMANDS: Record<string, Command> = {
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
          `Copied ${plural(counts.messages, 'message')}, ${plural(counts.jobs, 'delivery job')}, ${plural(counts.delivery_attempts, 'delivery attempt')}, ${plural(counts.idempotency_keys, 'idempotency key')}, ${plural(counts.visit_counts, 'daily visit count')}, ${plural(counts.owner_passkeys, 'passkey')} and ${plural(counts.owner_audit, 'activity entry', 'activity entries')}. Start the server with DATABASE_URL set to this database.`,
        );
        return 0;
      } finally {
        await target.close();
      }
    },
  },
};
