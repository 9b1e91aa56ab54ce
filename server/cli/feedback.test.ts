import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import { STORE_FILE } from '../store/sqlite/connection.ts';
import { SqliteFeedbackStore } from '../store/sqlite/engine.ts';
import type { NewFeedback } from '../intake/types.ts';
import { storeMessage, tempDir } from '../../tests/server/helpers.ts';
import { createTestDatabase } from '../../tests/server/postgres.ts';
import { csvCell } from './export.ts';
import { COMMANDS } from './commands.ts';
import { runFeedbackCli, USAGE } from './feedback.ts';
import { printable } from './output.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

let folder: ReturnType<typeof tempDir>;
let ids: { old: string; fresh: string; spam: string; dead: string; sent: string };

beforeEach(async () => {
  folder = tempDir('feedback-cli-');
  const store = await SqliteFeedbackStore.open(folder.dir);
  const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', spam: false };
  const accept = (fields: Partial<NewFeedback>) =>
    storeMessage(store, {
      ...base,
      appName: 'EchoExpense',
      message: 'Hello',
      receivedAt: NOW,
      ...fields,
    });
  ids = {
    old: await accept({ message: 'Old and waiting', receivedAt: NOW - 40 * DAY }),
    // A second older than `old`, so newest-first order does not depend on the ids.
    sent: await accept({ message: 'Old and delivered', receivedAt: NOW - 40 * DAY - 1000 }),
    dead: await accept({ message: 'Refused', receivedAt: NOW - 35 * DAY, appName: 'RecipeRealm' }),
    spam: await accept({ message: 'Buy now', receivedAt: NOW - 31 * DAY, spam: true }),
    fresh: await accept({
      message: '=HYPERLINK("https://evil.example")\nsecond line, with "quotes"',
      lastName: 'O\u001b[31mNeil',
    }),
  };
  // Deliver one and kill one, as the outbox would.
  const claimed = await store.outbox.claim({
    now: NOW,
    holder: 'test',
    leaseMs: 1000,
    limit: 10,
    maxPerHour: 0,
    retryBaseMs: 30_000,
    retryCapMs: 3_600_000,
  });
  for (const message of claimed) {
    const outcome = { holder: 'test', attempt: 1, startedAt: NOW, finishedAt: NOW + 5, detail: '' };
    if (message.id === ids.sent) {
      // Delivered 39 days ago.
      await store.outbox.recordSent(message.id, {
        ...outcome,
        finishedAt: NOW - 39 * DAY,
        detail: '250 OK',
      });
    } else if (message.id === ids.dead) {
      await store.outbox.recordDead(message.id, {
        ...outcome,
        detail: '550 5.1.1 Mailbox unavailable',
      });
    } else
      await store.outbox.recordRetry(message.id, {
        ...outcome,
        nextAttemptAt: NOW + 60_000,
        detail: '451 Busy',
      });
  }
  await store.close();
});

afterEach(() => folder.remove());

/** Runs a command; `answer` is what the owner answers when asked to confirm. */
async function cliAnswering(answer: boolean | undefined, ...argv: string[]) {
  return cliIn({ DATA_DIR: folder.dir }, answer, ...argv);
}

async function cliIn(env: Record<string, string>, answer: boolean | undefined, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const questions: string[] = [];
  const code = await runFeedbackCli(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env,
    now: () => NOW,
    ...(answer === undefined
      ? {}
      : {
          confirm: async (question: string) => {
            questions.push(question);
            return answer;
          },
        }),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), questions };
}

function cli(...argv: string[]) {
  return cliAnswering(undefined, ...argv);
}

/** Every byte of the store's file and its write-ahead log. */
function storeBytes(): Buffer {
  const file = path.join(folder.dir, STORE_FILE);
  return Buffer.concat(
    [file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)),
  );
}

describe('list', () => {
  test('shows every message newest first with its status', async () => {
    const { code, out } = await cli('list');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+RECEIVED\s+STATUS\s+TRIES\s+APP\s+FROM\s+MESSAGE$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/)[2])).toEqual([
      'pending',
      'spam',
      'dead',
      'pending',
      'sent',
    ]);
    expect(out).toContain(ids.fresh);
    expect(out).not.toContain('\u001b');
  });

  test('filters by status and app', async () => {
    expect((await cli('list', '--status', 'dead')).out).toContain(ids.dead);
    expect((await cli('list', '--status', 'dead')).out).not.toContain(ids.old);
    const byApp = await cli('list', '--app', 'RecipeRealm');
    expect(byApp.out.split('\n')).toHaveLength(2);
    expect((await cli('list', '--status', 'lost')).code).toBe(2);
  });
});

