/**
 * The store's contract: the same suite against both engines. What the route, the outbox,
 * the owner's command and the readiness probe rely on holds whichever engine runs.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS } from './limits.ts';
import { latestVersion } from './migration-files.ts';
import { POSTGRES_MIGRATIONS } from './postgres/migrate.ts';
import { DISTINCT_KEPT_PER_DAY } from './visit-days.ts';
import { SQLITE_MIGRATIONS } from './sqlite/connection.ts';
import { newFeedback } from '../../tests/server/helpers.ts';
import { ENGINES, type OpenedStore } from '../../tests/server/store-engines.ts';
import { IDEMPOTENCY_TTL_MS, type AcceptResult, type NewFeedback } from '../intake/types.ts';
import { StoreSettingsError } from './errors.ts';
import type { FeedbackStore } from './feedback-store.ts';
import type { VisitCount } from '../visits/types.ts';

const NOW = Date.UTC(2025, 0, 15, 9, 30);
const DAY = 24 * 60 * 60 * 1000;

/** The delivery retries' delays in these tests: 1 s, doubled up to 8 s. */
const RETRY = { retryBaseMs: 1000, retryCapMs: 8000 };

const feedback = (overrides: Partial<NewFeedback> = {}) => newFeedback(NOW, overrides);

function idOf(result: AcceptResult): string {
  if (result.kind === 'capped') throw new Error('capped');
  return result.id;
}

