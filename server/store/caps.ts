/**
 * How a cap counts, written once: at most `max` entries in any window of `windowMs` (a
 * sliding window). The store counts the caps kept for every instance with `CapTally` (the
 * feedback's caps, the owner's sign-in attempts), an instance its own in memory
 * (`AcceptanceLimiter`), both by `fullUntil`; PostgreSQL's accept function the same rule
 * in SQL (its contract tests hold it to this).
 */
import { all, dialect, type Plan } from './sql/plan.ts';
import { insertRows } from './operations/insert.ts';

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

/** A cap kept in the store, under its key (a client, a network, all visitors, sign-ins). */
export interface KeyedCap extends CapRule {
  key: string;
}

/**
 * The store's caps for a group of counts: their entries read once, then each count decided
 * and made in memory (each counting those before it), then the new entries written in one
 * go. The feedback's acceptances and the owner's sign-in attempts count with it.
 */
export class CapTally {
  readonly #entries: Map<string, number[]>;
  readonly #added: { key: string; at: number }[] = [];

  constructor(entries: Map<string, number[]>) {
    this.#entries = entries;
  }

  /** The first of `caps` that is full at `at`, and when it has room again. */
  full(caps: readonly KeyedCap[], at: number): { key: string; retryAt: number } | undefined {
    for (const cap of caps) {
      const retryAt = fullUntil(this.#entries.get(cap.key) ?? [], cap, at);
      if (retryAt !== undefined) return { key: cap.key, retryAt };
    }
    return undefined;
  }

  /** Counts one entry at `at` under each of `caps`. */
  count(caps: readonly KeyedCap[], at: number): void {
    for (const cap of caps) {
      this.#entries.set(cap.key, [...(this.#entries.get(cap.key) ?? []), at]);
      this.#added.push({ key: cap.key, at });
    }
  }

  /** Writes the entries counted. */
  *save(): Plan<void> {
    yield* insertRows('acceptance_slots', ['key', 'at'], this.#added);
  }
}

/** The tally of `caps` for counts at `from` or later: their entries still in a window. */
export function* readCaps(caps: readonly KeyedCap[], from: number): Plan<CapTally> {
  if (caps.length === 0) return new CapTally(new Map());
  const since = from - Math.max(...caps.map((cap) => cap.windowMs));
  const keys = [...new Set(caps.map((cap) => cap.key))];
  const d = yield* dialect();
  const rows = yield* all<{ key: string; at: number }>(
    `SELECT key, at FROM acceptance_slots WHERE ${d.inList('key', 'keys')} AND at > @since`,
    { keys, since },
  );
  const entries = new Map<string, number[]>();
  for (const row of rows) entries.set(row.key, [...(entries.get(row.key) ?? []), row.at]);
  return new CapTally(entries);
}