test('show prints a message in full with its delivery attempts', async () => {
  const { code, out } = await cli('show', ids.dead);
  expect(code).toBe(0);
  expect(out).toContain(`Id:        ${ids.dead}`);
  expect(out).toContain('Status:    dead');
  expect(out).toContain('Last error: 550 5.1.1 Mailbox unavailable');
  expect(out).toMatch(/#1\s+2025-06-01 12:00:00 UTC\s+dead\s+550 5\.1\.1 Mailbox unavailable/);
  expect(out).toContain('Refused');
  const unknown = await cli('show', 'ffffffff-0000');
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('No message has the id ffffffff-0000');
});

describe('export', () => {
  test('csv: one row per message, quoted, formulas defused', async () => {
    const { code, out } = await cli('export', '--format', 'csv');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe(
      'id,receivedAt,status,attempts,appName,firstName,lastName,email,message,sentAt,lastError',
    );
    expect(out).toContain(`"'=HYPERLINK(""https://evil.example"")\nsecond line, with ""quotes"""`);
    expect(out).toContain(`${ids.sent},2025-04-22T11:59:59.000Z,sent,1,EchoExpense`);
  });

  test('json: an array of every message', async () => {
    const { code, out } = await cli('export', '--format', 'json', '--status', 'pending');
    expect(code).toBe(0);
    const records = JSON.parse(out) as { id: string; message: string }[];
    expect(records.map((record) => record.id).sort()).toEqual([ids.fresh, ids.old].sort());
  });

  test('needs a format', async () => {
    expect((await cli('export')).code).toBe(2);
  });

  test('--output writes the whole file, its format following the extension', async () => {
    const file = path.join(folder.dir, 'feedback.csv');
    const { code, out, err } = await cli('export', '--output', file);
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toBe(`Wrote ${file}.`);
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'id,receivedAt,status,attempts,appName,firstName,lastName,email,message,sentAt,lastError',
    );
    expect(csv.trimEnd().split('\n')).toHaveLength(1 + 5 + 1); // header, 5 rows, one 2-line cell

    const json = path.join(folder.dir, 'feedback.json');
    expect((await cli('export', '-o', json, '--status', 'sent')).code).toBe(0);
    expect((JSON.parse(readFileSync(json, 'utf8')) as { id: string }[]).map((r) => r.id)).toEqual([
      ids.sent,
    ]);
    // Nothing but the files themselves is left in the folder.
    expect(readdirSync(folder.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('--output writes a file its owner alone can read, over an earlier export', async () => {
    const file = path.join(folder.dir, 'feedback.json');
    writeFileSync(file, 'an earlier export', { mode: 0o644 });
    expect((await cli('export', '--output', file)).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(5);
  });

  test('--output into a folder that does not exist fails and writes nothing', async () => {
    const file = path.join(folder.dir, 'missing', 'feedback.csv');
    const { code, err } = await cli('export', '--output', file);
    expect(code).toBe(1);
    expect(err).toBe(`Cannot write ${file}: the folder ${path.dirname(file)} does not exist.`);
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  test('--output refuses a format that contradicts the file, and writes nothing', async () => {
    const file = path.join(folder.dir, 'feedback.csv');
    const { code, err } = await cli('export', '--format', 'json', '--output', file);
    expect(code).toBe(2);
    expect(err).toContain('--format json does not match the file');
    expect(existsSync(file)).toBe(false);
  });
});

describe('a pending message', () => {
  test('has no time of its next try while delivery is off', async () => {
    const { out } = await cli('show', ids.fresh);
    expect(out).toContain('Next try:  none while delivery is off (SMTP_URL is not set)');
  });

  test('is listed by --status pending and by --status waiting alike', async () => {
    const pending = (await cli('list', '--status', 'pending')).out;
    expect(pending).toContain(ids.fresh);
    expect((await cli('list', '--status', 'waiting')).out).toBe(pending);
  });
});

describe('retry', () => {
  test('queues a dead message again; a sent one is refused', async () => {
    const retried = await cli('retry', ids.dead);
    expect(retried.code).toBe(0);
    expect((await cli('list', '--status', 'dead')).out).toBe('No messages.');
    expect((await cli('show', ids.dead)).out).toContain('Status:    pending');

    const sent = await cli('retry', ids.sent);
    expect(sent.code).toBe(1);
    expect(sent.err).toContain('is sent');
  });

  test('--dead queues every dead message', async () => {
    expect((await cli('retry', '--dead')).out).toMatch(/^Queued 1 dead message again/);
    expect((await cli('retry', '--dead')).out).toBe('No dead messages.');
  });

  test('a message marked as spam can be released for delivery', async () => {
    expect((await cli('retry', ids.spam)).code).toBe(0);
    expect((await cli('show', ids.spam)).out).toContain('Status:    pending');
  });
  test('a waiting message is due now, its attempts kept; one being sent is left alone', async () => {
    const delivering = { DATA_DIR: folder.dir, SMTP_URL: 'smtps://u:p@mail.example.com' };
    expect((await cliIn(delivering, undefined, 'show', ids.old)).out).toMatch(
      /Next try: +2025-06-01 12:01:00 UTC/,
    );
    const hurried = await cliIn(delivering, undefined, 'retry', ids.old.slice(0, 13));
    expect(hurried.code).toBe(0);
    expect(hurried.out).toBe(
      `${ids.old} is due now: the server tries it within seconds, as attempt 2.`,
    );
    const shown = (await cliIn(delivering, undefined, 'show', ids.old)).out;
    expect(shown).toContain('Status:    pending');
    expect(shown).toMatch(/Next try: +2025-06-01 12:00:00 UTC/);
    expect(shown).toMatch(/#1 .* retry .*451 Busy/);

    // Without SMTP_URL it is due all the same, and waits in the store: the command says so.
    expect((await cli('retry', ids.fresh)).out).toContain(
      'Delivery is off (SMTP_URL is not set), so it waits in the store.',
    );

    // Being sent under a lease right now: left alone.
    const store = await SqliteFeedbackStore.open(folder.dir);
    try {
      await store.outbox.claim({
        now: NOW,
        holder: 'test',
        leaseMs: 60_000,
        limit: 10,
        maxPerHour: 0,
        retryBaseMs: 30_000,
        retryCapMs: 3_600_000,
      });
      const [entry] = await store.ownerAccess.auditLog(1);
      expect(entry).toMatchObject({
        action: 'sent-now',
        detail: `${ids.fresh}, from the command line`,
      });
    } finally {
      await store.close();
    }
    const sending = await cli('retry', ids.old);
    expect(sending.code).toBe(1);
    expect(sending.err).toBe(`${ids.old} is being sent right now.`);
  });

  test('in a pause of delivery, the pause’s next try is now too', async () => {
    const store = await SqliteFeedbackStore.open(folder.dir);
    try {
      await store.outbox.pauseDelivery({
        reason: 'TLS: the mail server’s certificate is refused: certificate has expired',
        since: NOW - 60_000,
        retryAt: NOW + 540_000,
      });
    } finally {
      await store.close();
    }
    const delivering = { DATA_DIR: folder.dir, SMTP_URL: 'smtps://u:p@mail.example.com' };
    const hurried = await cliIn(delivering, undefined, 'retry', ids.old);
    expect(hurried.out).toContain(
      'Delivery is paused (TLS: the mail server’s certificate is refused: certificate has expired): the server tries the mail server again now',
    );
    expect((await cliIn(delivering, undefined, 'stats')).out).toContain(
      'Delivery paused since 2025-06-01 11:59:00 UTC: TLS: the mail server’s certificate is refused: certificate has expired (next try 2025-06-01 12:00:00 UTC)',
    );
  });
});

test('stats counts by status and app', async () => {
  const { code, out } = await cli('stats');
  expect(code).toBe(0);
  expect(out).toContain('Messages: 5');
  expect(out).toContain('pending  2 (oldest received 40 days ago)');
  expect(out).toContain('sent     1');
  expect(out).toContain('dead     1');
  expect(out).toContain('spam     1');
  expect(out).toContain('RecipeRealm: 1');
});

describe('purge', () => {
  test('deletes messages delivered and spam received more than DAYS ago, never waiting or dead ones', async () => {
    expect((await cli('purge', '--older-than', '30', '--dry-run')).out).toBe(
      'Would delete 1 message delivered and 1 spam message received before 2025-05-02 12:00:00 UTC.',
    );
    // Delivered 39 days ago: kept by a 40-day purge, though received 40 days ago.
    expect((await cli('purge', '--older-than', '40', '--yes')).out).toMatch(/^Nothing to delete/);
    const purged = await cli('purge', '--older-than', '30', '--yes');
    expect(purged.out).toContain('Deleted 1 delivered message and 1 spam message.');
    const left = (await cli('list')).out;
    expect(left).toContain(ids.old);
    expect(left).toContain(ids.dead);
    expect(left).toContain(ids.fresh);
    expect(left).not.toContain(ids.sent);
    expect(left).not.toContain(ids.spam);
  });

  test('says what it will delete and asks first; no answer, or no, deletes nothing', async () => {
    const declined = await cliAnswering(false, 'purge', '--older-than', '30');
    expect(declined.out).toContain('This deletes 1 message delivered and 1 spam message');
    expect(declined.questions).toEqual(['Delete them? [y/N] ']);
    expect(declined.code).toBe(1);
    expect(declined.err).toContain('Nothing was deleted');
    expect((await cli('purge', '--older-than', '30')).code).toBe(1);
    expect((await cli('list')).out).toContain(ids.sent);

    const accepted = await cliAnswering(true, 'purge', '--older-than', '30');
    expect(accepted.code).toBe(0);
    expect((await cli('list')).out).not.toContain(ids.sent);
  });

  test('leaves no trace of a purged message in the file or its write-ahead log', async () => {
    expect(storeBytes().includes('Old and delivered')).toBe(true);
    await cli('purge', '--older-than', '30', '--yes');
    const bytes = storeBytes();
    expect(bytes.includes('Old and delivered')).toBe(false);
    expect(bytes.includes('Buy now')).toBe(false);
    expect(bytes.includes('Old and waiting')).toBe(true);
  });

  test('needs --older-than', async () => {
    expect((await cli('purge')).code).toBe(2);
    expect((await cli('purge', '--older-than', '-3')).code).toBe(2);
  });
});

describe('forget', () => {
  test('deletes every message from one address, in any status, and says how many', async () => {
    const store = await SqliteFeedbackStore.open(folder.dir);
    const other = await storeMessage(store, {
      appName: 'EchoExpense',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      message: 'Keep me',
      spam: false,
      receivedAt: NOW,
    });
    await store.close();
    const bytesBefore = storeBytes().length;

    const result = await cli('forget', '--email', 'ADA@example.com', '--yes');
    expect(result.out).toContain('This deletes 5 messages from ADA@example.com');
    expect(result.out).toContain('Deleted 5 messages from ADA@example.com.');
    expect((await cli('list')).out).toContain(other);
    expect((await cli('stats')).out).toContain('Messages: 1');
    const bytes = storeBytes();
    expect(bytes.includes('ada@example.com')).toBe(false);
    expect(bytes.includes('Lovelace')).toBe(false);
    expect(bytes.length).toBeLessThanOrEqual(bytesBefore);
    expect((await cli('forget', '--email', 'ada@example.com', '--yes')).out).toBe(
      'No messages from ada@example.com.',
    );
  });

  test('asks first, and needs an address', async () => {
    const declined = await cliAnswering(false, 'forget', '--email', 'ada@example.com');
    expect(declined.code).toBe(1);
    expect((await cli('stats')).out).toContain('Messages: 5');
    expect((await cli('forget')).code).toBe(2);
  });
});

describe('not-spam', () => {
  test('releases a message taken for spam to the outbox; anything else is refused', async () => {
    const released = await cli('not-spam', ids.spam);
    expect(released.out).toBe(`Released ${ids.spam} from spam; the server sends it shortly.`);
    expect((await cli('list', '--status', 'pending')).out).toContain(ids.spam);
    const refused = await cli('not-spam', ids.dead);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('only messages taken for spam can be sent again');
  });
});

describe('spam', () => {
  test('takes a message for spam until not-spam, and writes it to the audit list', async () => {
    const marked = await cli('spam', ids.fresh.slice(0, 20));
    expect(marked.out).toBe(`Marked ${ids.fresh} as spam; \`not-spam ${ids.fresh}\` releases it.`);
    expect((await cli('list', '--status', 'spam')).out).toContain(ids.fresh);
    expect((await cli('show', ids.fresh)).out).toContain('Status:    spam (you marked it as spam;');
    const again = await cli('spam', ids.fresh);
    expect(again.code).toBe(1);
    expect(again.err).toContain('it is spam already');
    expect((await cli('not-spam', ids.fresh)).code).toBe(0);
    const store = await SqliteFeedbackStore.open(folder.dir);
    try {
      const entries = await store.ownerAccess.auditLog(5);
      expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
        ['released-spam', `${ids.fresh}, from the command line`],
        ['marked-spam', `${ids.fresh}, from the command line`],
      ]);
    } finally {
      await store.close();
    }
  });
});

test('owner-link prints a link to the owner’s pages that works once, for 15 minutes', async () => {
  const printed = await cliIn(
    { DATA_DIR: folder.dir, PUBLIC_URL: 'https://portfolio.example' },
    undefined,
    'owner-link',
  );
  expect(printed.code).toBe(0);
  const link = /https:\/\/portfolio\.example\/owner\/enrol#([\w-]{43})/.exec(printed.out);
  expect(link).not.toBeNull();
  expect(printed.out).toContain('It runs out at 2025-06-01 12:15:00 UTC.');
  const store = await SqliteFeedbackStore.open(folder.dir);
  try {
    const secret = link?.[1] ?? '';
    const id = createHash('sha256').update(secret).digest('base64url');
    expect(await store.ownerAccess.ticket(id, 'enrol-link', NOW)).toMatchObject({
      expiresAt: NOW + 15 * 60_000,
    });
    // The store keeps only the secret's digest.
    expect(JSON.stringify(store.db.prepare('SELECT * FROM owner_tickets').all())).not.toContain(
      secret,
    );
  } finally {
    await store.close();
  }
  // Without PUBLIC_URL, the link is this machine's, on PORT.
  const local = await cliIn({ DATA_DIR: folder.dir, PORT: '4000' }, undefined, 'owner-link');
  expect(local.out).toContain('http://localhost:4000/owner/enrol#');
});

describe('the settings file', () => {
  const settingsFile = (text: string, file = path.join(folder.dir, 'settings.env')) => {
    writeFileSync(file, text);
    return file;
  };

  test('given only DATA_DIR, owner-link makes the link for the PUBLIC_URL of settings.env there', async () => {
    const file = settingsFile('# The site\nPUBLIC_URL=https://portfolio.example\nPORT=4701\n');
    const printed = await cliIn({ DATA_DIR: folder.dir }, undefined, 'owner-link');
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^ {2}https:\/\/portfolio\.example\/owner\/enrol#[\w-]{43}$/m);
    expect(printed.out).toContain(`The address is PUBLIC_URL’s, from ${file}.`);
  });

  test('the port the server runs on, when the file sets PORT alone', async () => {
    settingsFile('PORT=4701\n');
    const printed = await cliIn({ DATA_DIR: folder.dir }, undefined, 'owner-link');
    expect(printed.out).toContain('  http://localhost:4701/owner/enrol#');
    expect(printed.out).toContain('so the address is this machine’s on port 4701');
  });

  test('the environment wins over the file', async () => {
    settingsFile('PUBLIC_URL=https://portfolio.example\nOWNER_URL=https://api.portfolio.example\n');
    const printed = await cliIn(
      { DATA_DIR: folder.dir, OWNER_URL: 'https://owner.example', PUBLIC_URL: '' },
      undefined,
      'owner-link',
    );
    expect(printed.out).toContain('  https://owner.example/owner/enrol#');
    expect(printed.out).toContain('The address is OWNER_URL’s, from the environment.');
    // An empty variable is unset, as the server reads it: the file's value holds.
    const empty = await cliIn({ DATA_DIR: folder.dir, OWNER_URL: ' ' }, undefined, 'owner-link');
    expect(empty.out).toContain('  https://api.portfolio.example/owner/enrol#');
  });

  test('SETTINGS_FILE names a file anywhere, which may say where the store is', async () => {
    const elsewhere = tempDir('feedback-settings-');
    try {
      const file = settingsFile(
        `DATA_DIR=${folder.dir}\nPUBLIC_URL=https://portfolio.example\nSMTP_URL=smtps://u:p@mail.example.com\n`,
        path.join(elsewhere.dir, 'portfolio.env'),
      );
      const printed = await cliIn({ SETTINGS_FILE: file }, undefined, 'owner-link');
      expect(printed.out).toContain('  https://portfolio.example/owner/enrol#');
      // Delivery is on by the file's SMTP_URL: a waiting message has its next try.
      expect((await cliIn({ SETTINGS_FILE: file }, undefined, 'show', ids.old)).out).toMatch(
        /Next try: +2025-06-01 12:01:00 UTC/,
      );
      const missing = await cliIn(
        { SETTINGS_FILE: path.join(elsewhere.dir, 'none.env') },
        undefined,
        'stats',
      );
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('SETTINGS_FILE: must name a readable settings file');
      expect(missing.err).toContain('there is no such file');
    } finally {
      elsewhere.remove();
    }
  });

  test('a wrong setting or line in the file is named with the file, and nothing is done', async () => {
    const file = settingsFile('PORT=eighty\nPUBLIC_URL=https://portfolio.example\n');
    const wrong = await cliIn({ DATA_DIR: folder.dir }, undefined, 'owner-link');
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(
      `PORT: must be a whole number from 1 to 65535 (got "eighty" in ${file})`,
    );
    settingsFile('SMTP_URL=smtps://u:p#w@mail.example.com\nthe site\n');
    const lines = await cliIn({ DATA_DIR: folder.dir }, undefined, 'stats');
    expect(lines.code).toBe(1);
    expect(lines.err).toContain(
      `SMTP_URL: a # in a value without quotes starts a comment: put the value in quotes, e.g. SMTP_URL='…#…' (${file}, line 1)`,
    );
    expect(lines.err).toContain(`${file}, line 2: must be NAME=value`);
  });
});

describe('an option the command does not take', () => {
  test('is refused by name, with the options the command takes, and nothing is done', async () => {
    const refused = await cli('purge', '--older-than', '30', '--dead', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err.split('\n')[0]).toBe(
      'purge does not take --dead: its options are --older-than, --dry-run, --yes, --data-dir and --help.',
    );
    expect(refused.err).toContain(USAGE);
    expect((await cli('list')).out).toContain(ids.sent);
  });

  test('is named as it was written, every one of them', async () => {
    const { code, err } = await cli('list', '-y', '--dead', '--email=ada@example.com');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(
      'list does not take -y (--yes), --dead or --email: its options are --status, --app, --limit, --data-dir and --help.',
    );
  });

  test('is refused before the store is looked for, even before the command’s name', async () => {
    const empty = tempDir('feedback-cli-empty-');
    const { code, err } = await cli('--yes', 'stats', '--data-dir', empty.dir);
    empty.remove();
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(
      'stats does not take --yes: its options are --data-dir and --help.',
    );
  });

  test('--data-dir and --help go with every command', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const { code, out } = await cli(name, '--help', '--data-dir', folder.dir);
      expect(code, name).toBe(0);
      expect(out).toBe(USAGE);
    }
  });

  test('without a terminal to ask on, purge deletes nothing and says to add --yes', async () => {
    const run = promisify(execFile)(
      'npm',
      ['run', '--silent', 'feedback', '--', 'purge', '--older-than', '1'],
      { env: { ...process.env, DATA_DIR: folder.dir } },
    );
    // No terminal: the input ends at once, as in a cron job or a pipe.
    run.child.stdin?.end();
    const failed = await run.then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Nothing was deleted (answer y, or add --yes).');
  });

  test('exits with 2 and says so on the terminal', async () => {
    const failed = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'feedback', '--', 'list', '--yes'],
      { env: { ...process.env, DATA_DIR: folder.dir } },
    ).then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr).toContain(
      'list does not take --yes: its options are --status, --app, --limit, --data-dir and --help.',
    );
  });
});

test('each command’s usage shows exactly the options it takes', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    const shown = [...command.usage.matchAll(/--([a-z-]+)/g)].map((match) => match[1]);
    expect([...new Set(shown)].sort(), name).toEqual([...command.options].sort());
  }
});

