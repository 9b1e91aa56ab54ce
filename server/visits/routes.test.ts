/**
 * The visit beacon as the site's pages send it: what is counted (page views, visitors once
 * a day, apps, devices, referrers, paths that found no page, button clicks, QR codes
 * shown), what is not (a browser that asks not to be tracked, a bot, counting off), the
 * refusals, the limits, and the sums written in one transaction per flush. Time is a clock
 * the tests move.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  startTestServer,
  TEST_PUBLIC_URL,
  TestClock,
  type TestServer,
  type TestServerOptions,
} from '../../tests/server/helpers.ts';
import { ENGINES } from '../../tests/server/store-engines.ts';
import { VISIT_ENDPOINT, type VisitBeacon } from '../../common/visits.ts';

const START = Date.UTC(2025, 2, 10, 12);
const DAY = 24 * 60 * 60 * 1000;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36';

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

async function start(options: TestServerOptions = {}) {
  const clock = options.clock instanceof TestClock ? options.clock : new TestClock(START);
  const server = await startTestServer({
    clock,
    ...options,
    env: { VISITS_FLUSH_MS: '3600000', ...options.env },
  });
  servers.push(server);
  return { ...server, clock };
}

type App = TestServer['app'];

/** A beacon as `navigator.sendBeacon` posts a string: text/plain, from the site's page. */
function beacon(
  app: App,
  body: VisitBeacon | string,
  {
    userAgent = DESKTOP,
    headers = {},
    ...rest
  }: { userAgent?: string; headers?: Record<string, string> } & Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url: VISIT_ENDPOINT,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: TEST_PUBLIC_URL,
      ...(userAgent ? { 'user-agent': userAgent } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...rest,
  });
}

const view = (path: string, referrer?: string): VisitBeacon => ({
  kind: 'view',
  path,
  ...(referrer ? { referrer } : {}),
});

/** The week's report once the counter has ticked (as it does every VISITS_FLUSH_MS). */
async function report(app: App, now: number) {
  // A tick of its own: one that the clock began as it passed a flush may have begun before
  // the latest views came.
  await app.visitCounter?.tick();
  await app.visitCounter?.tick();
  return app.visitStats.report(7, now);
}

