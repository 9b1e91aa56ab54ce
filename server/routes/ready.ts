/**
 * GET /readyz: readiness. 200 only when the feedback store takes a write (a real committed
 * write, so a full disk or a read-only mount shows here), its disk is above the free-space
 * floor, and delivery is not paused; 503 otherwise.
 *
 * The write is made at most once a second, shared by every call meanwhile: the probe is
 * not a way for anyone to make the server sync its disk at will. Only loopback (the host
 * itself, or a trusted proxy forwarding a loopback client) sees why and the outbox's counts
 * (waiting, dead, the oldest waiting one’s age, a pause’s reason, the store’s engine and
 * schema version); everyone else gets the status alone.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock, type Timer } from '../clock.ts';
import { isLoopbackAddress } from '../intake/addresses.ts';

/** How long one write probe's outcome is reused, in ms. */
const PROBE_CACHE_MS = 1000;

/**
 * How long readiness waits for the store, in ms: a store that does not answer (a frozen
 * database) is not ready, and the probe says so within this time instead of hanging.
 */
export const READY_TIME_LIMIT_MS = 2000;

/** What `work` resolves with, or `fallback` once `ms` have passed on `clock` without an answer. */
function within<T>(clock: Clock, work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: Timer | undefined;
  const late = new Promise<T>((resolve) => {
    timer = clock.setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clock.clearTimeout(timer));
}

export interface ReadyReport {
  status: 'ready' | 'unavailable';
  store?: 'writable' | 'not writable' | 'low on disk space';
  /** 'off' when no mail server is configured: messages wait in the store. */
  delivery?: 'on' | 'off' | 'paused';
  /** Why delivery is paused: the mail server's reply. */
  pauseReason?: string;
  pending?: number;
  dead?: number;
  /** Seconds since the oldest waiting message arrived; null when none waits. */
  oldestPendingAgeSeconds?: number | null;
  /** The store's engine and the version of its schema. */
  schema?: { engine: 'sqlite' | 'postgres'; version: number };
}

export interface ReadyRoutesOptions {
  /**
   * Where the probe's age and the oldest message's age are read, and what times the wait for
   * the store; default the system's clock.
   */
  clock?: Clock;
}

export const readyRoutes = fp<ReadyRoutesOptions>(
  async function readyRoutes(app: FastifyInstance, { clock = systemClock }) {
    const health = app.storeHealth;
    let probe: { at: number; writable: Promise<boolean> } | undefined;
    const writable = (now: number): Promise<boolean> => {
      if (probe && now - probe.at < PROBE_CACHE_MS) return probe.writable;
      const attempt = health.probeWrite(now).then(
        () => true,
        (error: unknown) => {
          app.log.error({ err: error }, 'feedback store is not writable');
          return false;
        },
      );
      probe = { at: now, writable: attempt };
      return attempt;
    };

    app.get('/readyz', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const now = clock.now();
      const canWrite = await within(clock, writable(now), READY_TIME_LIMIT_MS, false);
      const space = app.feedbackStoreSpace.check(now);
      const pause = app.feedbackOutbox.enabled
        ? await within(
            clock,
            health.deliveryPause().catch(() => undefined),
            READY_TIME_LIMIT_MS,
            undefined,
          )
        : undefined;
      const ready = canWrite && space.ok && pause === undefined;
      const status = ready ? 'ready' : 'unavailable';
      reply.code(ready ? 200 : 503);
      if (!isLoopbackAddress(request.ip)) return reply.send({ status } satisfies ReadyReport);
      const report: ReadyReport = {
        status,
        store: !canWrite ? 'not writable' : space.ok ? 'writable' : 'low on disk space',
        delivery: pause ? 'paused' : app.feedbackOutbox.enabled ? 'on' : 'off',
        ...(pause ? { pauseReason: pause.reason } : {}),
        schema: health.schema(),
      };
      try {
        const counts = await within(clock, health.counts(), READY_TIME_LIMIT_MS, undefined);
        if (!counts) throw new Error(`No answer from the store within ${READY_TIME_LIMIT_MS} ms`);
        report.pending = counts.pending;
        report.dead = counts.dead;
        report.oldestPendingAgeSeconds =
          counts.oldestPendingReceivedAt === null
            ? null
            : Math.max(0, Math.floor((now - counts.oldestPendingReceivedAt) / 1000));
      } catch (error) {
        request.log.error({ err: error }, 'could not read the outbox counts');
      }
      return reply.send(report);
    });
  },
  { name: 'ready-routes', dependencies: ['store', 'feedback-outbox'] },
);
