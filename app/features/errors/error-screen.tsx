import { isRouteErrorResponse } from 'react-router';
import { t } from '../../i18n/messages.ts';
import styles from './error-screen.module.css';

export interface ErrorScreenProps {
  error: unknown;
}

function describe(error: unknown): { message: string; type?: string } {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim() };
  }
  if (error instanceof Error) {
    return { message: error.message, type: error.name !== 'Error' ? error.name : undefined };
  }
  return { message: String(error) };
}

/** The screen for an error nothing else handled: the heading, then the error's message. */
export function ErrorScreen({ error }: ErrorScreenProps) {
  const { message, type } = describe(error);
  return (
    <main id="main" className={`glass ${styles.screen}`}>
      <h1 className={styles.heading}>{t.error.title}</h1>
      <p className={styles.message}>{message}</p>
      {type ? <p className={styles.type}>{type}</p> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {t.error.reload}
        </button>
        {/* A plain link: after an error, a full page load is the safest way home. */}
        <a href="/" className={styles.secondary}>
          {t.shell.goHome}
        </a>
      </div>
    </main>
  );
}