test('every command has its usage and help in the help text', async () => {
  const { out } = await cli('--help');
  expect(out).toBe(USAGE);
  for (const [name, command] of Object.entries(COMMANDS)) {
    expect(command.usage.startsWith(name)).toBe(true);
    expect(out).toContain(command.usage);
    expect(out).toContain(command.help.split(' ').slice(0, 4).join(' '));
  }
  expect(Object.keys(COMMANDS)).toEqual(
    expect.arrayContaining([
      'list',
      'show',
      'export',
      'retry',
      'not-spam',
      'stats',
      'purge',
      'forget',
    ]),
  );
});

test('a missing store says where it looked and how it comes to be', async () => {
  const empty = tempDir('feedback-cli-empty-');
  const { code, err } = await cli('list', '--data-dir', empty.dir);
  empty.remove();
  expect(code).toBe(1);
  expect(err).toMatch(/No feedback store at .*feedback\.sqlite: the server creates it/);
});

test('a wrong DATABASE_URL is named by the server’s own rule, and nothing is opened', async () => {
  const { code, out, err } = await cliIn(
    { DATA_DIR: folder.dir, DATABASE_URL: 'mysql://root:hunter2@db/feedback' },
    undefined,
    'list',
  );
  expect(code).toBe(1);
  expect(out).toBe('');
  expect(err).toBe(
    'Invalid settings:\n  - DATABASE_URL: must be an address like postgres://user:password@host:5432/database (the value is not shown here)',
  );
});

