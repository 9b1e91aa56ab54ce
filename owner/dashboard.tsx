import { useEffect, useRef } from 'react';
import { Link, matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import type { SessionAnswer } from '../common/owner-api.ts';
import { api } from './api.ts';
import { when } from './format.ts';
import type { Panel } from './panel.ts';
import styles from './owner.module.css';

/** The dashboard's sections, each a page of its own under /owner: every module of panels/. */
const PANELS: readonly Panel[] = Object.values(
  import.meta.glob<Panel>('./panels/*.tsx', { eager: true, import: 'panel' }),
).sort((a, b) => a.order - b.order);

/** The section at `pathname`, by its address or one of its others. */
function panelAt(pathname: string): Panel | undefined {
  return PANELS.find((panel) =>
    [panel.path, ...(panel.alsoAt ?? [])].some((pattern) => matchPath(pattern, pathname)),
  );
}

export interface DashboardProps {
  session: SessionAnswer;
  onSignedOut: () => void;
}

/** The signed-in owner's pages: the top bar, its sections, and the section shown. */
export function Dashboard({ session, onSignedOut }: DashboardProps) {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // Moving to another section puts the keyboard at its start, as a new page would. An open
  // message is the inbox's.
  const section = panelAt(location.pathname);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [section]);

  const delivery = session.deliveryPaused ? 'paused' : session.deliveryOn ? 'on' : 'off';

  const signOut = async () => {
    await api('/sign-out', { method: 'POST' }).catch(() => undefined);
    onSignedOut();
  };

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={styles.bar}>
        <p className={styles.brand}>Owner’s pages</p>
        <nav aria-label="Sections" className={styles.sections}>
          {PANELS.map((panel) => (
            <Link
              key={panel.path}
              to={panel.path}
              aria-current={panel === section ? 'page' : undefined}
              className={`${styles.tab} ${panel === section ? styles.tabActive : ''}`}
            >
              {panel.label}
            </Link>
          ))}
        </nav>
        <button type="button" className={styles.button} onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      {session.deliveryPaused ? (
        <p role="alert" className={styles.banner}>
          Mail delivery is paused since {when(session.deliveryPaused.since)}: the mail server
          refuses the site ({session.deliveryPaused.reason}). Messages wait in the store.
        </p>
      ) : null}
      {!session.deliveryOn ? (
        <p className={styles.banner}>
          Mail delivery is off (SMTP_URL is not set): messages are kept here and not mailed.
        </p>
      ) : null}
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Routes>
          {PANELS.flatMap(({ path, alsoAt = [], Page }) =>
            [path, ...alsoAt].map((at) => (
              <Route key={at} path={at} element={<Page session={session} delivery={delivery} />} />
            )),
          )}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </div>
  );
}
