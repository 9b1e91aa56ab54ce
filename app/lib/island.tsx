/**
 * An island: a part of the prerendered page whose code is its own chunk, left out of the
 * page's initial scripts and hydrated on its own when it arrives. Until then React leaves
 * its HTML as it is, and the early script answers its controls (the island's element
 * carries `data-island`, and `data-live` once its code runs: `common/early-events.ts`); the
 * island takes their state over as it hydrates, once no control is pressed. Memoised, and
 * its props kept to plain values, so that nothing renders it again before its code has
 * arrived (React would drop the prerendered HTML).
 */
import {
  lazy,
  memo,
  Suspense,
  useLayoutEffect,
  useState,
  type ComponentType,
  type NamedExoticComponent,
} from 'react';
import { hasHydrated, IslandHydrating, IslandHydratingContext } from './hydration.tsx';
import { loadChunk } from './lazy-chunk.ts';

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

/** The pointers pressed on the page now, by id. */
const pressed = new Set<number>();
/** Called once no pointer is pressed and the click of the last release has been dispatched. */
let released: (() => void)[] = [];

if (typeof window !== 'undefined') {
  const release = (event: Event) => {
    if (event.type === 'blur') {
      // The window losing the focus (another window, a dialog of the browser): no release
      // may come. An element's blur, which only reaches the window in its capture, is not.
      if (event.target !== window) return;
      pressed.clear();
    } else pressed.delete((event as PointerEvent).pointerId);
    if (pressed.size > 0 || released.length === 0) return;
    const waiting = released;
    released = [];
    // The click of a release is dispatched after its pointerup, as an input event of its
    // own on a touch screen: a task later, it has reached the control it was pressed on.
    setTimeout(() => {
      for (const resume of waiting) resume();
    });
  };
  const options = { capture: true, passive: true };
  addEventListener('pointerdown', (event) => pressed.add(event.pointerId), options);
  addEventListener('pointerup', release, options);
  addEventListener('pointercancel', release, options);
  addEventListener('blur', release);
}

/**
 * Resolves once no pointer is pressed on the page. An island's code hydrating while a
 * control of it is pressed could render that control anew (a slider page the early script
 * showed, which the island renders itself), and the release would then click nothing: the
 * visitor's tap would be lost. So the island waits for the tap to end, and the early script
 * applies it, before it takes over.
 */
function noPointerPressed(): Promise<void> {
  if (pressed.size === 0) return Promise.resolve();
  return new Promise((resolve) => released.push(resolve));
}

export function lazyIsland<P extends object>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
): NamedExoticComponent<P> {
  // Past the chunk's time-out: a long press does not make the chunk fail.
  const Lazy = lazy(async () => {
    const module = await loadChunk(name, importer);
    await noPointerPressed();
    return module;
  });
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
