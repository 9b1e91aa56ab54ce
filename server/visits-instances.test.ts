/**
 * Visits counted by three instances on one PostgreSQL database: each visitor's beacons go
 * to all three in turn, and one instance is restarted in the middle (a new key, which the
 * others seal the day's salt to). Every page view is counted once, and every visitor once
 * a day, whichever instances saw it.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { VISIT_ENDPOINT } from '../common/visits.ts';
import { PostgresFeedbackStore } from './store/postgres/engine.ts';
import type { VisitReport } from './visits/types.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { eventually, tempDir } from '../tests/server/helpers.ts';
import { createTestDatabase, type TestDatabase } from '../tests/server/postgres.ts';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process.ts';

const VISITORS = 60;
const ORIGIN = 'https://portfolio.test';
/** What each visitor views, in order; `/app-0` twice. */
const PATHS = ['/', '/app-0', '/app-1', '/projects', '/app-0'];
const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

let folder: ReturnType<typeof tempDir>;
let database: TestDatabase;
let siteDir: string;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  folder = tempDir('visits-instances-');
  siteDir = writeFakeSite(path.join(folder.dir, 'site'), {
    publicUrl: ORIGIN,
    appNames: ['EchoExpense', 'Steda'],
  });
  database = await createTestDatabase(inject('postgresAdminUrl'));
});

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all([...running].map((server) => server.exited));
  await database.drop();
  folder.remove();
});

async function start(index: number): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: path.join(folder.dir, `data-${index}`),
    SITE_DIR: siteDir,
    PUBLIC_URL: ORIGIN,
    // The visitors' addresses come as a proxy forwards them.
    TRUST_PROXY: '127.0.0.1',
    VISITS_FLUSH_MS: '200',
    VISITS_RATE_LIMIT_PER_MINUTE: '0',
    VISITS_MAX_PER_SECOND: '0',
    LOG_LEVEL: 'warn',
  });
  running.add(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  running.delete(server);
}

/** Visitor `visitor`'s view of its `step`th page, to `server`. */
async function view(server: ServerProcess, visitor: number, step: number): Promise<number> {
  const response = await fetch(`${server.url}${VISIT_ENDPOINT}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: ORIGIN,
      'user-agent': BROWSERS[visitor % BROWSERS.length] ?? '',
      'x-forwarded-for': `203.0.${Math.floor(visitor / 200)}.${visitor % 200}`,
    },
    body: JSON.stringify({ kind: 'view', path: PATHS[step] }),
  });
  return response.status;
}

async function report(): Promise<VisitReport> {
  const store = await PostgresFeedbackStore.open({ url: database.url, poolSize: 1 });
  try {
    return await store.visitStats.report(7, Date.now(), 20);
  } finally {
    await store.close();
  }
}

/** The report once the store holds `views` page views. */
function viewsInStore(views: number): Promise<VisitReport> {
  return eventually(
    async () => {
      const now = await report();
      return now.totals.views >= views ? now : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 250, what: `${views} views in the store` },
  );
}

test('three instances, one restarted: every view counted once, every visitor once', async () => {
  const servers = await Promise.all([start(1), start(2), start(3)]);
  const send = async (steps: readonly number[]) => {
    const statuses = await Promise.all(
      Array.from({ length: VISITORS }, async (_, visitor) => {
        const answers = [];
        // Each view of a visitor goes to the next instance.
        for (const step of steps) {
          const server = servers[(visitor + step) % servers.length];
          if (server) answers.push(await view(server, visitor, step));
        }
        return answers;
      }),
    );
    expect(statuses.flat()).toEqual(Array(VISITORS * steps.length).fill(204));
  };

  await send([0, 1]);
  // A view waits for the day's salt on an instance that has none yet, and is written with
  // its visitor once it has: all are written when the store has every view.
  await viewsInStore(VISITORS * 2);
  // One instance restarts: what it counted is written as it stops; the new one has a key
  // of its own, and gets the day's salt from the others.
  await stop(servers[1]);
  servers[1] = await start(4);
  await send([2, 3, 4]);

  const views = VISITORS * PATHS.length;
  const final = await viewsInStore(views);
  expect(final.totals).toEqual({ views, visitors: VISITORS });
  expect(final.pages).toEqual([
    { page: '/app-0', views: 2 * VISITORS, visitors: VISITORS },
    { page: '/', views: VISITORS, visitors: VISITORS },
    { page: '/app-1', views: VISITORS, visitors: VISITORS },
    { page: '/projects', views: VISITORS, visitors: VISITORS },
  ]);
  expect(
    final.apps.map(({ app, views: appViews, visitors }) => ({ app, appViews, visitors })),
  ).toEqual([
    { app: 'app-0', appViews: 2 * VISITORS, visitors: VISITORS },
    { app: 'app-1', appViews: VISITORS, visitors: VISITORS },
  ]);
  expect(final.devices).toEqual([
    { device: 'desktop', views: views / 2, visitors: VISITORS / 2 },
    { device: 'mobile', views: views / 2, visitors: VISITORS / 2 },
  ]);
}, 120_000);
