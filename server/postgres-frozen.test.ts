/**
 * A PostgreSQL server that stops answering (frozen with SIGSTOP: a hung host, a network
 * that drops packets) fails requests within the store's time limit, readiness says 503
 * within its own, and once the database answers again nothing acknowledged is missing and
 * a message sent again with its key is stored once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  eventually,
  postFeedback,
  startTestServer,
  tempDir,
  validPayload,
  type TestServer,
} from '../tests/server/helpers.ts';
import {
  createTestDatabase,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from '../tests/server/postgres.ts';
import { READY_TIME_LIMIT_MS } from './routes/ready.ts';

const TIMEOUT_MS = 1000;

let cluster: PostgresCluster;
let database: TestDatabase;
let server: TestServer;
let folder: ReturnType<typeof tempDir>;
let postmaster: number;
let processes: number[] = [];

/** The cluster's processes: its postmaster and every process it started. */
function clusterProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

beforeAll(async () => {
  // A cluster of its own: freezing the one the other test files share would stop them.
  cluster = await startPostgresCluster();
  database = await createTestDatabase(cluster.adminUrl);
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  const dataDir = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0]
    ?.data_directory;
  await admin.end();
  postmaster = Number(
    readFileSync(path.join(dataDir ?? '', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  folder = tempDir();
  server = await startTestServer({
    storage: { env: { DATA_DIR: folder.dir, DATABASE_URL: database.url }, remove: async () => {} },
    env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
}, 60_000);

afterAll(async () => {
  for (const pid of processes) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone already.
    }
  }
  await server.close();
  await database.drop();
  await cluster.stop();
  folder.remove();
});

const payload = (index: number) => validPayload({ message: `Sent while frozen, number ${index}` });

test('a frozen database: 503 within the limit, readiness 503, nothing lost once it answers', async () => {
  const { app } = server;
  const before = await postFeedback(app, validPayload({ message: 'Before the freeze' }), {
    headers: { 'idempotency-key': 'frozen-before' },
  });
  expect(before.statusCode).toBe(202);

  // Every process of the cluster now, the server's connections included.
  processes = clusterProcesses(postmaster);
  for (const pid of processes) process.kill(pid, 'SIGSTOP');
  try {
    const started = Date.now();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(async (index) => {
        const response = await postFeedback(app, payload(index), {
          headers: { 'idempotency-key': `frozen-${index}` },
        });
        return { status: response.statusCode, ms: Date.now() - started };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      // A statement's limit, with the client's own second, for the group in flight and the
      // one waiting behind it.
      expect(answer.ms).toBeLessThan(2 * (TIMEOUT_MS + 1000) + 1000);
    }
    const readyStarted = Date.now();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - readyStarted).toBeLessThan(READY_TIME_LIMIT_MS + 1000);
  } finally {
    for (const pid of processes) process.kill(pid, 'SIGCONT');
  }

  // The database answers again: each message sent again with its key is stored once.
  for (const index of [0, 1, 2, 3, 4]) {
    const status = await eventually(
      async () => {
        const response = await postFeedback(app, payload(index), {
          headers: { 'idempotency-key': `frozen-${index}` },
        });
        return response.statusCode === 202 ? response.statusCode : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250, what: `message ${index} to be stored` },
    );
    expect(status).toBe(202);
  }
  const messages = (await app.inbox.list()).map((message) => message.message);
  expect(messages.sort()).toEqual(
    ['Before the freeze', ...[0, 1, 2, 3, 4].map((index) => payload(index).message)].sort(),
  );
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
}, 60_000);