describe.each(ENGINES)('on $name', (engine) => {
  test('views, visitors once a day, apps, devices, referrers, 404s, clicks and QR codes are counted', async () => {
    const { app, clock } = await start({ engine });
    const phone = { userAgent: PHONE, remoteAddress: '198.51.100.1' };
    const desk = { remoteAddress: '2001:db8:1:2::10' };
    const answers = await Promise.all([
      beacon(app, view('/', 'www.News.example'), phone),
      beacon(app, view('/echoexpense'), phone),
      beacon(app, view('/echoexpense/privacy'), phone),
      beacon(app, view('/echoexpense'), phone),
      // The same /64, another address: the same visitor.
      beacon(app, view('/echoexpense', 'search.example'), {
        remoteAddress: '2001:db8:1:2::99',
      }),
      beacon(app, view('/echoexpense/'), desk),
      beacon(app, view('/echoexpense/some/sub-path'), desk),
      beacon(app, view('/no-such-page'), desk),
      beacon(app, { kind: 'click', app: 'echoexpense', button: 'appStore' }, phone),
      beacon(app, { kind: 'click', app: 'echoexpense', button: 'landing' }, desk),
      beacon(app, { kind: 'qr', app: 'echoexpense', button: 'appStore' }, desk),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(11).fill(204));
    expect(answers[0].headers['cache-control']).toBe('no-store');

    const today = await report(app, clock.now());
    expect(today.totals).toEqual({ views: 7, visitors: 2 });
    expect(today.pages).toEqual([
      { page: '/echoexpense', views: 5, visitors: 2 },
      { page: '/', views: 1, visitors: 1 },
      { page: '/echoexpense/privacy', views: 1, visitors: 1 },
    ]);
    expect(today.apps).toEqual([
      {
        app: 'echoexpense',
        views: 6,
        visitors: 2,
        clicks: { landing: 1, appStore: 1, playStore: 0, testFlight: 0 },
        storeClicks: 1,
        clickThroughRate: 1 / 6,
        qrShown: { landing: 0, appStore: 1, playStore: 0, testFlight: 0 },
      },
    ]);
    expect(today.referrers).toEqual([
      { domain: 'news.example', visits: 1 },
      { domain: 'search.example', visits: 1 },
    ]);
    expect(today.notFound).toEqual([{ path: '/no-such-page', views: 1 }]);
    expect(today.devices).toEqual([
      { device: 'mobile', views: 4, visitors: 1 },
      { device: 'desktop', views: 3, visitors: 1 },
    ]);

    // The next day the same visitor is counted again, once.
    clock.advance(DAY);
    await beacon(app, view('/'), phone);
    await beacon(app, view('/'), phone);
    const week = await report(app, clock.now());
    expect(week.days.slice(-2)).toEqual([
      { day: '2025-03-10', views: 7, visitors: 2 },
      { day: '2025-03-11', views: 2, visitors: 1 },
    ]);
  });

  test('two instances on one store count a visitor who reaches both once', async () => {
    const storage = await engine.storage();
    const clock = new TestClock(START);
    try {
      const first = await start({ storage, clock });
      const second = await start({ storage, clock });
      // The second started after the first made the salt: it gets its share when the first
      // next ticks; meanwhile its views wait.
      const visitor = { remoteAddress: '203.0.113.5', userAgent: PHONE };
      await beacon(first.app, view('/'), visitor);
      await beacon(second.app, view('/'), visitor);
      expect(second.app.visitCounter?.waiting).toBe(1);
      await first.app.visitCounter?.tick();
      await second.app.visitCounter?.tick();
      expect(second.app.visitCounter?.waiting).toBe(0);
      // One restarts: its new key gets a share too.
      await second.close();
      servers = servers.filter((server) => server !== second);
      const again = await start({ storage, clock });
      await first.app.visitCounter?.tick();
      await again.app.visitCounter?.tick();
      await beacon(again.app, view('/echoexpense'), visitor);
      await again.close();
      servers = servers.filter((server) => server !== again);
      expect((await report(first.app, clock.now())).totals).toEqual({ views: 3, visitors: 1 });
    } finally {
      for (const server of servers) await server.close();
      servers = [];
      await storage.remove();
    }
  });
});

test('counts older than VISITS_RETENTION_DAYS are deleted when the server starts (and every ten minutes)', async () => {
  const [sqlite] = ENGINES;
  if (!sqlite) throw new Error('no SQLite engine');
  const storage = await sqlite.storage();
  try {
    const first = await startTestServer({ storage, clock: new TestClock(START) });
    await first.app.visitRecorder.record(
      ['2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10'].map((day) => ({
        day,
        dimension: 'site',
        key: '',
        detail: '',
        hits: 1,
        visitors: [],
      })),
    );
    await first.close();
    const { app } = await start({ storage, env: { VISITS_RETENTION_DAYS: '3' } });
    const days = await app.visitStats.days({ from: '2025-03-07', to: '2025-03-10' });
    expect(days.map((day) => day.views)).toEqual([0, 1, 1, 1]);
    await app.close();
    servers = [];
  } finally {
    await storage.remove();
  }
});

test('a beacon’s answer may be read by pages on another origin (a static host in front of this API); others keep theirs', async () => {
  const { app } = await start();
  const counted = await beacon(app, view('/'));
  expect(counted.statusCode).toBe(204);
  expect(counted.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const refused = await beacon(app, 'not a beacon');
  expect(refused.statusCode).toBe(400);
  expect(refused.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.headers['cross-origin-resource-policy']).toBe('same-origin');
});

describe('what is not counted', () => {
  test('a browser that asks not to be tracked: 204, and nothing counted', async () => {
    const { app, clock } = await start();
    for (const headers of [{ 'sec-gpc': '1' }, { dnt: '1' }] as Record<string, string>[]) {
      expect((await beacon(app, view('/'), { headers })).statusCode).toBe(204);
    }
    expect((await report(app, clock.now())).totals).toEqual({ views: 0, visitors: 0 });
    expect(app.visitCounter?.stats.counted).toBe(0);
  });

  test('bots, and requests without a user agent: 204, and nothing counted', async () => {
    const { app, clock } = await start();
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    for (const userAgent of [GOOGLEBOT, headless, 'curl/8.5.0', '']) {
      expect((await beacon(app, view('/'), { userAgent })).statusCode).toBe(204);
    }
    expect((await report(app, clock.now())).totals.views).toBe(0);
  });

  test('a page at another origin: 204, nothing counted, and the log says which origin once', async () => {
    const lines: string[] = [];
    const { app, clock } = await start({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    const elsewhere = { headers: { origin: 'https://elsewhere.example' } };
    expect((await beacon(app, view('/'), elsewhere)).statusCode).toBe(204);
    expect((await beacon(app, view('/'), elsewhere)).statusCode).toBe(204);
    const crossSite = { headers: { origin: '', 'sec-fetch-site': 'cross-site' } };
    expect((await beacon(app, view('/'), crossSite)).statusCode).toBe(204);
    expect((await report(app, clock.now())).totals.views).toBe(0);
    const warnings = lines.filter((line) => line.includes('visit beacons from this origin'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"origin":"https://elsewhere.example"');
  });

  test('a request naming no origin counts only when the browser marks it as the site’s own page', async () => {
    const { app, clock } = await start();
    const withoutOrigin = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: VISIT_ENDPOINT,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP, ...headers },
        payload: JSON.stringify(view('/', 'buy-pills-1.example')),
      });
    // A script posing as a browser: no Origin, no fetch metadata.
    for (let n = 0; n < 20; n++) expect((await withoutOrigin({})).statusCode).toBe(204);
    expect((await withoutOrigin({ 'sec-fetch-site': 'none' })).statusCode).toBe(204);
    expect((await withoutOrigin({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(204);
    expect((await report(app, clock.now())).totals.views).toBe(0);
    expect((await withoutOrigin({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
    expect((await report(app, clock.now())).totals.views).toBe(1);
  });

  test('with counting off, a beacon is answered and nothing is written', async () => {
    const { app, clock } = await start({ env: { VISITS_ENABLED: 'false' } });
    expect(app.visitCounter).toBeUndefined();
    expect((await beacon(app, view('/'))).statusCode).toBe(204);
    expect((await app.visitStats.report(7, clock.now())).totals.views).toBe(0);
  });
});

describe('refusals', () => {
  test('another media type, a large body, no beacon, an unknown app', async () => {
    const { app, clock } = await start();
    const cases: [Parameters<typeof beacon>, number, string][] = [
      [
        [app, view('/'), { headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
        415,
        'unsupported_media_type',
      ],
      [[app, view(`/${'a'.repeat(1100)}`)], 413, 'body_too_large'],
      [[app, 'not json'], 400, 'invalid_beacon'],
      [[app, '{"kind":"view"}'], 400, 'invalid_beacon'],
      [[app, '{"kind":"view","path":"/","extra":1}'], 400, 'invalid_beacon'],
      [[app, view('/', 'not a domain!')], 400, 'invalid_beacon'],
      [[app, { kind: 'click', app: 'no-such-app', button: 'appStore' }], 400, 'unknown_app'],
    ];
    for (const [args, status, code] of cases) {
      const answer = await beacon(...args);
      expect({
        status: answer.statusCode,
        code: answer.json<{ error: { code: string } }>().error.code,
      }).toEqual({ status, code });
    }
    // As application/json, a beacon is taken too.
    const json = await beacon(app, view('/'), { headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(204);
    expect((await report(app, clock.now())).totals.views).toBe(1);
  });

  test('per client a minute, and over all clients a second: 429 with Retry-After', async () => {
    const { app, clock } = await start({
      env: { VISITS_RATE_LIMIT_PER_MINUTE: '3', VISITS_MAX_PER_SECOND: '5' },
    });
    const statuses = async (remoteAddress: string, times: number) => {
      const answers = [];
      for (let index = 0; index < times; index++) {
        answers.push(await beacon(app, view('/'), { remoteAddress }));
      }
      return answers;
    };
    const one = await statuses('198.51.100.20', 4);
    expect(one.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 429]);
    expect(one[3]?.headers['retry-after']).toBe('60');
    // Another /64 of the same /48 is another client; the second's cap is over all of them.
    const other = await statuses('2001:db8:5:1::1', 3);
    expect(other.map((answer) => answer.statusCode)).toEqual([204, 204, 429]);
    expect(other[2]?.headers['retry-after']).toBe('1');
    clock.advance(1000);
    expect((await beacon(app, view('/'), { remoteAddress: '2001:db8:5:2::1' })).statusCode).toBe(
      204,
    );
    expect((await report(app, clock.now())).totals.views).toBe(6);
  });
});

describe('aggregation', () => {
  test('2,000 beacons are written in one transaction, and each flush writes only what is new', async () => {
    const { app, clock } = await start({
      env: { VISITS_RATE_LIMIT_PER_MINUTE: '0', VISITS_MAX_PER_SECOND: '0' },
    });
    const record = vi.spyOn(app.visitRecorder, 'record');
    for (let batch = 0; batch < 2000; batch += 200) {
      await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          beacon(app, view(index % 2 ? '/' : '/echoexpense'), {
            remoteAddress: `198.51.${Math.floor((batch + index) / 250)}.${(batch + index) % 250}`,
          }),
        ),
      );
    }
    await app.visitCounter?.flush();
    expect(record).toHaveBeenCalledTimes(1);
    await app.visitCounter?.flush();
    expect(record).toHaveBeenCalledTimes(1);
    const today = await app.visitStats.report(7, clock.now());
    expect(today.totals).toEqual({ views: 2000, visitors: 2000 });
    expect(today.pages).toEqual([
      { page: '/', views: 1000, visitors: 1000 },
      { page: '/echoexpense', views: 1000, visitors: 1000 },
    ]);
  });

  test('a flush that fails keeps its counts for the next one', async () => {
    const { app, clock } = await start();
    await beacon(app, view('/'));
    const record = vi
      .spyOn(app.visitRecorder, 'record')
      .mockRejectedValueOnce(new Error('the store is away'));
    await app.visitCounter?.flush();
    expect(app.visitCounter?.stats.failedFlushes).toBe(1);
    await beacon(app, view('/'));
    await app.visitCounter?.flush();
    expect(record).toHaveBeenCalledTimes(2);
    expect((await app.visitStats.report(7, clock.now())).totals).toEqual({
      views: 2,
      visitors: 1,
    });
  });

  test('below the disk’s floor nothing is written; the counts wait in memory', async () => {
    const { app, clock } = await start({ env: { STORE_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
    const record = vi.spyOn(app.visitRecorder, 'record');
    expect((await beacon(app, view('/'))).statusCode).toBe(204);
    await app.visitCounter?.flush();
    expect(record).not.toHaveBeenCalled();
    expect((await app.visitStats.report(7, clock.now())).totals.views).toBe(0);
  });

  test('what is kept between flushes is bounded: past a bound, new things are dropped', async () => {
    const { app, clock } = await start({
      env: { VISITS_RATE_LIMIT_PER_MINUTE: '0', VISITS_MAX_PER_SECOND: '0' },
    });
    for (let index = 0; index < 700; index++) {
      await beacon(app, view(`/missing-${index}`, `site${index}.example`));
    }
    await app.visitCounter?.flush();
    const today = await app.visitStats.notFound({ from: '2025-03-10', to: '2025-03-10' }, 1000);
    // 500 distinct paths a day each, then the rest together.
    expect(today).toHaveLength(501);
    expect(today[0]).toEqual({ path: '(other)', views: 200 });
    expect(clock.now()).toBe(START);
  });

  test('the day keeps its busiest referrers, not its first: a flood of made-up ones first pushes out no real one', async () => {
    const { app, clock } = await start({
      env: { VISITS_RATE_LIMIT_PER_MINUTE: '0', VISITS_MAX_PER_SECOND: '0' },
    });
    for (let index = 0; index < 500; index++) {
      await beacon(app, view('/', `buy-pills-${index}.example`));
    }
    await app.visitCounter?.flush();
    // Later in the day, real visitors come from LinkedIn, in two flushes.
    for (const visitor of ['A', 'B']) {
      await beacon(app, view('/', 'www.linkedin.com'), { userAgent: `${DESKTOP} ${visitor}` });
      await app.visitCounter?.flush();
    }
    const referrers = await app.visitStats.referrers(
      { from: '2025-03-10', to: '2025-03-10' },
      1000,
    );
    expect(referrers[0]).toEqual({ domain: 'linkedin.com', visits: 2 });
    expect(referrers).toHaveLength(501);
    expect(referrers.find((row) => row.domain === '(other)')).toEqual({
      domain: '(other)',
      visits: 1,
    });
    expect(clock.now()).toBe(START);
  });
});