describe('backup and moving to PostgreSQL', () => {
  test('backup writes a whole copy the command can read, and never overwrites a file', async () => {
    const copy = tempDir('feedback-cli-copy-');
    try {
      const file = path.join(copy.dir, STORE_FILE);
      const made = await cli('backup', file);
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/^Wrote .*feedback\.sqlite \(\d+\.\d MB\)\.$/);
      expect((await cli('list', '--data-dir', copy.dir)).out).toContain(ids.fresh);
      const again = await cli('backup', file);
      expect(again.code).toBe(1);
      expect(again.err).toContain('exists already');
    } finally {
      copy.remove();
    }
  });

  test('backup is a file its owner alone can read, with nothing left beside it', async () => {
    const copy = tempDir('feedback-cli-copy-');
    try {
      const file = path.join(copy.dir, 'backup.sqlite');
      expect((await cli('backup', file)).code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(copy.dir)).toEqual(['backup.sqlite']);
    } finally {
      copy.remove();
    }
  });

  test('migrate-to copies every message and state into an empty database, and refuses a full one', async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl'));
    try {
      const moved = await cli('migrate-to', database.url);
      expect(moved.code, moved.err).toBe(0);
      expect(moved.out).toContain('Copied 5 messages, 4 delivery jobs, 4 delivery attempts');
      // The owner's passkeys and activity go too, and it says so.
      expect(moved.out).toMatch(/\d+ passkeys? and \d+ activity entr(y|ies)\./);
      const there = (...argv: string[]) =>
        cliIn({ DATA_DIR: folder.dir, DATABASE_URL: database.url }, undefined, ...argv);
      expect((await there('list', '--limit', '10')).out).toBe(
        (await cli('list', '--limit', '10')).out,
      );
      const stats = (await there('stats')).out;
      expect(stats).toContain('Messages: 5');
      expect(stats).toMatch(/Store: PostgreSQL database test_/);
      expect((await there('show', ids.dead)).out).toContain('550 5.1.1 Mailbox unavailable');

      // The address from the environment, as the help says to give one with a password.
      const twice = await cliIn(
        { DATA_DIR: folder.dir, MIGRATE_TO_DATABASE_URL: database.url },
        undefined,
        'migrate-to',
      );
      expect(twice.code).toBe(1);
      expect(twice.err).toContain('already holds messages');
      expect((await cli('migrate-to', 'mysql://x')).code).toBe(2);
      // A password on the command line is refused before anything is opened.
      const withPassword = await cli('migrate-to', 'postgres://feedback:secret@db.test/feedback');
      expect(withPassword.code).toBe(2);
      expect(withPassword.err).toContain('does not take a password on the command line');
    } finally {
      await database.drop();
    }
  });
});

test('npm run feedback works as a command', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'feedback', '--', 'stats'],
    {
      env: { ...process.env, DATA_DIR: folder.dir },
    },
  );
  expect(stdout).toContain('Messages: 5');
});

test('csvCell and printable', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('+1 555')).toBe("'+1 555");
  expect(csvCell('@sum')).toBe("'@sum");
  expect(csvCell(null)).toBe('');
  expect(printable('a\r\nb\rc\u0007d\te')).toBe('a\nb\nc\uFFFDd\te');
  // Bidirectional overrides and zero-width characters cannot disguise what is shown.
  expect(printable('\u202Emoc.elpmaxe\u2066x\u2069\u200By\uFEFF')).toBe(
    '\uFFFDmoc.elpmaxe\uFFFDx\uFFFD\uFFFDy\uFFFD',
  );
});
