/**
 * Every operation that writes, by name: what an engine runs in a write transaction. Each
 * feature lists its own writes beside its store (`<feature>/store.ts`); this puts the lists
 * together. The SQLite engine sends the name and the arguments to its writer thread, which
 * runs the operation there; PostgreSQL runs it on one connection of its pool.
 */
import type { Plan } from '../sql/plan.ts';
import type { PlanResult, WriteList } from '../db.ts';
import { probeWrite } from './health.ts';
import { intakeWrites } from '../../intake/store.ts';
import { jobWrites } from '../../jobs/store.ts';
import { mailWrites } from '../../mail/store.ts';
import { notifyWrites } from '../../notify/store.ts';
import { accessWrites, ownerWrites } from '../../owner/store.ts';
import { visitWrites } from '../../visits/store.ts';

const LISTS = [
  intakeWrites,
  jobWrites,
  mailWrites,
  notifyWrites,
  ownerWrites,
  accessWrites,
  visitWrites,
  { probeWrite },
] as const satisfies readonly WriteList[];

export const WRITES = {
  ...intakeWrites,
  ...jobWrites,
  ...mailWrites,
  ...notifyWrites,
  ...ownerWrites,
  ...accessWrites,
  ...visitWrites,
  probeWrite,
};

// A name is one write's: two features giving one name would run the wrong plan.
const named = LISTS.flatMap((list) => Object.keys(list));
const twice = named.filter((name, index) => named.indexOf(name) !== index);
if (twice.length > 0) throw new Error(`Writes named twice: ${twice.join(', ')}`);

export type Writes = typeof WRITES;
export type WriteName = keyof Writes;
/** What a write resolves with. */
export type WriteResult<K extends WriteName> = PlanResult<Writes[K]>;

/** The plan of a write, by name: the names cross threads, the plans do not. */
export function writePlan<K extends WriteName>(
  name: K,
  args: Parameters<Writes[K]>,
): Plan<WriteResult<K>> {
  if (!Object.hasOwn(WRITES, name)) throw new Error(`No such write: ${name}`);
  const make = WRITES[name] as (...args: Parameters<Writes[K]>) => Plan<WriteResult<K>>;
  return make(...args);
}
