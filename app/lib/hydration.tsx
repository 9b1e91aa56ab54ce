/**
 * Whether the page has hydrated: false while prerendering and while React takes over the
 * prerendered HTML, true once it has (the root marks it). A component that renders from the
 * browser's state (a media query, the history entry) starts from what the prerendered HTML
 * shows while hydrating, and from the browser's state when it mounts later, on a page
 * reached in the app.
 *
 * A part of the page hydrated later, on its own (an island, `app/lib/island.tsx`), is
 * hydrating when its code arrives, after the page: `useHydrating` tells it so.
 */
import {
  createContext,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';

let hydrated = false;

export function hasHydrated(): boolean {
  return hydrated;
}

/** Called once, when hydration has finished (`whenPageHydrated` calls it). */
export function markHydrated(): void {
  hydrated = true;
}

/** The deferred parts whose content React has not hydrated yet: whether it has, each. */
const waitingParts = new Set<RefObject<boolean>>();
let pageCommitted: (() => void) | null = null;

function settle(): void {
  if (pageCommitted === null || waitingParts.size > 0) return;
  const finish = pageCommitted;
  pageCommitted = null;
  markHydrated();
  finish();
}

/**
 * Called by the root in the commit that hydrates the page around its deferred parts: `then`
 * runs once those have hydrated too (at once when there are none), after their own layout
 * effects.
 */
export function whenPageHydrated(then: () => void): void {
  if (hydrated) return;
  pageCommitted = then;
  settle();
}

function PartDone({ doneRef }: { doneRef: RefObject<boolean> }) {
  useLayoutEffect(() => {
    doneRef.current = true;
    if (waitingParts.delete(doneRef)) settle();
  }, [doneRef]);
  return null;
}

/**
 * A part of the page that React hydrates after the rest of it, in a pass and commit of its
 * own: a Suspense boundary whose content is complete in the prerendered HTML is hydrated at
 * the lowest priority, once the page around it is. So no single task hydrates the whole
 * page. Parts nested in one another hydrate one after the other; the page counts as
 * hydrated (`hasHydrated`) once every part is.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const doneRef = useRef(false);
  // The content's own effects run first when it mounts with the part (on a page reached in
  // the app); while it waits to hydrate, they run in a later commit.
  useLayoutEffect(() => {
    if (doneRef.current) return;
    waitingParts.add(doneRef);
    return () => {
      waitingParts.delete(doneRef);
    };
  }, []);
  return (
    <Suspense fallback={null}>
      {children}
      <PartDone doneRef={doneRef} />
    </Suspense>
  );
}

/**
 * Whether an island's prerendered HTML is still to be hydrated: marked hydrated, in place, in
 * the commit that hydrates it, without rendering the island again.
 */
export class IslandHydrating {
  constructor(private still: boolean) {}

  get hydrating(): boolean {
    return this.still;
  }

  hydrated(): void {
    this.still = false;
  }
}

/** The island around a component, if any (`app/lib/island.tsx`). */
export const IslandHydratingContext = createContext(new IslandHydrating(false));

/**
 * Whether this render hydrates prerendered HTML: the page's (while the root hydrates) or an
 * island's (when its code arrives). Read it for a component's first render only.
 */
export function useHydrating(): boolean {
  const island = useContext(IslandHydratingContext);
  return island.hydrating || !hasHydrated();
}
