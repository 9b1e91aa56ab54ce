/** The days visits are counted by: UTC calendar days, written `YYYY-MM-DD`. */
import type { VisitDay, VisitPeriod, VisitRange } from '../visits/types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a time. */
export function visitDay(ms: number): VisitDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: VisitDay, days: number): VisitDay {
  return visitDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The last `period` days up to the day of `now`, both ends included. */
export function periodRange(period: VisitPeriod, now: number): VisitRange {
  const to = visitDay(now);
  return { from: addDays(to, 1 - period), to };
}

/** Every day of a range, oldest first. */
export function daysOf(range: VisitRange): VisitDay[] {
  const days: VisitDay[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Where many distinct values of one day are lumped together. */
export const OTHER = '(other)';

/**
 * Distinct referrers, and paths that found no page, kept a day: past it, the least visited
 * are lumped into OTHER, so a flood of made-up ones cannot push out the busiest.
 */
export const DISTINCT_KEPT_PER_DAY = 500;
