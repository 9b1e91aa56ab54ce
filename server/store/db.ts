/**
 * What a feature's store sees of the connection: reads, and its own writes by name. A
 * feature lists its writes (plans made from arguments that cross threads: SQLite runs
 * them on its writer thread) and builds its interface over a `Db` of them; the engine's
 * connection serves every feature's (operations/writes.ts puts the lists together).
 */
import type { Plan } from './sql/plan.ts';

/** A write: a plan made from its arguments. */
type WritePlan = (...args: never[]) => Plan<unknown>;

/** A feature's writes, by name. */
export type WriteList = Readonly<Record<string, WritePlan>>;

/** What a write resolves with. */
export type PlanResult<F> = F extends (...args: never[]) => Plan<infer T> ? T : never;

export interface Db<W extends WriteList> {
  /** Runs a plan that only reads. */
  read<T>(plan: Plan<T>): Promise<T>;
  /** Runs a write, by name, in a transaction of its own. */
  write<K extends keyof W & string>(name: K, ...args: Parameters<W[K]>): Promise<PlanResult<W[K]>>;
}
