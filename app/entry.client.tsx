/**
 * Hydrates the prerendered page into the app, as React Router's default client entry does,
 * in short tasks: a slow phone answers a tap between any two of them.
 *
 * - First, a fresh history entry gets its own key: the scroll position saved for it can then
 *   never be another entry's. The page's script before the first paint leaves that to this
 *   moment (see `app/lib/scroll-restoration.tsx`).
 * - React DOM sets itself up as this module is evaluated; the router is made ready in steps
 *   after that (`app/lib/site-router.tsx`), each in a task of its own.
 * - Then React hydrates the page, in slices, the page's deferred parts after the rest
 *   (`Deferred` in `app/lib/hydration.tsx`).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createSiteRouter, SiteRouter } from './lib/site-router.tsx';

const state = window.history.state as { key?: unknown } | null;
if (!state?.key) history.replaceState({ ...state, key: Math.random().toString(36).slice(2) }, '');

/**
 * Lets the browser run what waits (a tap, a paint) before going on. A message rather than a
 * timer, as React's own scheduler yields: a tab opened in the background throttles its
 * timers, not its messages.
 */
function next(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

await next();
const ready = await createSiteRouter(next);
await next();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteRouter ready={ready} />
    </StrictMode>,
  );
});
