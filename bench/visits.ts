/**
 * `npm run bench:visits`: a flood of visit beacons over loopback, and feedback beside it.
 *
 * Starts the real server as its own process (the SQLite store with synchronous=FULL in a
 * temporary folder, the beacons' and feedback's limits off, so every beacon is counted and
 * the flood is the worst case for feedback; counts written every 10 s as by default),
 * measures feedback alone for a few seconds, then runs autocannon at 50 connections of
 * beacons for 20 s while one visitor after another posts feedback; stops the server
 * gracefully (it writes what is left) and compares the page views in the store with the
 * beacons answered. Prints the figures beside their budgets (bench/budgets.json) and writes
 * them to bench/results/visits.json.
 *
 * Options: --connections N (50), --duration S (20).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VISIT_ENDPOINT } from '../common/visits.ts';
import { SqliteFeedbackStore } from '../server/store/sqlite/engine.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { tempDir } from '../tests/server/helpers.ts';
import { startServerProcess } from '../tests/server/server-process.ts';
import { autocannon } from './autocannon.ts';
import { finish } from './results.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const ORIGIN = 'http://bench.test';
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Feedback alone, before the flood, in ms. */
const ALONE_MS = 5000;
/** Between two visitors' feedback, in ms. */
const FEEDBACK_GAP_MS = 50;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Posts feedback, one visitor after another, until `until` resolves; each answer's latency. */
async function feedbackUntil(url: string, until: Promise<unknown>) {
  const flood = { over: false };
  void Promise.resolve(until).finally(() => (flood.over = true));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  for (let index = 0; !flood.over; index++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/sendMail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        appName: 'EchoExpense',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        message: `Message ${index} sent while beacons pour in.`,
      }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, FEEDBACK_GAP_MS));
  }
  return {
    messages: latencies.length,
    accepted: statuses.get(202) ?? 0,
    p50: round(quantile(latencies, 0.5)),
    p99: round(quantile(latencies, 0.99)),
    max: round(Math.max(...latencies)),
  };
}

async function main(): Promise<void> {
  const { dir, remove } = tempDir('visits-bench-');
  const dataDir = path.join(dir, 'data');
  const siteDir = writeFakeSite(path.join(dir, 'site'), {
    publicUrl: ORIGIN,
    appNames: ['EchoExpense', 'RecipeRealm'],
  });
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SITE_DIR: siteDir,
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
      FEEDBACK_RATE_LIMIT_PER_48: '0',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '0',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0',
      FEEDBACK_MAX_PER_HOUR: '0',
      VISITS_RATE_LIMIT_PER_MINUTE: '0',
      VISITS_MAX_PER_SECOND: '0',
      LOG_LEVEL: 'info',
    },
    { discardLog: true },
  );
  try {
    console.log('Feedback alone…');
    const alone = await feedbackUntil(
      server.url,
      new Promise((resolve) => setTimeout(resolve, ALONE_MS)),
    );
    console.log(
      `Beacons: ${connections} connections for ${duration} s on ${os.cpus().length} CPUs, feedback beside them…`,
    );
    let viewIndex = 0;
    const flood = autocannon({
      url: server.url,
      connections,
      duration,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path: VISIT_ENDPOINT,
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: ORIGIN,
              'user-agent': USER_AGENT,
            },
            body: JSON.stringify({ kind: 'view', path: (viewIndex += 1) % 2 ? '/' : '/app-0' }),
          }),
        },
      ],
    });
    const [beacons, during] = await Promise.all([flood, feedbackUntil(server.url, flood)]);

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const store = await SqliteFeedbackStore.open(dataDir, { create: false });
    let stored: number;
    try {
      stored = (await store.visitStats.report(7, Date.now())).totals.views;
    } finally {
      await store.close();
    }

    const counted = beacons['2xx'];
    const figures = {
      command: 'npm run bench:visits',
      settings: {
        connections,
        durationSeconds: duration,
        store: 'sqlite, synchronous=FULL',
        limits: 'off (every beacon counted)',
        flushMs: 10_000,
      },
      beaconsPerSecond: Math.round(beacons.requests.average),
      countedPerSecond: Math.round(counted / beacons.duration),
      beaconLatencyMs: {
        p50: beacons.latency.p50,
        p99: beacons.latency.p99,
        max: beacons.latency.max,
      },
      beacons: beacons.requests.total,
      beacons2xx: counted,
      beaconsNon2xx: beacons.non2xx,
      errors: beacons.errors,
      viewsStored: stored,
      storedInFlightAtStop: stored - counted,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      feedbackAlone: alone,
      feedbackDuringFlood: during,
      serverExit: exit,
    };
    console.log(
      `beacons/s        ${figures.beaconsPerSecond} (counted/s ${figures.countedPerSecond})`,
    );
    console.log(`beacon p50/p99   ${beacons.latency.p50} / ${beacons.latency.p99} ms`);
    console.log(`views stored     ${stored} of ${counted} counted`);
    console.log(
      `feedback alone   p50 ${alone.p50} ms, p99 ${alone.p99} ms (${alone.accepted} of ${alone.messages} accepted)`,
    );
    console.log(
      `feedback, flood  p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms (${during.accepted} of ${during.messages} accepted)`,
    );
    finish({
      name: 'visits',
      figures: {
        'visits.counted-rps': figures.countedPerSecond,
        // Beacons still in flight when the load stops are counted, but their answers are
        // never read: at most one per connection more in the store than answered.
        'visits.unwritten': Math.max(0, counted - stored),
        'visits.feedback-refused': during.messages - during.accepted,
        'visits.feedback-p50': during.p50,
        'visits.feedback-p99': during.p99,
        'visits.feedback-alone-p99': alone.p99,
      },
      details: figures,
    });
    if (exit !== 0 || stored - counted > connections) process.exitCode = 1;
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    remove();
  }
}

await main();
