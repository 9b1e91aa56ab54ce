/**
 * The visit counters' operations: adding an instance's sums (each visitor counted once a
 * day over every instance), sharing the day's salt between the running instances, and
 * forgetting what is past its time; and the owner's reading of the sums.
 */
import { daysOf, DISTINCT_KEPT_PER_DAY, OTHER, periodRange } from '../store/visit-days.ts';
import { all, dialect, lock, run, type Plan } from '../store/sql/plan.ts';
import type {
  AppVisits,
  DeviceClass,
  DeviceVisits,
  NotFoundVisits,
  PageVisits,
  ReferrerVisits,
  VisitButton,
  VisitCount,
  VisitDay,
  VisitDayTotals,
  VisitDimension,
  VisitInstance,
  VisitPeriod,
  VisitRange,
  VisitReport,
  VisitSaltShare,
  VisitSaltState,
} from './types.ts';
import { valueLists } from '../store/operations/insert.ts';

/**
 * Adds an instance's counts. The visitors' digests go into the day's seen list first; only
 * those it did not hold yet count as visitors. The lock has instances add one after the
 * other, so two that saw the same visitor never both count it.
 */
export function* recordVisits(counts: readonly VisitCount[]): Plan<void> {
  if (counts.length === 0) return;
  yield* lock('visits');
  const seen = counts.flatMap((count) =>
    [...new Set(count.visitors)].map((digest) => ({ day: count.day, digest })),
  );
  const fresh = new Set<string>();
  for (const { values, params } of valueLists(['day', 'digest'], seen)) {
    const rows = yield* all<{ day: string; digest: string }>(
      `INSERT INTO visit_seen (day, digest) VALUES ${values}
       ON CONFLICT (day, digest) DO NOTHING RETURNING day, digest`,
      params,
    );
    for (const row of rows) fresh.add(`${row.day} ${row.digest}`);
  }
  const rows = counts.map((count) => ({
    day: count.day,
    dimension: count.dimension,
    key: count.key,
    detail: count.detail,
    hits: count.hits,
    visitors: [...new Set(count.visitors)].filter((digest) => fresh.has(`${count.day} ${digest}`))
      .length,
  }));
  const columns = ['day', 'dimension', 'key', 'detail', 'hits', 'visitors'];
  for (const { values, params } of valueLists(columns, rows)) {
    yield* run(
      `INSERT INTO visit_counts (${columns.join(', ')}) VALUES ${values}
       ON CONFLICT (day, dimension, key, detail) DO UPDATE SET
         hits = visit_counts.hits + excluded.hits,
         visitors = visit_counts.visitors + excluded.visitors`,
      params,
    );
  }
  const bounded = new Map<string, string[]>();
  for (const row of rows) {
    if (!BOUNDED_DIMENSIONS.has(row.dimension) || row.key === OTHER) continue;
    const each = `${row.day}\n${row.dimension}`;
    bounded.set(each, [...(bounded.get(each) ?? []), row.key]);
  }
  for (const [each, fresh] of bounded) {
    const [day = '', dimension = ''] = each.split('\n');
    yield* keepBusiest(day, dimension, fresh);
  }
}

/** The dimensions whose distinct keys a day are bounded: anyone can make up new ones. */
const BOUNDED_DIMENSIONS: ReadonlySet<VisitDimension> = new Set(['referrer', 'not-found']);

/**
 * Keeps the day's DISTINCT_KEPT_PER_DAY busiest keys of a bounded dimension, and lumps the
 * others into OTHER (their hits and visitors added to it), so the busiest always show. Among
 * keys as busy, those just counted (`fresh`) stay: a real referrer's first visit is not
 * lumped in for coming after a flood of made-up ones, and its next makes it the busier.
 */
