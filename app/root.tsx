import { useEffect, useLayoutEffect } from 'react';
import { Links, Meta, Outlet, Scripts, useMatches, type LinksFunction } from 'react-router';
import { DIALOG_PAGE_ATTRIBUTE } from '../common/early-events.ts';
import { Backgrounds } from './features/backgrounds/backgrounds.tsx';
import { appIcons } from './compositions/app-icons.ts';
import { useBackgroundPause } from './features/backgrounds/use-background-pause.ts';
import { t } from './i18n/messages.ts';
import { Deferred, whenPageHydrated } from './lib/hydration.tsx';
import { ScrollRestoration } from './lib/scroll-restoration.tsx';
import { ErrorScreen } from './features/errors/error-screen.tsx';
import { RouteAnnouncer } from './features/navigation/route-announcer.tsx';
import { SiteFooter } from './features/navigation/site-footer.tsx';
import { TopBar } from './features/navigation/top-bar.tsx';
import { opensWithDialog } from './ui/modal.tsx';
import type { Route } from './+types/root';
import './styles/global.css';
import styles from './root.module.css';

export const links: LinksFunction = () => [
  // The build writes the icon itself into every page's head (`scripts/finish-build.ts`).
  ...(import.meta.env.DEV ? [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }] : []),
];

/**
 * Marks the document once React has taken over the prerendered page (`html[data-hydrated]`):
 * in the commit that hydrates its last deferred part (`Deferred`), when every component has
 * taken over what the early script left in the page (their layout effects run first). From
 * then on the early script steps aside (`common/early-events.ts`).
 */
function HydrationMark() {
  useLayoutEffect(() => {
    whenPageHydrated(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
  useEffect(() => {
    // The visit beacon, once live: nothing of it is in the page's initial scripts.
    import('./lib/visit-beacon.ts').then(
      (beacon) => beacon.startVisitBeacon(),
      () => undefined,
    );
  }, []);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const dialogPage = opensWithDialog(useMatches());
  return (
    <html lang={__SITE_LANGUAGE__} dir={__SITE_DIRECTION__}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* The build writes the browser's colour of each theme and the script that applies the
            visitor's theme before the first paint into every page's head (common/theme.ts). */}
        <Meta />
        <Links />
      </head>
      <body {...(dialogPage ? { [DIALOG_PAGE_ATTRIBUTE]: '' } : {})}>
        {children}
        <HydrationMark />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { paused, togglePaused } = useBackgroundPause();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t.shell.skipToContent}
      </a>
      <Backgrounds paused={paused} />
      <div className={styles.shell}>
        <Deferred>
          <TopBar paused={paused} onTogglePause={togglePaused} appIcons={appIcons} />
        </Deferred>
        <Deferred>
          <Outlet />
        </Deferred>
        <Deferred>
          <SiteFooter />
        </Deferred>
      </div>
      <RouteAnnouncer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

/** The app shell, served for an app's sub-paths until the scripts have rendered the page. */
export function HydrateFallback() {
  return (
    <main id="main" className={styles.fallback}>
      <noscript>
        <p>
          {t.shell.needsScripts} <a href="/">{t.shell.goHome}</a>
        </p>
      </noscript>
    </main>
  );
}
