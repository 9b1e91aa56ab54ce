/**
 * An island: a part of the prerendered page whose code is its own chunk, left out of the
 * page's initial scripts and hydrated on its own when it arrives. Until then React leaves
 * its HTML as it is, and the early script answers its controls (the island's element
 * carries `data-island`, and `data-live` once its code runs: `common/early-events.ts`); the
 * island takes their state over as it hydrates. Memoised, and its props kept to plain
 * values, so that nothing renders it again before its code has arrived (React would drop
 * the prerendered HTML).
 */
import {
  memo,
  Suspense,
  useLayoutEffect,
  useState,
  type ComponentType,
  type NamedExoticComponent,
} from 'react';
import { hasHydrated, IslandHydrating, IslandHydratingContext } from './hydration.tsx';
import { lazyChunk } from './lazy-chunk.ts';

/**
 * Renders nothing; its layout effect runs in the commit that hydrates (or mounts) the island,
 * and marks it hydrated. Nothing renders again for it: the island's components read the mark
 * at their first render only, and a render of the whole island in that commit would make it
 * one long task.
 */
function Hydrated({ island }: { island: IslandHydrating }) {
  useLayoutEffect(() => {
    island.hydrated();
  }, [island]);
  return null;
}

export function lazyIsland<P extends object>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
): NamedExoticComponent<P> {
  const Lazy = lazyChunk(name, importer);
  function Island(props: P) {
    const [island] = useState(() => new IslandHydrating(!hasHydrated()));
    return (
      <IslandHydratingContext value={island}>
        <Suspense fallback={null}>
          <Lazy {...props} />
          <Hydrated island={island} />
        </Suspense>
      </IslandHydratingContext>
    );
  }
  return memo(Island);
}
