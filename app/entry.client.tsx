/**
 * Hydrates the prerendered page into the app, as React Router's default client entry does,
 * once a fresh history entry has its own key: the scroll position saved for it can then never
 * be another entry's. The page's script before the first paint leaves that to this moment
 * (see `app/lib/scroll-restoration.tsx`).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

const state = window.history.state as { key?: unknown } | null;
if (!state?.key) history.replaceState({ ...state, key: Math.random().toString(36).slice(2) }, '');

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
