/** The readiness probe's write: one row, committed. */
import { META } from '../rows.ts';
import type { Plan } from '../sql/plan.ts';
import { writeMeta } from '../../mail/repository.ts';

export function* probeWrite(now: number): Plan<void> {
  yield* writeMeta(META.probe, String(now));
}