function* keepBusiest(day: string, dimension: string, fresh: readonly string[]): Plan<void> {
  const d = yield* dialect();
  const beyond = yield* all<{ key: string; detail: string; hits: number; visitors: number }>(
    `SELECT key, detail, hits, visitors FROM visit_counts
     WHERE day = @day AND dimension = @dimension AND key <> @other
     ORDER BY hits DESC, CASE WHEN ${d.inList('key', 'fresh')} THEN 0 ELSE 1 END, key
     LIMIT 1000000 OFFSET @keep`,
    { day, dimension, other: OTHER, keep: DISTINCT_KEPT_PER_DAY, fresh: [...fresh] },
  );
  if (beyond.length === 0) return;
  for (const row of beyond) {
    yield* run(
      `DELETE FROM visit_counts
       WHERE day = @day AND dimension = @dimension AND key = @key AND detail = @detail`,
      { day, dimension, key: row.key, detail: row.detail },
    );
  }
  yield* run(
    `INSERT INTO visit_counts (day, dimension, key, detail, hits, visitors)
     VALUES (@day, @dimension, @other, '', @hits, @visitors)
     ON CONFLICT (day, dimension, key, detail) DO UPDATE SET
       hits = visit_counts.hits + excluded.hits,
       visitors = visit_counts.visitors + excluded.visitors`,
    {
      day,
      dimension,
      other: OTHER,
      hits: beyond.reduce((sum, row) => sum + row.hits, 0),
      visitors: beyond.reduce((sum, row) => sum + row.visitors, 0),
    },
  );
}

/** The shares of the salt of `day` held by running instances. */
const LIVE_SHARES = `SELECT s.instance, s.sealed FROM visit_salt_shares s
  JOIN visit_instances i ON i.instance = s.instance WHERE s.day = @day`;

/** Says that `me` runs; forgets instances silent since `staleBefore`; where the day's salt stands. */
export function* visitHeartbeat(
  me: VisitInstance,
  day: VisitDay,
  now: number,
  staleBefore: number,
): Plan<VisitSaltState> {
  yield* lock('visits');
  yield* run(
    `INSERT INTO visit_instances (instance, public_key, seen_at) VALUES (@instance, @publicKey, @now)
     ON CONFLICT (instance) DO UPDATE SET public_key = excluded.public_key, seen_at = excluded.seen_at`,
    { instance: me.instance, publicKey: me.publicKey, now },
  );
  yield* run('DELETE FROM visit_instances WHERE seen_at < @staleBefore', { staleBefore });
  const shares = yield* all<{ instance: string; sealed: string }>(LIVE_SHARES, { day });
  const without = yield* all<{ instance: string; public_key: string }>(
    `SELECT i.instance, i.public_key FROM visit_instances i WHERE NOT EXISTS
       (SELECT 1 FROM visit_salt_shares s WHERE s.day = @day AND s.instance = i.instance)
     ORDER BY i.instance`,
    { day },
  );
  return {
    own: shares.find((share) => share.instance === me.instance)?.sealed,
    shared: shares.length > 0,
    without: without.map((row) => ({ instance: row.instance, publicKey: row.public_key })),
  };
}

function* insertShares(day: VisitDay, shares: readonly VisitSaltShare[]): Plan<void> {
  const rows = shares.map((share) => ({ day, instance: share.instance, sealed: share.sealed }));
  for (const { values, params } of valueLists(['day', 'instance', 'sealed'], rows)) {
    yield* run(
      `INSERT INTO visit_salt_shares (day, instance, sealed) VALUES ${values}
       ON CONFLICT (day, instance) DO NOTHING`,
      params,
    );
  }
}

/**
 * A new salt for `day`, unless a running instance holds one: the shares that instances
 * which stopped left behind (no one can open them any more) make way for it.
 */
export function* offerVisitSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Plan<boolean> {
  yield* lock('visits');
  const live = yield* all<{ instance: string }>(LIVE_SHARES, { day });
  if (live.length > 0) return false;
  yield* run('DELETE FROM visit_salt_shares WHERE day = @day', { day });
  yield* insertShares(day, shares);
  return true;
}

export function* shareVisitSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Plan<void> {
  yield* lock('visits');
  yield* insertShares(day, shares);
}

export function* forgetVisits(keepSince: VisitDay, today: VisitDay): Plan<void> {
  yield* run('DELETE FROM visit_counts WHERE day < @keepSince', { keepSince });
  yield* run('DELETE FROM visit_seen WHERE day < @today', { today });
  yield* run('DELETE FROM visit_salt_shares WHERE day < @today', { today });
}

/** Sums over a range, largest first: one row per key (and detail). */
function* sums(
  dimensions: readonly VisitDimension[],
  range: VisitRange,
  limit: number | null,
): Plan<
  { dimension: VisitDimension; key: string; detail: string; hits: number; visitors: number }[]
