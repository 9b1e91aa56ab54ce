/**
 * Hydrates the prerendered page into the app, as React Router's default client entry does,
 * once a fresh history entry has its own key: the scroll position saved for it can then never
 * be another entry's. The page's script before the first paint leaves that to this moment
 * (see `app/lib/scroll-restoration.tsx`).
 *
 * React DOM sets itself up as this module is evaluated; hydration starts in a task of its
 * own after that, so a slow phone meets two short tasks rather than one long one.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

const state = window.history.state as { key?: unknown } | null;
if (!state?.key) history.replaceState({ ...state, key: Math.random().toString(36).slice(2) }, '');

// A message rather than a timer, as React's own scheduler yields: a tab opened in the
// background throttles its timers, not its messages.
await new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = resolve;
  channel.port2.postMessage(null);
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
