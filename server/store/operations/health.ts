/** The readiness probe: a write committed, the delivery counts and pause, the schema. */
import { META } from '../rows.ts';
import type { Plan } from '../sql/plan.ts';
import type { StoreConnection, StoreEngine } from '../connection.ts';
import { deliveryPause, writeMeta } from '../../mail/repository.ts';
import type { DeliveryCounts, DeliveryPause } from '../../mail/types.ts';
import { counts } from '../../owner/repository.ts';

/** The readiness probe's write: one row, committed. */
export function* probeWrite(now: number): Plan<void> {
  yield* writeMeta(META.probe, String(now));
}

export interface StoreHealth {
  /** Writes one row and commits it; rejects when the store cannot be written. */
  probeWrite(now: number): Promise<void>;
  counts(): Promise<DeliveryCounts>;
  deliveryPause(): Promise<DeliveryPause | undefined>;
  /** The engine and the version of its schema that is applied. */
  schema(): { engine: StoreEngine; version: number };
}

export function storeHealth(c: StoreConnection): StoreHealth {
  return {
    probeWrite: (now) => c.write('probeWrite', now),
    counts: () => c.read(counts()),
    deliveryPause: () => c.read(deliveryPause()),
    schema: () => ({ engine: c.engine, version: c.schemaVersion() }),
  };
}
