/**
 * Several instances, one PostgreSQL database, one outbox: three server processes share a
 * database and a mail server while 3,000 messages are posted across them; one is killed
 * with SIGKILL in the middle and started again. Every acknowledged message is stored once
 * and mailed, and no message is mailed by two instances within one lease.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { PostgresFeedbackStore } from './store/postgres/engine.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { eventually, tempDir } from '../tests/server/helpers.ts';
import { createTestDatabase, type TestDatabase } from '../tests/server/postgres.ts';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process.ts';
import { SmtpSink } from '../tests/server/smtp-sink.ts';

const MESSAGES = 3000;
const CONCURRENCY = 24;
const LEASE_MS = 4000;
const ORIGIN = 'https://portfolio.test';

let folder: ReturnType<typeof tempDir>;
let database: TestDatabase;
let sink: SmtpSink;
let siteDir: string;

beforeAll(async () => {
  folder = tempDir('feedback-instances-');
  siteDir = writeFakeSite(path.join(folder.dir, 'site'), {
    publicUrl: ORIGIN,
    appNames: ['EchoExpense'],
  });
  database = await createTestDatabase(inject('postgresAdminUrl'));
  sink = await SmtpSink.start();
});

afterAll(async () => {
  await sink.close();
  await database.drop();
  folder.remove();
});

function start(index: number): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '6',
    // Each instance has a folder of its own: nothing is shared but the database.
    DATA_DIR: path.join(folder.dir, `data-${index}`),
    SITE_DIR: siteDir,
    PUBLIC_URL: ORIGIN,
    FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
    FEEDBACK_RATE_LIMIT_PER_48: '0',
    FEEDBACK_RATE_LIMIT_PER_HOUR: '0',
    FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0',
    FEEDBACK_MAX_PER_HOUR: '0',
    SMTP_URL: sink.url,
    MAIL_TO: 'owner@instances.test',
    MAIL_FROM: 'feedback@instances.test',
    MAIL_MAX_PER_HOUR: '0',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_LEASE_MS: String(LEASE_MS),
    LOG_LEVEL: 'warn',
  });
}

/** Posts message `n` with its key; its id when acknowledged; throws when the answer is lost. */
async function post(server: ServerProcess, n: number): Promise<string | undefined> {
  const response = await fetch(`${server.url}/api/sendMail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': `m-${n}` },
    body: JSON.stringify({
      appName: 'EchoExpense',
      firstName: 'Visitor',
      lastName: String(n % 97),
      email: `visitor${n}@example.com`,
      message: `Message number ${n}`,
    }),
  });
  return response.status === 202 ? ((await response.json()) as { id: string }).id : undefined;
}

test('three instances on one database: 3,000 messages, one instance killed and restarted', async () => {
  const [first, second, third] = await Promise.all([start(1), start(2), start(3)]);
  /** Where visitors post: the three, with the first standing in for one being restarted. */
  const servers = [first, second, third];
  const all = new Set(servers);
  const acknowledged = new Map<number, string>();
  const lost: number[] = [];
  let next = 0;
  let killed = false;
  let restarting: Promise<void> | undefined;

  const visitor = async (visitorIndex: number) => {
    for (;;) {
      const n =
        lost.length > 0 && !restarting ? lost.shift() : next < MESSAGES ? next++ : undefined;
      if (n === undefined) return;
      const server = servers[(n + visitorIndex) % servers.length] ?? first;
      try {
        const id = await post(server, n);
        if (id === undefined) throw new Error(`message ${n} was not accepted`);
        acknowledged.set(n, id);
      } catch (error) {
        if (error instanceof Error && error.message.includes('not accepted')) throw error;
        // That instance died mid-request: the visitor sends it again, to whichever answers.
        lost.push(n);
      }
      if (!killed && acknowledged.size >= MESSAGES / 3) {
        killed = true;
        second.child.kill('SIGKILL');
        // Meanwhile the others take the load.
        servers[1] = first;
        restarting = second.exited.then(async () => {
          const restarted = await start(2);
          all.add(restarted);
          servers[1] = restarted;
          restarting = undefined;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => visitor(index)));
  await restarting;
  for (const n of lost.splice(0)) {
    const id = await post(first, n);
    if (id === undefined) throw new Error(`message ${n} was not accepted when sent again`);
    acknowledged.set(n, id);
  }
  expect(killed).toBe(true);
  expect(acknowledged.size).toBe(MESSAGES);

  // Every acknowledged message is stored once: one id per key, one row per id.
  const ids = new Set(acknowledged.values());
  expect(ids.size).toBe(MESSAGES);
  const store = await PostgresFeedbackStore.open({ url: database.url, poolSize: 2 });
  try {
    const { rows } = await store.pool.query<{ n: number }>('SELECT count(*) AS n FROM messages');
    expect(rows[0]?.n).toBe(MESSAGES);

    // Every one is mailed; a second mail of one message comes only after its lease ran out.
    const messageIds = () =>
      sink.received.map(
        (mail) => /feedback\.([0-9a-f-]+)@/.exec(mail.headers.get('message-id')?.[0] ?? '')?.[1],
      );
    await eventually(() => (new Set(messageIds()).size >= MESSAGES ? true : undefined), {
      timeoutMs: 120_000,
      intervalMs: 100,
      what: 'every message to be mailed',
    });
    const mailed = messageIds();
    expect(new Set(mailed).size).toBe(MESSAGES);
    for (const id of ids) expect(mailed).toContain(id);
    // Timed at the mail server: the first mail arrives some time after its claim (a busy
    // machine took over 500 ms), the second once the lease, counted from that claim, ran out.
    // Two instances sending at once, the fault this looks for, would be milliseconds apart.
    const firstMailAt = new Map<string, number>();
    mailed.forEach((id = '', index) => {
      const at = sink.receivedAt[index] ?? 0;
      const earlier = firstMailAt.get(id);
      if (earlier === undefined) firstMailAt.set(id, at);
      else expect(at - earlier, `second mail of ${id}`).toBeGreaterThanOrEqual(LEASE_MS / 2);
    });
    const counts = await store.owner.counts();
    expect(counts).toMatchObject({ sent: MESSAGES, dead: 0 });
  } finally {
    await store.close();
    for (const server of all) server.child.kill('SIGTERM');
    await Promise.all([...all].map((server) => server.exited));
  }
}, 240_000);
