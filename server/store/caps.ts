/**
 * How a cap counts, written once: at most `max` entries in any window of `windowMs` (a
 * sliding window). The store counts the caps kept for every instance (the feedback's caps,
 * the owner's sign-in attempts), an instance its own in memory (`AcceptanceLimiter`), and
 * PostgreSQL's accept function the same rule in SQL (its contract tests hold it to this).
 */
import { all, dialect, type Plan } from './sql/plan.ts';

export interface CapRule {
  max: number;
  windowMs: number;
}

/**
 * When the cap is full at `at`, given the times of its entries: when it has room again (its
 * oldest entry in the window leaves it). Undefined when it has room.
 */
export function fullUntil(times: readonly number[], cap: CapRule, at: number): number | undefined {
  const recent = times.filter((time) => time > at - cap.windowMs);
  return recent.length >= cap.max ? Math.min(...recent) + cap.windowMs : undefined;
}

/** The times of the stored entries under each of `keys` after `since`, by key. */
export function* capEntries(keys: readonly string[], since: number): Plan<Map<string, number[]>> {
  const entries = new Map<string, number[]>();
  if (keys.length === 0) return entries;
  const d = yield* dialect();
  const rows = yield* all<{ key: string; at: number }>(
    `SELECT key, at FROM acceptance_slots WHERE ${d.inList('key', 'keys')} AND at > @since`,
    { keys: [...new Set(keys)], since },
  );
  for (const row of rows) entries.set(row.key, [...(entries.get(row.key) ?? []), row.at]);
  return entries;
}
