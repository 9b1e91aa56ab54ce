/**
 * One instance's visit counter. Beacons are counted in memory, as the day's sums, and
 * written to the store in one transaction now and then (`flush`), so 20,000 beacons cost a
 * handful of writes and never hold up a feedback message. Everything it keeps is bounded:
 * past a bound, what is new is dropped (and counted as dropped), never queued.
 *
 * A visitor is the address's network (an IPv4 address or an IPv6 /64) and the user agent,
 * as a keyed digest under the day's salt (daily-salt.ts) and what it saw: one digest per
 * page, app, device class and the site, so no two of a visitor's digests can be linked.
 * Neither the address nor the user agent is kept once the beacon is counted.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { VisitButtonKind } from '../../common/visits.ts';
import type { DiskSpace } from '../store/disk-space.ts';
import type { DeviceClass, VisitCount, VisitDay, VisitDimension, VisitRecorder } from './types.ts';
import { OTHER, visitDay } from '../store/visit-days.ts';
import type { DailySalt } from './daily-salt.ts';
import type { PageOf } from './pages.ts';

/** How much one instance keeps in memory at most between two flushes. */
export interface VisitBounds {
  /** Distinct counts (a day and what it counts). */
  counts: number;
  /** Visitors' digests. */
  digests: number;
  /** Page views waiting for the day's salt (an instance that just started). */
  waiting: number;
  /**
   * Distinct referrers, and paths that found no page, each between two flushes; past it,
   * `(other)`. Over the day the store keeps the busiest (DISTINCT_KEPT_PER_DAY).
   */
  distinctPerDay: number;
  /** Digests remembered as written today, so they are not sent again. */
  remembered: number;
}

export const DEFAULT_BOUNDS: VisitBounds = {
  counts: 5_000,
  digests: 50_000,
  waiting: 5_000,
  distinctPerDay: 500,
  remembered: 100_000,
};

const DIGEST_LENGTH = 22;

export type VisitEvent =
  | { kind: 'view'; page: PageOf; referrer: string | undefined }
  | { kind: 'click' | 'qr'; app: string; button: VisitButtonKind };

/** Who sent a beacon, for as long as it takes to count it. */
export interface Visitor {
  /** The address's network and the user agent: never stored, only digested. */
  identity: string;
  device: DeviceClass;
}

interface Entry {
  count: Omit<VisitCount, 'visitors'>;
  visitors: Set<string>;
}

export interface VisitCounterOptions {
  store: VisitRecorder;
  salt: DailySalt;
  /** The store's disk: below its floor, nothing is written. */
  space: DiskSpace;
  log: FastifyBaseLogger;
  now: () => number;
  bounds?: Partial<VisitBounds>;
}

/** What the counter has done since it started, for logs and tests. */
export interface VisitCounterStats {
  counted: number;
  /** Beacons or parts of them left out: a bound was reached. */
  dropped: number;
  /** Flushes written, and those that failed (their counts were kept for the next). */
  flushes: number;
  failedFlushes: number;
}

export class VisitCounter {
  readonly #options: VisitCounterOptions;
  readonly #bounds: VisitBounds;
  #entries = new Map<string, Entry>();
  #digests = 0;
  #waiting: { day: VisitDay; event: Extract<VisitEvent, { kind: 'view' }>; visitor: Visitor }[] =
    [];
  /** The day whose distinct values and written digests are remembered. */
  #day: VisitDay = '';
  #remembered = new Set<string>();
  #distinct = new Map<VisitDimension, Set<string>>();
  #flushing: Promise<void> | undefined;
  #ticking: Promise<void> | undefined;
  #belowFloorLogged = false;
  readonly stats: VisitCounterStats = { counted: 0, dropped: 0, flushes: 0, failedFlushes: 0 };

  constructor(options: VisitCounterOptions) {
    this.#options = options;
    this.#bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
  }

