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
import { createContext, useContext } from 'react';

let hydrated = false;

export function hasHydrated(): boolean {
  return hydrated;
}

/** Called once, by the root, when hydration has finished. */
export function markHydrated(): void {
  hydrated = true;
}

/** True inside an island whose prerendered HTML has not been hydrated yet. */
export const IslandHydratingContext = createContext(false);

/**
 * Whether this render hydrates prerendered HTML: the page's (while the root hydrates) or an
 * island's (when its code arrives). Read it for a component's first render only.
 */
export function useHydrating(): boolean {
  const island = useContext(IslandHydratingContext);
  return island || !hasHydrated();
}
