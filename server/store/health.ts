/** The readiness probe's reading of the store: a write committed, delivery, the schema. */
import type { StoreConnection, StoreEngine } from './connection.ts';
import { deliveryPause } from '../mail/repository.ts';
import type { DeliveryCounts, DeliveryPause } from '../mail/types.ts';
import { counts } from '../owner/repository.ts';

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
