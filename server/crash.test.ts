/**
 * Acceptance is durability, with a real server process: while concurrent visitors post,
 * the process is killed with SIGKILL (no shutdown, no flush), then started again. Over five
 * rounds every acknowledged message is in the store, the file passes integrity_check, and
 * in the end every acknowledged message reaches the mail server. After each restart every
 * request whose answer was lost is sent again with its Idempotency-Key, as the form does:
 * no submission is stored twice, and none is mailed under two message ids.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SqliteFeedbackStore } from './store/sqlite/engine.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { eventually, tempDir } from '../tests/server/helpers.ts';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process.ts';
import { SmtpSink } from '../tests/server/smtp-sink.ts';

const ROUNDS = 5;
const CONCURRENCY = 12;
/** Acknowledged messages to wait for in a round before the kill. */
const ACKS_BEFORE_KILL = 60;

let folder: ReturnType<typeof tempDir>;
let sink: SmtpSink;
let dataDir: string;
let siteDir: string;

beforeAll(async () => {
  folder = tempDir('feedback-crash-');
  dataDir = path.join(folder.dir, 'data');
  siteDir = writeFakeSite(path.join(folder.dir, 'site'), {
    publicUrl: 'http://127.0.0.1',
    appNames: ['EchoExpense'],
  });
  sink = await SmtpSink.start();
});

afterAll(async () => {
  await sink.close();
  folder.remove();
});

function start(): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
    FEEDBACK_RATE_LIMIT_PER_HOUR: '0',
    FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0',
    FEEDBACK_MAX_PER_HOUR: '0',
    SMTP_URL: sink.url,
    MAIL_TO: 'owner@crash.test',
    MAIL_FROM: 'feedback@crash.test',
    MAIL_MAX_PER_HOUR: '0',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_LEASE_MS: '1000',
    LOG_LEVEL: 'warn',
  });
}

/** A submission as the form sends it: its key and its visitor. */
interface Submission {
  key: string;
  visitorIndex: number;
}

/** Posts a submission; its id when acknowledged, undefined on another status; throws when the answer is lost. */
async function post(server: ServerProcess, { key, visitorIndex }: Submission) {
  const response = await fetch(`${server.url}/api/sendMail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'idempotency-key': key },
    body: JSON.stringify({
      appName: 'EchoExpense',
      firstName: 'Visitor',
      lastName: `${visitorIndex}`,
      email: `visitor${visitorIndex}@example.com`,
      message: `Message ${key}`,
    }),
  });
  return response.status === 202 ? ((await response.json()) as { id: string }).id : undefined;
}

/**
 * Posts from `CONCURRENCY` visitors at once until stopped; adds each acknowledged id, and
 * each submission whose answer was lost (the server died mid-request) to `lost`.
 */
function load(server: ServerProcess, round: number, acknowledged: Set<string>, lost: Submission[]) {
  let stopped = false;
  let sent = 0;
  const visitor = async (visitorIndex: number) => {
    while (!stopped) {
      sent += 1;
      const submission = { key: `round-${round}-visitor-${visitorIndex}-${sent}`, visitorIndex };
      try {
        const id = await post(server, submission);
        if (id !== undefined) acknowledged.add(id);
      } catch {
        // The server died mid-request: the visitor sends it again once it is back.
        lost.push(submission);
        return;
      }
    }
  };
  const running = Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => visitor(index)));
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Sends every submission whose answer was lost again, with its key; all must be acknowledged. */
async function resend(server: ServerProcess, lost: Submission[], ids: Set<string>) {
  const again = lost.splice(0);
  for (const submission of again) {
    const id = await post(server, submission);
    expect(id, `the resent ${submission.key}`).toBeDefined();
    if (id !== undefined) ids.add(id);
  }
  return again.length;
}

test('after SIGKILL mid-load, five times over, every acknowledged message is stored and then mailed', async () => {
  const ids = new Set<string>();
  const lost: Submission[] = [];
  let resent = 0;

  for (let round = 1; round <= ROUNDS; round++) {
    const server = await start();
    resent += await resend(server, lost, ids);
    const before = ids.size;
    const visitors = load(server, round, ids, lost);
    await eventually(() => (ids.size - before >= ACKS_BEFORE_KILL ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 10,
      what: `${ACKS_BEFORE_KILL} acknowledgements in round ${round}`,
    }).finally(() => server.child.kill('SIGKILL'));
    expect(await server.exited).toBe('SIGKILL');
    await visitors.stop();
    expect(ids.size - before).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const store = await SqliteFeedbackStore.open(dataDir);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const missing = [];
      for (const id of ids) {
        const found = await store.owner.find(id);
        if (!found || 'ambiguous' in found) missing.push(id);
      }
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
  }

  // Back up for good: every acknowledged message is mailed (at least once).
  const server = await start();
  try {
    resent += await resend(server, lost, ids);
    expect(resent).toBeGreaterThan(0);
    // No submission was stored twice, whether or not its first answer was lost.
    const store = await SqliteFeedbackStore.open(dataDir, { create: false });
    try {
      const twice = store.db
        .prepare('SELECT message FROM messages GROUP BY message HAVING count(*) > 1')
        .all();
      expect(twice).toEqual([]);
      const counts = await store.owner.counts();
      expect(counts.pending + counts.sent).toBe(ids.size);
    } finally {
      await store.close();
    }
    const mailed = () =>
      new Set(
        sink.received.map((mail) =>
          (mail.headers.get('message-id')?.[0] ?? '').replace(/^<feedback\.|@.*$/g, ''),
        ),
      );
    await sink.waitFor(() => [...ids].every((id) => mailed().has(id)), {
      timeoutMs: 60_000,
      what: `${ids.size} acknowledged messages to be mailed`,
    });
    expect([...ids].filter((id) => !mailed().has(id))).toEqual([]);
    // A mail may go out twice after a kill mid-send (same Message-ID, at least once), but
    // never one submission under two message ids.
    const idsBySubmission = new Map<string, Set<string>>();
    for (const mail of sink.received) {
      const submission = /Message (round-\S+)/.exec(mail.text)?.[1] ?? '';
      const messageIds = idsBySubmission.get(submission) ?? new Set<string>();
      messageIds.add(mail.headers.get('message-id')?.[0] ?? '');
      idsBySubmission.set(submission, messageIds);
    }
    expect([...idsBySubmission.values()].filter((messageIds) => messageIds.size > 1)).toEqual([]);
    expect(idsBySubmission.size).toBe(ids.size);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}, 240_000);
