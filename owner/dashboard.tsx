import { useEffect, useRef } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import type { SessionAnswer } from '../common/owner-api.ts';
import { api } from './api.ts';
import { Activity } from './activity.tsx';
import { when } from './format.ts';
import { Inbox } from './inbox/inbox.tsx';
import { Security } from './security.tsx';
import { Visits } from './visits.tsx';
import styles from './owner.module.css';

/** The dashboard's sections, each a page of its own under /owner. */
const SECTIONS = [
  { to: '/', label: 'Inbox', section: '' },
  { to: '/visits', label: 'Visits', section: 'visits' },
  { to: '/security', label: 'Passkeys', section: 'security' },
  { to: '/activity', label: 'Activity', section: 'activity' },
] as const;

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
  const part = location.pathname.split('/')[1] ?? '';
  const section = part === 'messages' ? '' : part;
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
          {SECTIONS.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              aria-current={item.section === section ? 'page' : undefined}
              className={`${styles.tab} ${item.section === section ? styles.tabActive : ''}`}
            >
              {item.label}
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
          <Route path="/" element={<Inbox apps={session.apps} delivery={delivery} />} />
          <Route path="/messages/:id" element={<Inbox apps={session.apps} delivery={delivery} />} />
          <Route path="/visits" element={<Visits />} />
          <Route path="/security" element={<Security />} />
          <Route path="/activity" element={<Activity />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </div>
  );
}
