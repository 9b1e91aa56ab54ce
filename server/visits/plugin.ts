/**
 * The visit counter for the server's life: it counts beacons in memory, and every
 * `flushMs` ticks (says that this instance runs, settles the day's salt with the others,
 * writes its sums in one transaction); every ten minutes it forgets what is past its
 * time. Closing writes what is left. Off, the beacon route counts nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../clock.ts';
import { addDays, visitDay } from '../store/visit-days.ts';
import { VisitCounter, type VisitBounds } from './counter.ts';
import { DailySalt } from './daily-salt.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visit counter; undefined when counting is off. */
    visitCounter: VisitCounter | undefined;
  }
}

export interface VisitsPluginOptions {
  /** Count visits at all (VISITS_ENABLED). */
  enabled: boolean;
  /** How often the sums are written, in ms (VISITS_FLUSH_MS). */
  flushMs: number;
  /** Days of sums kept, today included (VISITS_RETENTION_DAYS). */
  retentionDays: number;
  /** Where the counter reads the time, and what times its flushes and sweeps. */
  clock?: Clock;
  /** What the counter keeps in memory at most; default DEFAULT_BOUNDS. */
  bounds?: Partial<VisitBounds>;
}

const SWEEP_MS = 10 * 60 * 1000;
/** Digests and shares of yesterday are kept this long into today, for a late flush. */
const DAY_GRACE_MS = 5 * 60 * 1000;

export const visitsPlugin = fp<VisitsPluginOptions>(
  async function visitsPlugin(app: FastifyInstance, options) {
    if (!options.enabled) {
      app.decorate('visitCounter', undefined);
      return;
    }
    const clock = options.clock ?? systemClock;
    const log = app.log.child({ component: 'visits' });
    const store = app.visitRecorder;
    const salt = new DailySalt({ store, log });
    const counter = new VisitCounter({
      store,
      salt,
      space: app.feedbackStoreSpace,
      log,
      now: () => clock.now(),
      ...(options.bounds ? { bounds: options.bounds } : {}),
    });
    app.decorate('visitCounter', counter);

    const forget = async () => {
      const now = clock.now();
      const today = visitDay(now);
      try {
        await store.forget(addDays(today, 1 - options.retentionDays), visitDay(now - DAY_GRACE_MS));
      } catch (error) {
        log.warn({ err: error }, 'could not forget past visits');
      }
    };

    // The first instance of the day makes the salt at once, so its first views wait for nothing.
    await counter.tick();
    await forget();
    const flushes = clock.setInterval(() => void counter.tick(), options.flushMs);
    flushes.unref();
    const sweep = clock.setInterval(() => void forget(), SWEEP_MS);
    sweep.unref();

    // Before the store closes: hooks registered later run first when closing.
    app.addHook('onClose', async () => {
      clock.clearInterval(flushes);
      clock.clearInterval(sweep);
      await counter.close();
    });
  },
  { name: 'visits', dependencies: ['visit-repository'] },
);
