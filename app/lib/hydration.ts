/**
 * Whether the page has hydrated: false while prerendering and while React takes over the
 * prerendered HTML, true once it has (the root marks it). A component that renders from the
 * browser's state (a media query, the history entry) starts from what the prerendered HTML
 * shows while hydrating, and from the browser's state when it mounts later, on a page
 * reached in the app.
 */
let hydrated = false;

export function hasHydrated(): boolean {
  return hydrated;
}

/** Called once, by the root, when hydration has finished. */
export function markHydrated(): void {
  hydrated = true;
}
