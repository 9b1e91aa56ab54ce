/**
 * How the store's operations are written once for both engines: each is a generator that
 * yields the statements it needs, one at a time, and gets back what each returned. The
 * engine drives it: SQLite synchronously, inside one transaction under its write lock;
 * PostgreSQL over the network, on one connection, inside BEGIN and COMMIT. So an
 * operation's logic (the order of its statements, what it decides from their answers) is
 * in one place, and what truly differs between the engines is in the dialect.
 *
 * Statements name their parameters `@name`; the engine binds them from an object.
 */
import type { Dialect, LockName } from './dialect.ts';

/** A statement's parameters by name: any object whose keys are the names. */
export type Params = object;

export type Step =
  /** Rows of a query. */
  | { kind: 'all'; sql: string; params: Params }
  /** A change; answers how many rows it touched. */
  | { kind: 'run'; sql: string; params: Params }
  /** Holds a named lock until the transaction ends (only PostgreSQL needs them). */
  | { kind: 'lock'; name: LockName }
  /** The dialect of the engine, for the few statements that differ. */
  | { kind: 'dialect' };

/** An operation: the statements it runs, then its result. */
export type Plan<T> = Generator<Step, T, unknown>;

/** The rows of a query. */
export function* all<R>(sql: string, params: Params = {}): Plan<R[]> {
  return (yield { kind: 'all', sql, params }) as R[];
}

/** The first row of a query, if any. */
export function* one<R>(sql: string, params: Params = {}): Plan<R | undefined> {
  const rows = yield* all<R>(sql, params);
  return rows[0];
}

/** Runs a change; resolves with how many rows it touched. */
export function* run(sql: string, params: Params = {}): Plan<number> {
  return (yield { kind: 'run', sql, params }) as number;
}

/** Takes a lock that concurrent writers of the same kind wait for, until the commit. */
export function* lock(name: LockName): Plan<void> {
  yield { kind: 'lock', name };
}

/** The engine's dialect. */
export function* dialect(): Plan<Dialect> {
  return (yield { kind: 'dialect' }) as Dialect;
}

/** Answers one step; a driver turns a plan into its result with it. */
export type Answer = (step: Exclude<Step, { kind: 'dialect' }>) => unknown;

/** Drives a plan whose steps are answered at once (SQLite). */
export function driveSync<T>(plan: Plan<T>, dialectOf: Dialect, answer: Answer): T {
  let next = plan.next();
  while (!next.done) {
    const step = next.value;
    next = plan.next(step.kind === 'dialect' ? dialectOf : answer(step));
  }
  return next.value;
}

/** Drives a plan whose steps are answered later (PostgreSQL). */
export async function drive<T>(
  plan: Plan<T>,
  dialectOf: Dialect,
  answer: (step: Exclude<Step, { kind: 'dialect' }>) => Promise<unknown>,
): Promise<T> {
  let next = plan.next();
  while (!next.done) {
    const step = next.value;
    next = plan.next(step.kind === 'dialect' ? dialectOf : await answer(step));
  }
  return next.value;
}
