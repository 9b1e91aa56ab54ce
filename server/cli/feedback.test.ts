import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FeedbackStore } from '../store/feedback-store.ts';
import { tempDir } from '../test/helpers.ts';
import { csvCell, printable, runFeedbackCli } from './feedback.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

let folder: ReturnType<typeof tempDir>;
let ids: { old: string; fresh: string; spam: string; dead: string; sent: string };

beforeEach(async () => {
  folder = tempDir('feedback-cli-');
  const store = FeedbackStore.open(folder.dir);
  const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', spam: false };
  const accept = async (fields: Partial<Parameters<FeedbackStore['accept']>[0]>) =>
    (
      await store.accept({
        ...base,
        appName: 'EchoExpense',
        message: 'Hello',
        receivedAt: NOW,
        ...fields,
      })
    ).id;
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
  const claimed = store.claimDue({ now: NOW, owner: 'test', leaseMs: 1000, limit: 10 });
  for (const message of claimed) {
    const outcome = { owner: 'test', attempt: 1, startedAt: NOW, finishedAt: NOW + 5, detail: '' };
    if (message.id === ids.sent) store.recordSent(message.id, { ...outcome, detail: '250 OK' });
    else if (message.id === ids.dead) {
      store.recordDead(message.id, { ...outcome, detail: '550 5.1.1 Mailbox unavailable' });
    } else
      store.recordRetry(message.id, {
        ...outcome,
        nextAttemptAt: NOW + 60_000,
        detail: '451 Busy',
      });
  }
  await store.close();
});

afterEach(() => folder.remove());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFeedbackCli(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: { DATA_DIR: folder.dir },
    now: () => NOW,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
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
});

test('stats counts by status and app', async () => {
  const { code, out } = await cli('stats');
  expect(code).toBe(0);
  expect(out).toContain('Messages: 5');
  expect(out).toContain('waiting  2 (oldest received 40 days ago)');
  expect(out).toContain('sent     1');
  expect(out).toContain('dead     1');
  expect(out).toContain('spam     1');
  expect(out).toContain('RecipeRealm: 1');
});

describe('purge', () => {
  test('deletes delivered messages and spam older than DAYS, never waiting or dead ones', async () => {
    expect((await cli('purge', '--older-than', '30', '--dry-run')).out).toMatch(/^Would delete 2 /);
    const purged = await cli('purge', '--older-than', '30');
    expect(purged.out).toMatch(/^Deleted 2 delivered or spam messages/);
    const left = (await cli('list')).out;
    expect(left).toContain(ids.old);
    expect(left).toContain(ids.dead);
    expect(left).toContain(ids.fresh);
    expect(left).not.toContain(ids.sent);
    expect(left).not.toContain(ids.spam);
  });

  test('needs --older-than', async () => {
    expect((await cli('purge')).code).toBe(2);
    expect((await cli('purge', '--older-than', '-3')).code).toBe(2);
  });
});

test('a missing store says where it looked and how it comes to be', async () => {
  const empty = tempDir('feedback-cli-empty-');
  const { code, err } = await cli('list', '--data-dir', empty.dir);
  empty.remove();
  expect(code).toBe(1);
  expect(err).toMatch(/No feedback store at .*feedback\.sqlite: the server creates it/);
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
});
