/**
 * A flood cannot bury the owner: 20,000 posts from 5,000 IPv6 addresses in one /48 (each in
 * its own /64, so the per-/64 limit alone would let them all through), with 50 real
 * messages from other visitors among them, against the default limits.
 *
 * The clients' addresses are given through `inject`'s remoteAddress: the server sees them
 * exactly as a socket's peer address (request.ip), with no proxy to trust, and 20,000
 * requests take seconds instead of the minutes that as many sockets on this host would.
 * The sockets themselves are tested elsewhere (routes, crash and shutdown tests).
 */
import { afterAll, expect, test } from 'vitest';
import {
  mailEnv,
  postFeedback,
  sqliteStoreBytes,
  startTestServer,
  TEST_APP_NAMES,
  TestClock,
  validPayload,
  type TestServer,
} from '../tests/server/helpers.ts';
import { SmtpSink } from '../tests/server/smtp-sink.ts';

const FLOOD_POSTS = 20_000;
const FLOOD_ADDRESSES = 5_000;
const REAL_MESSAGES = 50;
const MAIL_MAX_PER_HOUR = 20;

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  await server?.close();
  await sink?.close();
});

function floodAddress(index: number): string {
  const address = index % FLOOD_ADDRESSES;
  return `2001:db8:bad:${address.toString(16)}::${(address * 7 + 1).toString(16)}`;
}

function floodPayload(index: number) {
  return validPayload({
    firstName: 'Flood',
    lastName: `Bot${index}`,
    email: `bot${index}@spam.example`,
    // Some bots post at once, some post links, some plain text.
    message:
      index % 3 === 0 ? `https://spam.example/${index} https://spam.example/buy` : `Flood ${index}`,
    ...(index % 3 === 1 ? { formOpenMs: 300 } : {}),
  });
}

function realPayload(index: number) {
  return validPayload({
    appName: TEST_APP_NAMES[index % TEST_APP_NAMES.length],
    firstName: `Real${index}`,
    lastName: 'Visitor',
    email: `real${index}@example.com`,
    message: `Real message ${index}\nwith a second line`,
    formOpenMs: 30_000 + index,
  });
}

test('20,000 posts from one /48 and 50 real messages: the caps answer, the disk stays small, every accepted real message is mailed or in the digest', async ({
  annotate,
}) => {
  sink = await SmtpSink.start();
  const clock = new TestClock();
  server = await startTestServer({
    // The default limits; a small mail cap, so the digest has something to say.
    env: mailEnv(sink.url, {
      FEEDBACK_RATE_LIMIT_PER_MINUTE: '5',
      FEEDBACK_RATE_LIMIT_PER_48: '20',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '20',
      FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '50',
      FEEDBACK_MAX_PER_HOUR: '200',
      STORE_MIN_FREE_MB: '200',
      MAIL_MAX_PER_HOUR: String(MAIL_MAX_PER_HOUR),
    }),
    storeWriterThread: true,
    outboxIdleCheckMs: 25,
    clock,
  });
  const { app } = server;
  const started = Date.now();
  const floodStatuses = new Map<number, number>();
  const realAnswers: { index: number; status: number; id?: string }[] = [];
  let missingRetryAfter = 0;
  const realEvery = Math.floor(FLOOD_POSTS / REAL_MESSAGES);

  for (let batch = 0; batch < FLOOD_POSTS; batch += 250) {
    const posts = Array.from({ length: 250 }, async (_, offset) => {
      const index = batch + offset;
      const response = await postFeedback(app, floodPayload(index), {
        remoteAddress: floodAddress(index),
      });
      floodStatuses.set(response.statusCode, (floodStatuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 429 && !/^\d+$/.test(response.headers['retry-after'] ?? '')) {
        missingRetryAfter += 1;
      }
      if (index % realEvery === 0) {
        const real = index / realEvery;
        const answer = await postFeedback(app, realPayload(real), {
          remoteAddress: `198.51.100.${real + 1}`,
        });
        realAnswers.push({
          index: real,
          status: answer.statusCode,
          ...(answer.statusCode === 202 ? { id: answer.json<{ id: string }>().id } : {}),
        });
      }
    });
    await Promise.all(posts);
  }
  const elapsedMs = Date.now() - started;

  // The /48 gets its 20 a minute, whatever the number of its /64s; the rest are refused. The
  // clock stands still meanwhile: all of it falls in one minute.
  const floodAccepted = floodStatuses.get(202) ?? 0;
  expect(floodAccepted).toBeGreaterThan(0);
  expect(floodAccepted).toBeLessThanOrEqual(20);
  expect(floodStatuses.get(429)).toBe(FLOOD_POSTS - floodAccepted);
  expect(missingRetryAfter).toBe(0);
  expect(realAnswers.map((answer) => answer.status)).toEqual(Array(REAL_MESSAGES).fill(202));
  // The store stays small (its pages, wherever they are, file or write-ahead log), far from
  // the disk's free-space floor: 20,000 stored posts would take megabytes.
  const storeBytes = sqliteStoreBytes(app);
  expect(storeBytes).toBeLessThan(512 * 1024);
  expect(app.feedbackStoreSpace.check(Date.now() + 1000).ok).toBe(true);
  const counts = await app.inbox.counts();
  expect(counts.pending + counts.spam).toBe(floodAccepted + REAL_MESSAGES);

  // Delivery: MAIL_MAX_PER_HOUR mails, oldest first in a fair share per app, and one digest.
  app.feedbackOutbox.start();
  await sink.waitFor((s) => s.received.length === MAIL_MAX_PER_HOUR + 1, {
    timeoutMs: 20_000,
    what: 'the capped mails and the digest',
  });
  // Half an hour on, the cap still holds the rest back, and no second digest goes.
  await clock.pass(30 * 60_000);
  expect(sink.received).toHaveLength(MAIL_MAX_PER_HOUR + 1);
  const digests = sink.received.filter((mail) =>
    mail.headers.get('message-id')?.[0]?.startsWith('<feedback-digest.'),
  );
  expect(digests).toHaveLength(1);
  const digestLines = digests[0]?.text.split('\n') ?? [];
  const mailedTexts = sink.received.filter((mail) => !digests.includes(mail)).map((m) => m.text);
  const unaccounted = realAnswers.filter(({ index }) => {
    const mailed = mailedTexts.some((text) => text.includes(`Real message ${index}\n`));
    const listed = digestLines.some((line) =>
      line.includes(`| Real${index} Visitor | Real message ${index}`),
    );
    return mailed === listed; // exactly one of the two
  });
  expect(unaccounted).toEqual([]);
  const floodMailed = mailedTexts.filter((text) => text.includes('Name:     Flood ')).length;
  // Three apps share the cap; the flooded one gets its share, not the whole hour.
  expect(floodMailed).toBeLessThanOrEqual(Math.ceil(MAIL_MAX_PER_HOUR / TEST_APP_NAMES.length));

  await annotate(
    `flood: ${FLOOD_POSTS} posts in ${elapsedMs} ms → ${floodAccepted} × 202 (${counts.spam} of all accepted kept as spam), ${floodStatuses.get(429) ?? 0} × 429; real: ${REAL_MESSAGES} × 202; store ${Math.round(storeBytes / 1024)} KiB; sink: ${MAIL_MAX_PER_HOUR} mails (${floodMailed} flood) + 1 digest listing ${digestLines.filter((line) => line.startsWith('- ')).length}`,
  );
}, 120_000);