> {
  const params: Record<string, unknown> = { from: range.from, to: range.to, limit };
  const names = dimensions.map((dimension, index) => {
    params[`dimension${index}`] = dimension;
    return `@dimension${index}`;
  });
  return yield* all(
    `SELECT dimension, key, detail, CAST(sum(hits) AS BIGINT) AS hits,
            CAST(sum(visitors) AS BIGINT) AS visitors
     FROM visit_counts
     WHERE dimension IN (${names.join(', ')}) AND day >= @from AND day <= @to
     GROUP BY dimension, key, detail
     ORDER BY hits DESC, key, detail
     ${limit === null ? '' : 'LIMIT @limit'}`,
    params,
  );
}

export function* visitDays(range: VisitRange): Plan<VisitDayTotals[]> {
  const rows = yield* all<{ day: string; hits: number; visitors: number }>(
    `SELECT day, hits, visitors FROM visit_counts
     WHERE dimension = 'site' AND day >= @from AND day <= @to`,
    { from: range.from, to: range.to },
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(range).map((day) => ({
    day,
    views: byDay.get(day)?.hits ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
}

export function* visitPages(range: VisitRange, limit: number): Plan<PageVisits[]> {
  const rows = yield* sums(['page'], range, limit);
  return rows.map((row) => ({ page: row.key, views: row.hits, visitors: row.visitors }));
}

const BUTTONS: readonly VisitButton[] = ['landing', 'appStore', 'playStore', 'testFlight'];
const STORE_BUTTONS: readonly VisitButton[] = ['appStore', 'playStore', 'testFlight'];

function perButton(): Record<VisitButton, number> {
  return { landing: 0, appStore: 0, playStore: 0, testFlight: 0 };
}

function isButton(detail: string): detail is VisitButton {
  return (BUTTONS as readonly string[]).includes(detail);
}

/** Apps by page views, with their buttons' clicks and QR codes shown. */
export function* visitApps(range: VisitRange, limit: number): Plan<AppVisits[]> {
  const rows = yield* sums(['app', 'button', 'qr'], range, null);
  const apps = new Map<string, AppVisits>();
  const app = (slug: string) => {
    let entry = apps.get(slug);
    if (!entry) {
      entry = {
        app: slug,
        views: 0,
        visitors: 0,
        clicks: perButton(),
        storeClicks: 0,
        clickThroughRate: 0,
        qrShown: perButton(),
      };
      apps.set(slug, entry);
    }
    return entry;
  };
  for (const row of rows) {
    const entry = app(row.key);
    if (row.dimension === 'app') {
      entry.views += row.hits;
      entry.visitors += row.visitors;
    } else if (isButton(row.detail)) {
      (row.dimension === 'button' ? entry.clicks : entry.qrShown)[row.detail] += row.hits;
    }
  }
  for (const entry of apps.values()) {
    entry.storeClicks = STORE_BUTTONS.reduce((sum, button) => sum + entry.clicks[button], 0);
    entry.clickThroughRate = entry.views > 0 ? entry.storeClicks / entry.views : 0;
  }
  return [...apps.values()]
    .sort((a, b) => b.views - a.views || b.storeClicks - a.storeClicks || (a.app < b.app ? -1 : 1))
    .slice(0, limit);
}

export function* visitReferrers(range: VisitRange, limit: number): Plan<ReferrerVisits[]> {
  const rows = yield* sums(['referrer'], range, limit);
  return rows.map((row) => ({ domain: row.key, visits: row.hits }));
}

export function* visitNotFound(range: VisitRange, limit: number): Plan<NotFoundVisits[]> {
  const rows = yield* sums(['not-found'], range, limit);
  return rows.map((row) => ({ path: row.key, views: row.hits }));
}

export function* visitDevices(range: VisitRange): Plan<DeviceVisits[]> {
  const rows = yield* sums(['device'], range, null);
  return rows.map((row) => ({
    device: row.key as DeviceClass,
    views: row.hits,
    visitors: row.visitors,
  }));
}

/** Everything the owner's page shows of the last `period` days. */
export function* visitReport(period: VisitPeriod, now: number, limit: number): Plan<VisitReport> {
  const range = periodRange(period, now);
  const days = yield* visitDays(range);
  return {
    range,
    totals: {
      views: days.reduce((sum, day) => sum + day.views, 0),
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    },
    days,
    pages: yield* visitPages(range, limit),
    apps: yield* visitApps(range, limit),
    referrers: yield* visitReferrers(range, limit),
    notFound: yield* visitNotFound(range, limit),
    devices: yield* visitDevices(range),
  };
}
