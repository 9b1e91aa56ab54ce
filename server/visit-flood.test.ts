/**
 * A flood of beacons cannot slow or fill up what feedback needs: 20,000 beacons from 5,000
 * addresses over 50 connections, against the default limits, with feedback posted from
 * other visitors all along. Every message is accepted, right after the flood as fast as
 * before it (`npm run bench:visits` measures the latency during one), the beacons' counts
 * reach the store in a handful of writes, and the disk stays far above its floor.
 *
 * As in flood.test.ts, clients' addresses are given through `inject`'s remoteAddress.
 */
import { afterAll, expect, test, vi } from 'vitest';
import { VISIT_ENDPOINT } from '../common/visits.ts';
import {
  postFeedback,
  sqliteStoreBytes,
  startTestServer,
  TEST_PUBLIC_URL,
  validPayload,
  type TestServer,
} from '../tests/server/helpers.ts';

const BEACONS = 20_000;
const ADDRESSES = 5_000;
/** Beacons in flight at once: a flood over 50 connections, each sending as soon as answered. */
const BATCH = 50;
/** A visitor sends feedback with every eighth batch. */
const FEEDBACK_EVERY = 8;
const FLUSH_MS = 1000;
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
});

function floodAddress(index: number): string {
  const address = index % ADDRESSES;
  return `2001:db8:${(address >> 8).toString(16)}:${(address & 255).toString(16)}::1`;
}

/** Posts a message as a visitor would, and how long its answer took. */
async function timedFeedback(app: TestServer['app'], index: number) {
  const started = performance.now();
  const answer = await postFeedback(
    app,
    validPayload({ message: `Real message ${index}`, formOpenMs: 30_000 }),
    { remoteAddress: `198.51.100.${(index % 250) + 1}` },
  );
  return { status: answer.statusCode, ms: performance.now() - started };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

test('20,000 beacons: every feedback message accepted, after them as fast as before; a handful of writes; the disk above its floor', async ({
  annotate,
}) => {
  server = await startTestServer({
    // The default limits of both; the writer thread, as the server runs.
    env: {
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '5',
      FEEDBACK_RATE_LIMIT_PER_48: '20',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '20',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '50',
      FEEDBACK_MAX_PER_HOUR: '200',
      STORE_MIN_FREE_MB: '200',
      VISITS_FLUSH_MS: String(FLUSH_MS),
    },
    storeWriterThread: true,
  });
  const { app } = server;
  const record = vi.spyOn(app.visitRecorder, 'record');

  // Feedback's own latency, before any beacon.
  const normal = [];
  for (let index = 0; index < 20; index++) normal.push(await timedFeedback(app, index));

  const statuses = new Map<number, number>();
  let missingRetryAfter = 0;
  const during: { status: number; ms: number }[] = [];
  const started = Date.now();
  for (let batch = 0; batch < BEACONS; batch += BATCH) {
    const beacons = Array.from({ length: BATCH }, async (_, offset) => {
      const index = batch + offset;
      const answer = await app.inject({
        method: 'POST',
        url: VISIT_ENDPOINT,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: TEST_PUBLIC_URL,
          'user-agent': USER_AGENT,
        },
        payload: JSON.stringify({ kind: 'view', path: index % 2 ? '/' : '/echoexpense' }),
        remoteAddress: floodAddress(index),
      });
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      if (answer.statusCode === 429 && !/^\d+$/.test(answer.headers['retry-after'] ?? '')) {
        missingRetryAfter += 1;
      }
    });
    const round = batch / BATCH;
    if (round % FEEDBACK_EVERY === 0) {
      // A visitor sends feedback in the middle of the flood.
      const [message] = await Promise.all([
        timedFeedback(app, 20 + round / FEEDBACK_EVERY),
        ...beacons,
      ]);
      during.push(message);
    } else {
      await Promise.all(beacons);
    }
  }
  const elapsedMs = Date.now() - started;

  // Right after: the flood's counts are written while visitors go on sending feedback.
  const flushed = app.visitCounter?.tick();
  const after = [];
  for (let index = 0; index < 20; index++) after.push(await timedFeedback(app, 200 + index));
  await flushed;

  expect([...statuses.keys()].filter((status) => status !== 204 && status !== 429)).toEqual([]);
  expect(missingRetryAfter).toBe(0);
  const counted = statuses.get(204) ?? 0;
  expect(counted).toBeGreaterThan(0);

  // Every message accepted: during the flood, as any request is, behind the beacons
  // already in flight; after it, as fast as before it.
  const all = [...normal, ...during, ...after];
  expect(all.map((message) => message.status)).toEqual(Array(all.length).fill(202));
  const ms = (messages: typeof all) => messages.map((message) => message.ms);
  const [normalP50, duringP50, afterP50] = [normal, during, after].map((messages) =>
    quantile(ms(messages), 0.5),
  );
  const report = `${BEACONS} beacons in ${elapsedMs} ms → ${counted} × 204, ${statuses.get(429) ?? 0} × 429, ${record.mock.calls.length} writes of visits; feedback p50 (max): before ${normalP50?.toFixed(1)} ms (${Math.max(...ms(normal)).toFixed(1)}), during ${duringP50?.toFixed(1)} ms (${Math.max(...ms(during)).toFixed(1)}), after ${afterP50?.toFixed(1)} ms (${Math.max(...ms(after)).toFixed(1)})`;
  expect(Math.max(...ms(during)), report).toBeLessThan(2000);
  expect(afterP50, report).toBeLessThanOrEqual(2 * (normalP50 ?? 0) + 10);

  // The beacons reached the store as a handful of writes, and every counted one is there.
  expect(record.mock.calls.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / FLUSH_MS) + 3);
  const { totals } = await app.visitStats.report(7, Date.now());
  expect(totals.views).toBe(counted);
  // The store holds the day's sums and its visitors' digests (gone the next day): far
  // from the disk's floor.
  const storeBytes = sqliteStoreBytes(app);
  expect(storeBytes).toBeLessThan(4 * 1024 * 1024);
  expect(app.feedbackStoreSpace.check(Date.now() + 1000).ok).toBe(true);

  await annotate(`${report}; store ${Math.round(storeBytes / 1024)} KiB`);
}, 120_000);