describe.each(ENGINES)('the $name store', (engine) => {
  let opened: OpenedStore;
  let store: FeedbackStore;
  const accept = async (overrides: Partial<NewFeedback> = {}) =>
    idOf(await store.intake.accept(feedback(overrides)));
  const claim = (now: number, holder: string, limit = 5, leaseMs = 1000, maxPerHour = 0) =>
    store.outbox.claim({ now, holder, leaseMs, limit, maxPerHour, ...RETRY });
  const outcome = (holder: string, attempt: number, at: number, detail = '') => ({
    holder,
    attempt,
    startedAt: at,
    finishedAt: at,
    detail,
  });

  beforeEach(async () => {
    opened = await engine.open();
    store = opened.store;
  });
  afterEach(async () => {
    await opened.cleanup();
  });

  test('its schema is the latest version, and it takes a write probe', async () => {
    const latest = engine.name === 'SQLite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
    expect(store.health.schema()).toEqual({
      engine: engine.name === 'SQLite' ? 'sqlite' : 'postgres',
      version: latestVersion(latest),
    });
    await expect(store.health.probeWrite(NOW)).resolves.toBeUndefined();
  });

  describe('accepting', () => {
    test('stores the message with its outbox entry, pending and due now; spam without one', async () => {
      const id = await accept();
      expect(await store.owner.find(id)).toMatchObject({
        status: 'pending',
        attempts: 0,
        queuedAt: NOW,
        nextAttemptAt: NOW,
        firstName: 'Ada',
      });
      const spam = await accept({ spam: true, spamReason: 'too-fast' });
      expect(await store.owner.find(spam)).toMatchObject({
        status: 'spam',
        spam: true,
        spamReason: 'too-fast',
      });
      expect(await store.outbox.countDue(NOW)).toBe(1);
    });

    test('the same Idempotency-Key within 24 hours gives the same id and stores nothing new', async () => {
      const first = await accept({ idempotencyKey: 'k1' });
      const again = await store.intake.accept(
        feedback({ idempotencyKey: 'k1', message: 'Other', receivedAt: NOW + 1000 }),
      );
      expect(again).toEqual({ kind: 'replayed', id: first });
      expect(await store.intake.findReplay('k1', NOW + 1000)).toBe(first);
      expect(await store.intake.findReplay('k1', NOW + IDEMPOTENCY_TTL_MS + 1)).toBeUndefined();
      const later = await accept({
        idempotencyKey: 'k1',
        receivedAt: NOW + IDEMPOTENCY_TTL_MS + 1,
      });
      expect(later).not.toBe(first);
      expect((await store.owner.list()).map((message) => message.id).sort()).toEqual(
        [first, later].sort(),
      );
    });

    test('concurrent messages from two instances: each key stored once', async () => {
      const other = await opened.another();
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          (index % 2 ? other : store).intake.accept(
            feedback({ message: `Message ${index}`, idempotencyKey: `key-${index % 40}` }),
          ),
        ),
      );
      expect(new Set(results.map(idOf)).size).toBe(40);
      expect(results.filter((result) => result.kind === 'replayed')).toHaveLength(20);
      expect((await store.owner.counts()).pending).toBe(40);
    });

    test('a group of many at once: each counts those before it against the cap and the keys', async () => {
      const cap = { key: 'client:burst', max: 100, windowMs: 60_000 };
      const results = await Promise.all(
        Array.from({ length: 130 }, (_, index) =>
          store.intake.accept(
            feedback({
              message: `Burst ${index}`,
              caps: [cap],
              receivedAt: NOW + index,
              // Every tenth message repeats the key of the one before it.
              idempotencyKey: `burst-${index % 10 === 9 ? index - 1 : index}`,
            }),
          ),
        ),
      );
      const kinds = results.map((result) => result.kind);
      // 0 to 110 hold 100 new messages and 11 repeats; from 111 on, the cap is full, and a
      // repeat of a refused message is refused too.
      expect(kinds.filter((kind) => kind === 'replayed')).toHaveLength(11);
      expect(kinds.filter((kind) => kind === 'stored')).toHaveLength(100);
      expect(kinds.slice(111).every((kind) => kind === 'capped')).toBe(true);
      expect(results.at(-1)).toEqual({ kind: 'capped', key: cap.key, retryAt: NOW + 60_000 });
      expect(results[9]).toEqual({ kind: 'replayed', id: results[8] && idOf(results[8]) });
      expect((await store.owner.counts()).pending).toBe(100);
    });

    test('no caps’ secret is kept in the store: one an older version kept is forgotten', async () => {
      await store.transfer.load(
        (async function* () {
          yield {
            table: 'meta',
            row: { key: 'cap_key_salt', value: 'an older version’s' },
          } as const;
        })(),
      );
      const keys = async () => {
        const found: string[] = [];
        for await (const each of store.transfer.rows()) {
          if (each.table === 'meta') found.push(each.row.key);
        }
        return found;
      };
      expect(await keys()).toContain('cap_key_salt');
      await store.intake.forgetKeySalt();
      expect(await keys()).not.toContain('cap_key_salt');
    });

    test('a cap holds over every instance: full, it says when there is room again', async () => {
      const other = await opened.another();
      const hourly = { key: 'all', max: 3, windowMs: 3_600_000 };
      const caps = [{ key: 'client:a', max: 2, windowMs: 60_000 }, hourly];
      expect((await store.intake.accept(feedback({ caps, receivedAt: NOW }))).kind).toBe('stored');
      expect((await other.intake.accept(feedback({ caps, receivedAt: NOW + 10 }))).kind).toBe(
        'stored',
      );
      expect(await store.intake.accept(feedback({ caps, receivedAt: NOW + 20 }))).toEqual({
        kind: 'capped',
        key: 'client:a',
        retryAt: NOW + 60_000,
      });
      const otherClient = [{ key: 'client:b', max: 2, windowMs: 60_000 }, hourly];
      expect(
        (await other.intake.accept(feedback({ caps: otherClient, receivedAt: NOW + 30 }))).kind,
      ).toBe('stored');
      expect(
        await other.intake.accept(feedback({ caps: otherClient, receivedAt: NOW + 40 })),
      ).toEqual({ kind: 'capped', key: 'all', retryAt: NOW + 3_600_000 });
      // A minute on, client a has room again, but the hour is still full.
      expect(
        (await store.intake.accept(feedback({ caps: caps.slice(0, 1), receivedAt: NOW + 60_001 })))
          .kind,
      ).toBe('stored');
      expect((await store.owner.counts()).pending).toBe(4);
      // Entries past their window are forgotten; the caps still count what is recent.
      await store.intake.forgetExpired(NOW + 2 * 3_600_000);
      expect(
        (await store.intake.accept(feedback({ caps, receivedAt: NOW + 2 * 3_600_000 }))).kind,
      ).toBe('stored');
    });
  });

  describe('the outbox', () => {
    test('a claim leases a message; another worker gets it only once the lease ran out and the retry delay passed', async () => {
      const id = await accept();
      const [claimed] = await claim(NOW, 'a');
      expect(claimed).toMatchObject({ id, attempt: 1, status: 'sending', firstName: 'Ada' });
      expect(await claim(NOW + 999, 'b')).toEqual([]);
      expect(await store.outbox.renewLease(id, 'b', NOW + 5000)).toBe(false);
      // Renewed: the lease ends at +2 s, and the message is due a retry delay (1 s) later.
      expect(await store.outbox.renewLease(id, 'a', NOW + 2000)).toBe(true);
      expect(await claim(NOW + 2000, 'b')).toEqual([]);
      expect(await store.outbox.nextDueAt()).toBe(NOW + 3000);
      const [again] = await claim(NOW + 3000, 'b');
      expect(again).toMatchObject({ id, attempt: 2 });
      // The first worker's late failure does not undo the second's claim.
      await store.outbox.recordRetry(id, {
        ...outcome('a', 1, NOW + 2100, 'late'),
        nextAttemptAt: NOW + 9000,
      });
      expect(await store.owner.find(id)).toMatchObject({ status: 'sending' });
    });

    test('a message whose sending never finishes is tried later each time, 25 times at most, then dead', async () => {
      const id = await accept();
      let at = NOW;
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        const [claimed] = await claim(at, `crashing-worker-${attempt}`);
        expect(claimed?.attempt).toBe(attempt);
        // The worker stops while sending: its lease (1 s) runs out, and the message waits
        // the retry delay of its attempt on top, doubled each time up to the longest.
        const delay = Math.min(RETRY.retryBaseMs * 2 ** (attempt - 1), RETRY.retryCapMs);
        at += 1000 + delay;
        expect(await claim(at - 1, 'impatient-worker')).toEqual([]);
      }
      expect(await claim(at, 'next-worker')).toEqual([]);
      const dead = await store.owner.find(id);
      expect(dead).toMatchObject({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS });
      expect(dead && 'lastError' in dead ? dead.lastError : '').toContain(
        `after ${MAX_DELIVERY_ATTEMPTS} delivery attempts`,
      );
    });

    test('workers claiming at once never get the same message', async () => {
      const other = await opened.another();
      for (let index = 0; index < 30; index++)
        await accept({ message: `M${index}`, receivedAt: NOW + index });
      const batches = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          (index % 2 ? other : store).outbox.claim({
            now: NOW + 100,
            holder: `w${index}`,
            leaseMs: 60_000,
            limit: 5,
            maxPerHour: 0,
            ...RETRY,
          }),
        ),
      );
      const ids = batches.flat().map((message) => message.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    });

    test('a retry waits until its time; sent and dead are final until the owner retries', async () => {
      const id = await accept();
      await claim(NOW, 'w', 1);
      await store.outbox.recordRetry(id, {
        ...outcome('w', 1, NOW + 10, '451 later'),
        nextAttemptAt: NOW + 60_000,
      });
      expect(await store.outbox.nextDueAt()).toBe(NOW + 60_000);
      expect(await claim(NOW + 59_999, 'w', 1)).toEqual([]);
      await claim(NOW + 60_000, 'w', 1);
      await store.outbox.recordDead(id, outcome('w', 2, NOW + 60_010, '550 no'));
      expect(await store.owner.find(id)).toMatchObject({
        status: 'dead',
        lastError: '550 no',
        attempts: 2,
      });
      expect(await store.outbox.nextDueAt()).toBeUndefined();
      expect((await store.owner.attemptsOf(id)).map((attempt) => attempt.outcome)).toEqual([
        'retry',
        'dead',
      ]);
      expect(await store.owner.retry(id.slice(0, 13), NOW + 100_000)).toMatchObject({
        kind: 'queued',
      });
      expect(await store.owner.find(id)).toMatchObject({
        status: 'pending',
        queuedAt: NOW + 100_000,
      });
      const [again] = await claim(NOW + 100_000, 'w', 1);
      await store.outbox.recordSent(id, outcome('w', again?.attempt ?? 0, NOW + 100_010, '250'));
      expect(await store.owner.retry(id, NOW + 100_020)).toMatchObject({ kind: 'already' });
    });

    test('the owner sends a waiting message now: its wait ends, its attempts and give-up time stay', async () => {
      const id = await accept();
      const [first] = await claim(NOW, 'w', 1);
      await store.outbox.recordRetry(id, {
        ...outcome('w', 1, NOW + 10, '451 later'),
        nextAttemptAt: NOW + 3_600_000,
      });
      expect(await store.owner.retry(id.slice(0, 13), NOW + 1000)).toMatchObject({
        kind: 'queued',
        was: 'pending',
        message: { status: 'pending', nextAttemptAt: NOW + 1000, attempts: 1 },
      });
      const [second] = await claim(NOW + 1000, 'w', 1, 1000);
      expect(second).toMatchObject({ id, attempt: 2, queuedAt: first?.queuedAt });

      // Being sent under its lease: left alone. Its lease ran out (the process stopped
      // mid-send): due now, as a waiting one.
      expect(await store.owner.retry(id, NOW + 1500)).toMatchObject({
        kind: 'already',
        message: { status: 'sending' },
      });
      expect(await claim(NOW + 2500, 'w', 1)).toEqual([]);
      expect(await store.owner.retry(id, NOW + 2500)).toMatchObject({
        kind: 'queued',
        was: 'sending',
      });
      expect(await claim(NOW + 2500, 'w', 1)).toMatchObject([{ id, attempt: 3 }]);
      expect((await store.owner.attemptsOf(id)).map((attempt) => attempt.outcome)).toEqual([
        'retry',
      ]);
    });

    test('sending a waiting message now in a pause makes the pause’s next try now too', async () => {
      const id = await accept();
      const reason = "TLS: the mail server's certificate is refused";
      await store.outbox.pauseDelivery({ reason, since: NOW, retryAt: NOW + 600_000 });
      expect(await store.owner.retry(id, NOW + 1000)).toMatchObject({ kind: 'queued' });
      expect(await store.owner.deliveryPause()).toEqual({
        reason,
        since: NOW,
        retryAt: NOW + 1000,
      });
      // A pause due sooner than now keeps its time.
      await store.outbox.pauseDelivery({ reason, since: NOW, retryAt: NOW + 500 });
      await store.owner.retry(id, NOW + 2000);
      expect((await store.owner.deliveryPause())?.retryAt).toBe(NOW + 500);
      // Only spam is released: a waiting message is not.
      expect(await store.owner.releaseSpam(id, NOW + 3000)).toMatchObject({ kind: 'already' });
    });

    test('the hourly cap counts mails sent and being sent, on every instance', async () => {
      for (let index = 0; index < 5; index++) await accept({ receivedAt: NOW + index });
      const [first] = await claim(NOW, 'a', 1, 60_000, 3);
      if (!first) throw new Error('nothing claimed');
      await store.outbox.recordSent(first.id, outcome('a', 1, NOW + 5, '250 OK'));
      const other = await opened.another();
      const held = await other.outbox.claim({
        now: NOW + 10,
        holder: 'b',
        leaseMs: 60_000,
        limit: 5,
        maxPerHour: 3,
        ...RETRY,
      });
      expect(held).toHaveLength(2);
      expect(await claim(NOW + 20, 'c', 5, 60_000, 3)).toEqual([]);
      for (const message of held) {
        await other.outbox.recordSent(message.id, outcome('b', 1, NOW + 30, '250 OK'));
      }
      expect(await store.outbox.sentSince(NOW - 1)).toEqual({ count: 3, first: NOW + 5 });
      // An hour after the first mail, there is room for one more.
      expect(await claim(NOW + 5 + 3_600_000, 'c', 5, 60_000, 3)).toHaveLength(1);
    });

    test('oldest first, a fair share per app; a stopped worker gives its claims back at once', async () => {
      // A genuine message, then a burst in the same app: the burst does not go before it.
      const a1 = await accept({ appName: 'A', receivedAt: NOW + 1 });
      const a2 = await accept({ appName: 'A', receivedAt: NOW + 2 });
      const a3 = await accept({ appName: 'A', receivedAt: NOW + 3 });
      const b1 = await accept({ appName: 'B', receivedAt: NOW + 4 });
      expect((await store.outbox.dueInSendOrder(NOW + 10, 10)).map((m) => m.id)).toEqual([
        a1,
        b1,
        a2,
        a3,
      ]);
      const claimed = await claim(NOW + 10, 'w', 2, 60_000);
      expect(claimed.map((m) => m.id)).toEqual([a1, b1]);
      expect(await store.outbox.releaseClaims('w', NOW + 20)).toBe(2);
      expect(await store.outbox.releaseClaims('w', NOW + 20)).toBe(0);
      expect((await claim(NOW + 20, 'x', 4)).map((m) => m.id)).toEqual([a1, b1, a2, a3]);
    });

    test('the pause keeps when it began; the digest is one instance’s turn at a time', async () => {
      expect(await store.outbox.deliveryPause()).toBeUndefined();
      expect(
        await store.outbox.pauseDelivery({ reason: '535 auth', since: NOW, retryAt: NOW + 600 }),
      ).toBe(true);
      const other = await opened.another();
      expect(
        await other.outbox.pauseDelivery({
          reason: '535 again',
          since: NOW + 600,
          retryAt: NOW + 1200,
        }),
      ).toBe(false);
      expect(await store.health.deliveryPause()).toEqual({
        reason: '535 again',
        since: NOW,
        retryAt: NOW + 1200,
      });
      expect(await other.outbox.resumeDelivery()).toBe(true);
      expect(await store.owner.deliveryPause()).toBeUndefined();

      // The digest's turn: one instance at a time, tried again after a failure, one an hour.
      const turn = (holder: string, now: number) => ({
        holder,
        now,
        leaseMs: 1000,
        retryBaseMs: 500,
        retryCapMs: 500,
      });
      expect(await store.outbox.claimDigest(turn('a', NOW))).toBe(true);
      expect(await other.outbox.claimDigest(turn('b', NOW + 1))).toBe(false);
      await store.outbox.digestFailed('a', NOW + 500, '421 busy');
      expect(await other.outbox.claimDigest(turn('b', NOW + 499))).toBe(false);
      expect(await other.outbox.claimDigest(turn('b', NOW + 500))).toBe(true);
      await other.outbox.digestSent(NOW + 600);
      expect(await store.outbox.claimDigest(turn('a', NOW + 600 + 3_599_999))).toBe(false);
      expect(await store.outbox.claimDigest(turn('a', NOW + 600 + 3_600_000))).toBe(true);
    });
  });

  describe('the owner’s queries', () => {
    test('list, filters, prefixes, counts and erasure by address in any case', async () => {
      const old = await accept({ receivedAt: NOW - 5000, appName: 'RecipeRealm' });
      const fresh = await accept({ email: 'Grace@Example.com', firstName: 'Grace' });
      const spam = await accept({ spam: true, receivedAt: NOW + 1 });
      expect((await store.owner.list()).map((m) => m.id)).toEqual([spam, fresh, old]);
      expect((await store.owner.list({ status: 'spam' })).map((m) => m.id)).toEqual([spam]);
      expect((await store.owner.list({ appName: 'RecipeRealm' })).map((m) => m.id)).toEqual([old]);
      expect((await store.owner.list({ limit: 1 })).map((m) => m.id)).toEqual([spam]);
      const iterated = [];
      for await (const message of store.owner.iterate({ status: 'pending' }))
        iterated.push(message.id);
      expect(iterated).toEqual([fresh, old]);
      expect(await store.owner.find(fresh.slice(0, 30))).toMatchObject({ id: fresh });
      expect(await store.owner.find('zzzz')).toBeUndefined();
      expect(await store.owner.counts()).toEqual({
        pending: 2,
        sending: 0,
        sent: 0,
        dead: 0,
        spam: 1,
        oldestPendingReceivedAt: NOW - 5000,
      });
      expect(await store.owner.countByApp()).toEqual([
        { appName: 'EchoExpense', count: 2 },
        { appName: 'RecipeRealm', count: 1 },
      ]);
      expect(await store.owner.countBySender('grace@EXAMPLE.com')).toBe(1);
      expect(await store.owner.forgetSender(' grace@example.COM ')).toBe(1);
      expect(await store.owner.find(fresh)).toBeUndefined();
      expect(await store.owner.reclaimSpace()).toBe(true);
      expect((await store.owner.location()).bytes).toBeGreaterThan(0);
    });

    test('purge deletes delivered messages and spam before the date, never waiting or dead ones', async () => {
      const old = NOW - 90 * DAY;
      const ids = {
        waiting: await accept({ receivedAt: old }),
        sent: await accept({ receivedAt: old }),
        dead: await accept({ receivedAt: old }),
        spam: await accept({ receivedAt: old, spam: true }),
        // Received long ago but delivered only yesterday: kept, delivery time counts.
        lateSent: await accept({ receivedAt: old }),
        recentSpam: await accept({ receivedAt: NOW, spam: true }),
      };
      for (const claimed of await claim(NOW, 'w', 10)) {
        const at = claimed.id === ids.lateSent ? NOW - DAY : old + 1000;
        if (claimed.id === ids.dead) await store.outbox.recordDead(claimed.id, outcome('w', 1, at));
        else if (claimed.id === ids.waiting)
          await store.outbox.recordRetry(claimed.id, {
            ...outcome('w', 1, at),
            nextAttemptAt: NOW,
          });
        else await store.outbox.recordSent(claimed.id, outcome('w', 1, at));
      }
      const before = NOW - 30 * DAY;
      expect(await store.owner.countPurgeable(before)).toEqual({ sent: 1, spam: 1 });
      expect(await store.owner.purge(before, NOW)).toEqual({ sent: 1, spam: 1 });
      expect(await store.owner.find(ids.sent)).toBeUndefined();
      expect(await store.owner.find(ids.spam)).toBeUndefined();
      expect(await store.owner.find(ids.waiting)).toMatchObject({ status: 'pending' });
      expect(await store.owner.find(ids.dead)).toMatchObject({ status: 'dead' });
      expect(await store.owner.find(ids.lateSent)).toMatchObject({ status: 'sent' });
      expect(await store.owner.find(ids.recentSpam)).toMatchObject({ status: 'spam' });
    });
  });

  describe('visits', () => {
    const TODAY = '2025-01-15';
    const count = (overrides: Partial<VisitCount> & Pick<VisitCount, 'dimension'>): VisitCount => ({
      day: TODAY,
      key: '',
      detail: '',
      hits: 1,
      visitors: [],
      ...overrides,
    });

    test('each visitor counts once a day over every instance; hits add up', async () => {
      const other = await opened.another();
      await Promise.all([
        store.visits.record([
          count({ dimension: 'site', hits: 3, visitors: ['site-a', 'site-b'] }),
          count({ dimension: 'page', key: '/echoexpense', hits: 2, visitors: ['page-a'] }),
        ]),
        other.visits.record([
          count({ dimension: 'site', hits: 2, visitors: ['site-a', 'site-c', 'site-c'] }),
          count({ dimension: 'page', key: '/echoexpense', hits: 1, visitors: ['page-a'] }),
        ]),
      ]);
      // The next day, the same digest is another visitor.
      await store.visits.record([
        count({ dimension: 'site', day: '2025-01-16', hits: 1, visitors: ['site-a'] }),
      ]);
      expect(await store.visitStats.days({ from: '2025-01-14', to: '2025-01-16' })).toEqual([
        { day: '2025-01-14', views: 0, visitors: 0 },
        { day: TODAY, views: 5, visitors: 3 },
        { day: '2025-01-16', views: 1, visitors: 1 },
      ]);
      expect(await other.visitStats.pages({ from: TODAY, to: TODAY }, 10)).toEqual([
        { page: '/echoexpense', views: 3, visitors: 1 },
      ]);
    });

    test('a day keeps its busiest referrers and lumps the least visited into (other)', async () => {
      const made = Array.from({ length: DISTINCT_KEPT_PER_DAY }, (_, n) =>
        count({ dimension: 'referrer', key: `made-up-${String(n).padStart(3, '0')}.example` }),
      );
      await store.visits.record(made);
      await store.visits.record([count({ dimension: 'referrer', key: 'linkedin.com' })]);
      await store.visits.record([count({ dimension: 'referrer', key: 'linkedin.com', hits: 2 })]);
      const referrers = await store.visitStats.referrers({ from: TODAY, to: TODAY }, 1000);
      expect(referrers).toHaveLength(DISTINCT_KEPT_PER_DAY + 1);
      expect(referrers[0]).toEqual({ domain: 'linkedin.com', visits: 3 });
      expect(referrers.find((row) => row.domain === '(other)')).toEqual({
        domain: '(other)',
        visits: 1,
      });
      expect(referrers.reduce((sum, row) => sum + row.visits, 0)).toBe(DISTINCT_KEPT_PER_DAY + 3);
    });

    test('the report of a period: days, pages, apps with clicks and click-through, referrers, 404s, devices', async () => {
      const yesterday = '2025-01-14';
      const old = '2024-12-01';
      await store.visits.record([
        count({ dimension: 'site', hits: 10, visitors: ['s1', 's2', 's3'] }),
        count({ dimension: 'site', day: yesterday, hits: 4, visitors: ['s1'] }),
        count({ dimension: 'site', day: old, hits: 50, visitors: ['s1'] }),
        count({ dimension: 'page', key: '/', hits: 3, visitors: ['p1', 'p2'] }),
        count({ dimension: 'page', key: '/echoexpense', hits: 5, visitors: ['p3'] }),
        count({
          dimension: 'page',
          key: '/echoexpense',
          day: yesterday,
          hits: 2,
          visitors: ['p3'],
        }),
        count({ dimension: 'page', key: '/steda', hits: 2, visitors: ['p4'] }),
        count({ dimension: 'page', key: '/steda', day: old, hits: 99, visitors: ['p4'] }),
        count({ dimension: 'app', key: 'echoexpense', hits: 7, visitors: ['a1', 'a2'] }),
        count({ dimension: 'app', key: 'steda', hits: 2, visitors: ['a3'] }),
        count({ dimension: 'button', key: 'echoexpense', detail: 'appStore', hits: 2 }),
        count({ dimension: 'button', key: 'echoexpense', detail: 'playStore', hits: 1 }),
        count({ dimension: 'button', key: 'echoexpense', detail: 'landing', hits: 4 }),
        count({ dimension: 'qr', key: 'echoexpense', detail: 'appStore', hits: 3 }),
        count({ dimension: 'button', key: 'autoarchive', detail: 'testFlight', hits: 1 }),
        count({ dimension: 'referrer', key: 'news.example', hits: 4 }),
        count({ dimension: 'referrer', key: 'search.example', hits: 6 }),
        count({ dimension: 'not-found', key: '/old-page', hits: 2 }),
        count({ dimension: 'device', key: 'mobile', hits: 6, visitors: ['d1', 'd2'] }),
        count({ dimension: 'device', key: 'desktop', hits: 4, visitors: ['d3'] }),
      ]);
      const report = await store.visitStats.report(7, Date.UTC(2025, 0, 15, 23, 59), 2);
      expect(report.range).toEqual({ from: '2025-01-09', to: TODAY });
      expect(report.days).toHaveLength(7);
      expect(report.days.at(-2)).toEqual({ day: yesterday, views: 4, visitors: 1 });
      expect(report.totals).toEqual({ views: 14, visitors: 4 });
      expect(report.pages).toEqual([
        { page: '/echoexpense', views: 7, visitors: 2 },
        { page: '/', views: 3, visitors: 2 },
      ]);
      expect(report.apps).toEqual([
        {
          app: 'echoexpense',
          views: 7,
          visitors: 2,
          clicks: { landing: 4, appStore: 2, playStore: 1, testFlight: 0 },
          storeClicks: 3,
          clickThroughRate: 3 / 7,
          qrShown: { landing: 0, appStore: 3, playStore: 0, testFlight: 0 },
        },
        expect.objectContaining({ app: 'steda', views: 2, storeClicks: 0, clickThroughRate: 0 }),
      ]);
      expect(await store.visitStats.apps(report.range, 10)).toContainEqual(
        expect.objectContaining({ app: 'autoarchive', views: 0, storeClicks: 1 }),
      );
      expect(report.referrers).toEqual([
        { domain: 'search.example', visits: 6 },
        { domain: 'news.example', visits: 4 },
      ]);
      expect(report.notFound).toEqual([{ path: '/old-page', views: 2 }]);
      expect(report.devices).toEqual([
        { device: 'mobile', views: 6, visitors: 2 },
        { device: 'desktop', views: 4, visitors: 1 },
      ]);
      const year = await store.visitStats.report(365, Date.UTC(2025, 0, 15), 10);
      expect(year.days).toHaveLength(365);
      expect(year.totals).toEqual({ views: 64, visitors: 5 });
      expect(year.pages[0]).toEqual({ page: '/steda', views: 101, visitors: 2 });
    });

    test('the day’s salt: made once, sealed to each running instance; an instance that stopped leaves no holder', async () => {
      const a = { instance: 'instance-a', publicKey: 'key-a' };
      const b = { instance: 'instance-b', publicKey: 'key-b' };
      expect(await store.visits.heartbeat(a, TODAY, NOW, NOW - 60_000)).toEqual({
        own: undefined,
        shared: false,
        without: [a],
      });
      const other = await opened.another();
      expect(await other.visits.heartbeat(b, TODAY, NOW + 1, NOW - 60_000)).toMatchObject({
        shared: false,
        without: [a, b],
      });
      expect(
        await store.visits.offerSalt(TODAY, [
          { instance: a.instance, sealed: 'salt-1-for-a' },
          { instance: b.instance, sealed: 'salt-1-for-b' },
        ]),
      ).toBe(true);
      // The other made one at the same moment: the first stays.
      expect(
        await other.visits.offerSalt(TODAY, [{ instance: b.instance, sealed: 'salt-2-for-b' }]),
      ).toBe(false);
      expect(await other.visits.heartbeat(b, TODAY, NOW + 2, NOW - 60_000)).toEqual({
        own: 'salt-1-for-b',
        shared: true,
        without: [],
      });
      // A third instance starts: it waits for a share from one that holds the salt.
      const c = { instance: 'instance-c', publicKey: 'key-c' };
      expect(await store.visits.heartbeat(c, TODAY, NOW + 3, NOW - 60_000)).toEqual({
        own: undefined,
        shared: true,
        without: [c],
      });
      await other.visits.shareSalt(TODAY, [{ instance: c.instance, sealed: 'salt-1-for-c' }]);
      await other.visits.shareSalt(TODAY, [{ instance: c.instance, sealed: 'again' }]);
      expect((await store.visits.heartbeat(c, TODAY, NOW + 4, NOW - 60_000)).own).toBe(
        'salt-1-for-c',
      );
      // An hour later only a fourth runs: the others' shares can no longer be opened.
      const d = { instance: 'instance-d', publicKey: 'key-d' };
      const later = NOW + 3_600_000;
      expect(await store.visits.heartbeat(d, TODAY, later, later - 60_000)).toEqual({
        own: undefined,
        shared: false,
        without: [d],
      });
      expect(
        await store.visits.offerSalt(TODAY, [{ instance: d.instance, sealed: 'salt-3-for-d' }]),
      ).toBe(true);
      expect((await store.visits.heartbeat(d, TODAY, later + 1, later - 60_000)).own).toBe(
        'salt-3-for-d',
      );
      // The next day has no salt yet.
      expect(await store.visits.heartbeat(d, '2025-01-16', later + 2, later - 60_000)).toEqual({
        own: undefined,
        shared: false,
        without: [d],
      });
    });

    test('forgets counts past their time, and the visitors’ digests and the salt’s shares of past days', async () => {
      const me = { instance: 'instance-a', publicKey: 'key-a' };
      await store.visits.heartbeat(me, TODAY, NOW, NOW - 60_000);
      await store.visits.offerSalt(TODAY, [{ instance: me.instance, sealed: 'sealed' }]);
      await store.visits.record([
        count({ dimension: 'site', day: '2024-01-01', hits: 5, visitors: ['x'] }),
        count({ dimension: 'site', hits: 1, visitors: ['x'] }),
      ]);
      await store.visits.forget('2024-06-01', '2025-01-16');
      expect(await store.visitStats.days({ from: '2024-01-01', to: '2024-01-01' })).toEqual([
        { day: '2024-01-01', views: 0, visitors: 0 },
      ]);
      expect((await store.visits.heartbeat(me, TODAY, NOW, NOW - 60_000)).own).toBeUndefined();
      // Its digest forgotten, the visitor of the 15th would count again (nobody holds that
      // day's salt any more, so no instance sends it again).
      await store.visits.record([count({ dimension: 'site', hits: 1, visitors: ['x'] })]);
      expect(await store.visitStats.days({ from: TODAY, to: TODAY })).toEqual([
        { day: TODAY, views: 2, visitors: 2 },
      ]);
    });
  });

  describe('the owner’s inbox', () => {
    test('searched in the sender’s name, address and text, in any case; unread alone', async () => {
      const grace = await accept({ firstName: 'Grace', lastName: 'Hopper', message: 'Compilers' });
      const ada = await accept({ message: 'The 100% reminder_s are great', receivedAt: NOW + 1 });
      const other = await accept({ email: 'x@elsewhere.org', message: 'Hi', receivedAt: NOW + 2 });
      const search = async (text: string) =>
        (await store.owner.list({ search: text })).map((m) => m.id);
      expect(await search('grace')).toEqual([grace]);
      expect(await search('HOPPER compilers')).toEqual([grace]);
      expect(await search('elsewhere')).toEqual([other]);
      expect(await search('100%')).toEqual([ada]);
      // A wildcard in the words is a plain character.
      expect(await search('reminder_s')).toEqual([ada]);
      expect(await search('remindeRXs')).toEqual([]);
      expect(await search('   ')).toEqual([other, ada, grace]);

      const read = await store.owner.markRead(grace, true, NOW + 10);
      expect(read).toMatchObject({ id: grace, readAt: NOW + 10 });
      expect((await store.owner.list({ unread: true })).map((m) => m.id)).toEqual([other, ada]);
      expect(await store.owner.markRead(grace, false, NOW + 20)).toMatchObject({ readAt: null });
      expect(await store.owner.list({ unread: true })).toHaveLength(3);
      expect(await store.owner.markRead('no-such-id', true, NOW)).toBeUndefined();
    });

    test('marking spam takes a message out of the outbox until it is released', async () => {
      const id = await accept({ notify: true });
      const result = await store.owner.markSpam(id.slice(0, 20));
      expect(result).toMatchObject({
        kind: 'changed',
        message: { id, status: 'spam', spam: true, spamReason: 'owner' },
      });
      expect(await store.outbox.countDue(NOW)).toBe(0);
      expect(await store.notifications.nextDueAt()).toBeUndefined();
      expect(await store.owner.markSpam(id)).toMatchObject({ kind: 'already' });
      expect(await store.owner.releaseSpam(id, NOW + 5)).toMatchObject({ kind: 'queued' });
      expect(await store.owner.find(id)).toMatchObject({ status: 'pending', queuedAt: NOW + 5 });
      // A message being sent is left as it is.
      await claim(NOW + 5, 'w');
      expect(await store.owner.markSpam(id)).toMatchObject({
        kind: 'already',
        message: { status: 'sending' },
      });
      expect(await store.owner.markSpam('zzzz')).toEqual({ kind: 'not-found' });
    });
  });

  describe('the owner’s sign-in', () => {
    const key = (id: string, at = NOW) => ({
      id,
      publicKey: `key-of-${id}`,
      counter: 0,
      transports: ['internal', 'hybrid'],
      name: `Passkey ${id}`,
      createdAt: at,
      lastUsedAt: null,
    });
    const session = (id: string, at = NOW, passkeyId = 'p1') => ({
      id,
      passkeyId,
      createdAt: at,
      seenAt: at,
      endedAt: null,
      address: '127.0.0.1',
      userAgent: 'Test',
    });
    const link = (id: string, expiresAt = NOW + 15 * 60_000) => ({
      id,
      kind: 'enrol-link' as const,
      subject: null,
      expiresAt,
    });

    test('an enrolment link enrols one passkey, once; a new link replaces the last', async () => {
      const access = store.ownerAccess;
      await access.issueTicket(link('link-1'), { at: NOW, action: 'link-created' });
      await access.issueTicket(link('link-2'));
      expect(await access.ticket('link-1', 'enrol-link', NOW)).toBeUndefined();
      expect(await access.ticket('link-2', 'enrol-link', NOW)).toMatchObject({ id: 'link-2' });
      expect(await access.ticket('link-2', 'enrol-link', NOW + 15 * 60_000)).toBeUndefined();
      const other = await opened.another();
      const [first, second] = await Promise.all([
        access.enrol('link-2', key('p1'), session('s1'), { at: NOW + 1, action: 'enrolled' }),
        other.ownerAccess.enrol('link-2', key('p2'), session('s2'), {
          at: NOW + 1,
          action: 'enrolled',
        }),
      ]);
      expect([first, second].sort()).toEqual([false, true]);
      expect(await access.passkeys()).toHaveLength(1);
      expect(await access.openSessions()).toHaveLength(1);
      expect((await access.auditLog(10)).map((entry) => entry.action)).toEqual([
        'enrolled',
        'link-created',
      ]);
    });

    test('a link past its 15 minutes enrols nothing', async () => {
      const access = store.ownerAccess;
      await access.issueTicket(link('link-1', NOW + 1000));
      expect(
        await access.enrol('link-1', key('p1'), session('s1', NOW + 1000), {
          at: NOW + 1000,
          action: 'enrolled',
        }),
      ).toBe(false);
      expect(await access.passkeys()).toEqual([]);
    });

    test('a challenge is taken once; sign-in counts the passkey’s use and opens a session', async () => {
      const access = store.ownerAccess;
      await access.issueTicket({
        id: 'c1',
        kind: 'sign-in',
        subject: null,
        expiresAt: NOW + 60_000,
      });
      expect(await access.takeTicket('c1', 'enrol', NOW)).toBeUndefined();
      expect(await access.takeTicket('c1', 'sign-in', NOW)).toMatchObject({ id: 'c1' });
      expect(await access.takeTicket('c1', 'sign-in', NOW)).toBeUndefined();
      await access.addPasskey(key('p1'), { at: NOW, action: 'passkey-added', detail: 'Laptop' });
      await access.signIn('p1', 7, session('s1', NOW + 5), {
        at: NOW + 5,
        action: 'signed-in',
        address: '127.0.0.1',
      });
      expect(await access.passkey('p1')).toMatchObject({
        counter: 7,
        lastUsedAt: NOW + 5,
        transports: ['internal', 'hybrid'],
      });
      await access.touchSession('s1', NOW + 60_000);
      await access.touchSession('s1', NOW + 30_000);
      expect(await access.session('s1')).toMatchObject({ seenAt: NOW + 60_000, endedAt: null });
      const signedOut = { at: NOW + 70_000, action: 'signed-out' } as const;
      expect(await access.endSession('s1', NOW + 70_000, signedOut)).toBe(true);
      expect(await access.endSession('s1', NOW + 80_000, signedOut)).toBe(false);
      expect(await access.session('s1')).toMatchObject({ endedAt: NOW + 70_000 });
      expect(await access.openSessions()).toEqual([]);
      const log = await access.auditLog(2);
      expect(log.map((entry) => entry.action)).toEqual(['signed-out', 'signed-in']);
      expect((await access.auditLog(5, log[1]?.id)).map((entry) => entry.action)).toEqual([
        'passkey-added',
      ]);
    });

    test('the last passkey is never removed', async () => {
      const access = store.ownerAccess;
      await access.addPasskey(key('p1'), { at: NOW, action: 'passkey-added' });
      await access.addPasskey(key('p2', NOW + 1), { at: NOW, action: 'passkey-added' });
      await access.signIn('p2', 1, session('s1', NOW, 'p2'), { at: NOW, action: 'signed-in' });
      const removed = { at: NOW, action: 'passkey-removed' } as const;
      expect(await access.removePasskey('p2', removed)).toBe('removed');
      // What was signed in with it is signed out: a lost phone's session ends with its key.
      expect(await access.session('s1')).toMatchObject({ passkeyId: null, endedAt: NOW });
      expect(await access.openSessions()).toEqual([]);
      expect(await access.removePasskey('p1', removed)).toBe('last');
      expect(await access.removePasskey('p9', removed)).toBe('not-found');
      expect((await access.passkeys()).map((each) => each.id)).toEqual(['p1']);
    });

    test('two removals racing for the last two passkeys leave one', async () => {
      const access = store.ownerAccess;
      const other = (await opened.another()).ownerAccess;
      await access.addPasskey(key('p1'), { at: NOW, action: 'passkey-added' });
      await access.addPasskey(key('p2', NOW + 1), { at: NOW, action: 'passkey-added' });
      const removed = { at: NOW, action: 'passkey-removed' } as const;
      const answers = await Promise.all([
        access.removePasskey('p1', removed),
        other.removePasskey('p2', removed),
      ]);
      expect(answers.sort()).toEqual(['last', 'removed']);
      expect(await access.passkeys()).toHaveLength(1);
    });

    test('attempts are capped over every instance; expired tickets and sessions are forgotten', async () => {
      const other = await opened.another();
      const caps = [{ key: 'owner-sign-in:a', max: 2, windowMs: 60_000 }];
      expect(await store.ownerAccess.countAttempt(caps, NOW)).toEqual({ ok: true });
      expect(await other.ownerAccess.countAttempt(caps, NOW + 10)).toEqual({ ok: true });
      expect(await store.ownerAccess.countAttempt(caps, NOW + 20)).toEqual({
        ok: false,
        retryAt: NOW + 60_000,
      });
      expect(await other.ownerAccess.countAttempt(caps, NOW + 60_001)).toEqual({ ok: true });

      await store.ownerAccess.issueTicket({
        id: 'c1',
        kind: 'sign-in',
        subject: null,
        expiresAt: NOW,
      });
      await store.ownerAccess.addPasskey(key('p1'), { at: NOW, action: 'passkey-added' });
      await store.ownerAccess.signIn('p1', 1, session('old', NOW - DAY), {
        at: NOW,
        action: 'signed-in',
      });
      await store.ownerAccess.signIn('p1', 2, session('new'), { at: NOW, action: 'signed-in' });
      await store.ownerAccess.forgetExpired(NOW, NOW - 12 * 60 * 60_000);
      expect((await store.ownerAccess.openSessions()).map((each) => each.id)).toEqual(['new']);
      // The expired ticket is gone: its id is free again.
      await store.ownerAccess.issueTicket({
        id: 'c1',
        kind: 'sign-in',
        subject: null,
        expiresAt: NOW + 1,
      });
    });
  });

  describe('push notifications', () => {
    const claimPush = (on: FeedbackStore, now: number, holder: string, limit = 5) =>
      on.notifications.claim({ now, holder, leaseMs: 1000, limit, ...RETRY });

    test('queued with the message when asked, never for spam; done once sent', async () => {
      const id = await accept({ notify: true });
      await accept({ notify: true, spam: true, receivedAt: NOW + 1 });
      await accept({ receivedAt: NOW + 2 });
      expect(await store.notifications.nextDueAt()).toBe(NOW);
      const [claimed, ...rest] = await claimPush(store, NOW, 'a');
      expect(rest).toEqual([]);
      expect(claimed).toMatchObject({
        kind: 'message',
        attempt: 1,
        message: { id, appName: 'EchoExpense', firstName: 'Ada' },
      });
      expect(await claimPush(store, NOW + 999, 'b')).toEqual([]);
      await store.notifications.recordRetry(id, 'a', NOW + 5000, '503 busy');
      expect(await store.notifications.nextDueAt()).toBe(NOW + 5000);
      const [again] = await claimPush(store, NOW + 5000, 'b');
      expect(again).toMatchObject({ id, attempt: 2 });
      // The first worker's late word that it did go out ends it: nothing is sent twice.
      await store.notifications.recordSent(id, NOW + 5500);
      expect(await store.notifications.nextDueAt()).toBeUndefined();
      expect(await claimPush(store, NOW + 60_000, 'c')).toEqual([]);
    });

    test('a pause is told once; a dead one stays; a forgotten sender’s go with them', async () => {
      const pause = { reason: '535 auth', since: NOW, retryAt: NOW + 600 };
      expect(await store.outbox.pauseDelivery(pause, true)).toBe(true);
      expect(await store.outbox.pauseDelivery({ ...pause, since: NOW + 600 }, true)).toBe(false);
      const [told, ...more] = await claimPush(store, NOW + 600, 'a');
      expect(more).toEqual([]);
      expect(told).toMatchObject({ kind: 'delivery-paused', detail: '535 auth' });
      expect(told?.message).toBeUndefined();
      await store.notifications.recordDead(told?.id ?? '', 'a', '404 no such topic');
      expect(await store.notifications.nextDueAt()).toBeUndefined();

      await accept({ notify: true, email: 'Grace@example.com' });
      const other = await opened.another();
      const [mine, theirs] = await Promise.all([
        claimPush(store, NOW, 'a'),
        claimPush(other, NOW, 'b'),
      ]);
      expect([...mine, ...theirs]).toHaveLength(1);
      expect(await store.notifications.releaseClaims('a', NOW)).toBe(mine.length);
      expect(await other.notifications.releaseClaims('b', NOW)).toBe(theirs.length);
      expect(await store.owner.forgetSender('grace@example.com')).toBe(1);
      expect(await claimPush(store, NOW, 'a')).toEqual([]);
    });
  });

  test('every row copies into an empty store of the other engine, and not into a full one', async () => {
    const sent = await accept({ idempotencyKey: 'copy-key' });
    const spam = await accept({ spam: true, spamReason: 'mostly-links' });
    await claim(NOW, 'w');
    await store.outbox.recordSent(sent, outcome('w', 1, NOW + 5, '250 OK'));
    const visitCounts: VisitCount[] = Array.from({ length: 1200 }, (_, index) => ({
      day: '2025-01-15',
      dimension: 'page',
      key: `/page-${index}`,
      detail: '',
      hits: index + 1,
      visitors: [`visitor-${index}`],
    }));
    visitCounts.push({
      day: '2025-01-15',
      dimension: 'button',
      key: 'echoexpense',
      detail: 'appStore',
      hits: 3,
      visitors: [],
    });
    await store.visits.record(visitCounts);
    await store.outbox.pauseDelivery({ reason: '535', since: NOW, retryAt: NOW + 1 }, true);
    await store.owner.markRead(sent, true, NOW + 10);
    await store.ownerAccess.addPasskey(
      {
        id: 'p1',
        publicKey: 'key',
        counter: 3,
        transports: ['internal'],
        name: 'Laptop',
        createdAt: NOW,
        lastUsedAt: NOW + 1,
      },
      { at: NOW, action: 'passkey-added', detail: 'Laptop', address: '127.0.0.1' },
    );
    const [otherEngine] = ENGINES.filter((each) => each.name !== engine.name);
    if (!otherEngine) throw new Error('one engine only');
    const target = await otherEngine.open();
    try {
      expect(await target.store.transfer.isEmpty()).toBe(true);
      const counts = await target.store.transfer.load(store.transfer.rows());
      expect(counts).toMatchObject({
        messages: 2,
        jobs: 2,
        delivery_attempts: 1,
        idempotency_keys: 1,
        visit_counts: 1201,
        owner_passkeys: 1,
        owner_audit: 1,
      });
      const range = { from: '2025-01-15', to: '2025-01-15' };
      expect(await target.store.visitStats.pages(range, 2000)).toEqual(
        await store.visitStats.pages(range, 2000),
      );
      expect(await target.store.visitStats.apps(range, 10)).toEqual(
        await store.visitStats.apps(range, 10),
      );
      expect(await target.store.ownerAccess.passkeys()).toEqual(await store.ownerAccess.passkeys());
      expect(await target.store.ownerAccess.auditLog(5)).toEqual(
        await store.ownerAccess.auditLog(5),
      );
      expect(await target.store.notifications.nextDueAt()).toBe(NOW);
      expect(await target.store.owner.find(sent)).toEqual(await store.owner.find(sent));
      expect(await target.store.owner.find(spam)).toEqual(await store.owner.find(spam));
      expect(await target.store.owner.attemptsOf(sent)).toEqual(await store.owner.attemptsOf(sent));
      expect(await target.store.intake.findReplay('copy-key', NOW)).toBe(sent);
      expect(await target.store.outbox.deliveryPause()).toMatchObject({ reason: '535' });
      await expect(target.store.transfer.load(store.transfer.rows())).rejects.toThrow(
        StoreSettingsError,
      );
      expect((await target.store.owner.counts()).sent).toBe(1);
    } finally {
      await target.cleanup();
    }
  });
});
