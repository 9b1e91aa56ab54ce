/**
 * Acceptance is durability, with a real server process: while concurrent visitors post,
 * the process is killed with SIGKILL (no shutdown, no flush), then started again. Over five
 * rounds every acknowledged message is in the store, the file passes integrity_check, and
 * in the end every acknowledged message reaches the mail server.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FeedbackStore } from './store/feedback-store.ts';
import { writeFakeSite } from './test/fake-site.ts';
import { tempDir } from './test/helpers.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { SmtpSink } from './test/smtp-sink.ts';

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
    SMTP_URL: sink.url,
    MAIL_TO: 'owner@crash.test',
    MAIL_FROM: 'feedback@crash.test',
    MAIL_MAX_PER_HOUR: '0',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_LEASE_MS: '1000',
    LOG_LEVEL: 'warn',
  });
}

/** Posts from `CONCURRENCY` visitors at once until stopped; adds each acknowledged id. */
function load(server: ServerProcess, round: number, acknowledged: Set<string>) {
  let stopped = false;
  let sent = 0;
  const visitor = async (visitorIndex: number) => {
    while (!stopped) {
      sent += 1;
      const key = `round-${round}-visitor-${visitorIndex}-${sent}`;
      try {
        const response = await fetch(`${server.url}/api/sendMail`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: server.url,
            'idempotency-key': key,
          },
          body: JSON.stringify({
            appName: 'EchoExpense',
            firstName: 'Visitor',
            lastName: `${visitorIndex}`,
            email: `visitor${visitorIndex}@example.com`,
            message: `Message ${key}`,
          }),
        });
        if (response.status === 202) {
          acknowledged.add(((await response.json()) as { id: string }).id);
        }
      } catch {
        // The server died mid-request: this one was never acknowledged.
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

test('after SIGKILL mid-load, five times over, every acknowledged message is stored and then mailed', async () => {
  const ids = new Set<string>();

  for (let round = 1; round <= ROUNDS; round++) {
    const server = await start();
    const before = ids.size;
    const visitors = load(server, round, ids);
    const deadline = Date.now() + 20_000;
    while (ids.size - before < ACKS_BEFORE_KILL && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await visitors.stop();
    expect(ids.size - before).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const store = FeedbackStore.open(dataDir);
    try {
      expect(store.integrityCheck()).toBe('ok');
      const missing = [...ids].filter((id) => {
        const found = store.find(id);
        return !found || 'ambiguous' in found;
      });
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
  }

  // Back up for good: every acknowledged message is mailed (at least once).
  const server = await start();
  try {
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
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}, 240_000);