  /** Counts a beacon, at once or once the day's salt is here. */
  count(event: VisitEvent, visitor: Visitor): void {
    const day = visitDay(this.#options.now());
    this.#turnTo(day);
    this.stats.counted += 1;
    if (event.kind !== 'view') {
      this.#add(day, event.kind === 'click' ? 'button' : 'qr', event.app, event.button);
      return;
    }
    const salt = this.#options.salt.of(day);
    if (salt || event.page.kind === 'not-found') {
      this.#view(day, event, visitor, salt);
    } else if (this.#waiting.length < this.#bounds.waiting) {
      this.#waiting.push({ day, event, visitor });
    } else {
      // The salt is late (the store does not answer): the view counts, its visitor cannot.
      this.#view(day, event, visitor, undefined);
    }
  }

  /**
   * Says this instance runs and settles the day's salt with the others, counts the views
   * that waited for it, then flushes: what the server does every VISITS_FLUSH_MS. One at a
   * time; a failure is logged, and the next tick tries again.
   */
  tick(): Promise<void> {
    this.#ticking ??= (async () => {
      const now = this.#options.now();
      try {
        await this.#options.salt.beat(visitDay(now), now);
      } catch (error) {
        this.#options.log.warn({ err: error }, 'could not settle the day’s salt of visits');
      }
      this.countWaiting();
      await this.flush();
    })().finally(() => {
      this.#ticking = undefined;
    });
    return this.#ticking;
  }

  /**
   * Writes what is left: a last tick, then the views still waiting for a salt (an instance
   * that stops before the others shared it) without their visitors.
   */
  async close(): Promise<void> {
    await this.tick();
    this.countWaiting({ withoutSalt: true });
    await this.flush();
  }

  /**
   * Counts the views that waited for the day's salt, with their visitors, once it is here;
   * a past day's (its salt will not come), or all of them `withoutSalt` (closing), without.
   */
  countWaiting({ withoutSalt = false } = {}): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    const today = visitDay(this.#options.now());
    for (const { day, event, visitor } of waiting) {
      const salt = this.#options.salt.of(day);
      if (!salt && !withoutSalt && day === today) this.#waiting.push({ day, event, visitor });
      else this.#view(day, event, visitor, salt);
    }
  }

  /** How many views wait for the day's salt. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Writes what was counted since the last flush, in one transaction; what fails to be
   * written is kept for the next (within the bounds). Nothing is written while the store's
   * disk is below its floor. One flush at a time.
   */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    if (this.#entries.size === 0) return;
    const space = this.#options.space.check();
    if (!space.ok) {
      if (!this.#belowFloorLogged) {
        this.#options.log.warn(
          space,
          'visits are not written: the store’s disk is below its floor',
        );
        this.#belowFloorLogged = true;
      }
      return;
    }
    this.#belowFloorLogged = false;
    const entries = this.#entries;
    this.#entries = new Map();
    this.#digests = 0;
    // The next flush's distinct values start afresh: the store ranks the day's.
    this.#distinct = new Map();
    const counts = [...entries.values()].map(({ count, visitors }) => ({
      ...count,
      visitors: [...visitors],
    }));
    try {
      await this.#options.store.record(counts);
      this.stats.flushes += 1;
      for (const { day, visitors } of counts) {
        if (day !== this.#day) continue;
        for (const digest of visitors) {
          if (this.#remembered.size >= this.#bounds.remembered) break;
          this.#remembered.add(digest);
        }
      }
    } catch (error) {
      this.stats.failedFlushes += 1;
      this.#options.log.warn({ err: error }, 'could not write the visits; kept for the next try');
      for (const { count, visitors } of entries.values()) {
        this.#add(count.day, count.dimension, count.key, count.detail, count.hits, visitors);
      }
    }
  }

  #turnTo(day: VisitDay): void {
    if (day === this.#day) return;
    this.#day = day;
    this.#remembered = new Set();
    this.#distinct = new Map();
  }

  #view(
    day: VisitDay,
    { page, referrer }: Extract<VisitEvent, { kind: 'view' }>,
    visitor: Visitor,
    salt: Buffer | undefined,
  ): void {
    if (page.kind === 'not-found') {
      this.#add(day, 'not-found', this.#distinctKey(day, 'not-found', page.path));
      return;
    }
    const seen = (dimension: VisitDimension, key: string) =>
      salt
        ? [
            createHmac('sha256', salt)
              .update(`${dimension}\n${key}\n${visitor.identity}`)
              .digest('base64url')
              .slice(0, DIGEST_LENGTH),
          ]
        : [];
    this.#add(day, 'site', '', '', 1, seen('site', ''));
    this.#add(day, 'page', page.page, '', 1, seen('page', page.page));
    if (page.app !== undefined) this.#add(day, 'app', page.app, '', 1, seen('app', page.app));
    this.#add(day, 'device', visitor.device, '', 1, seen('device', visitor.device));
    if (referrer !== undefined) {
      this.#add(day, 'referrer', this.#distinctKey(day, 'referrer', referrer));
    }
  }

  /** The key itself, or `(other)` once the day has had its share of distinct ones. */
  #distinctKey(day: VisitDay, dimension: VisitDimension, key: string): string {
    if (day !== this.#day) return key;
    let known = this.#distinct.get(dimension);
    if (!known) {
      known = new Set();
      this.#distinct.set(dimension, known);
    }
    if (known.has(key)) return key;
    if (known.size >= this.#bounds.distinctPerDay) return OTHER;
    known.add(key);
    return key;
  }

  #add(
    day: VisitDay,
    dimension: VisitDimension,
    key: string,
    detail = '',
    hits = 1,
    digests: Iterable<string> = [],
  ): void {
    const id = `${day}\n${dimension}\n${key}\n${detail}`;
    let entry = this.#entries.get(id);
    if (!entry) {
      if (this.#entries.size >= this.#bounds.counts) {
        this.stats.dropped += 1;
        return;
      }
      entry = { count: { day, dimension, key, detail, hits: 0 }, visitors: new Set() };
      this.#entries.set(id, entry);
    }
    entry.count.hits += hits;
    for (const digest of digests) {
      if (entry.visitors.has(digest) || this.#remembered.has(digest)) continue;
      if (this.#digests >= this.#bounds.digests) {
        this.stats.dropped += 1;
        continue;
      }
      entry.visitors.add(digest);
      this.#digests += 1;
    }
  }
}
