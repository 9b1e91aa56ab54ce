import { useEffect, useState } from 'react';
import type { SessionAnswer } from '../common/owner-api.ts';
import { api, ApiError, setChangeToken, whenSignedOut } from './api.ts';
import { Dashboard } from './dashboard.tsx';
import { SignIn } from './sign-in.tsx';
import { problemOf } from './use-api.ts';
import styles from './owner.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-in'; session: SessionAnswer }
  | { kind: 'signed-out'; notice?: string }
  | { kind: 'failed'; message: string };

/** The owner's pages: the sign-in, or the dashboard once a session is open. */
export function OwnerApp() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // Each sign-in (and each try again) reads the session anew.
  const [attempt, setAttempt] = useState(0);
  const load = () => setAttempt((before) => before + 1);

  useEffect(() => {
    whenSignedOut(() =>
      setState({ kind: 'signed-out', notice: 'Your session has ended; sign in again.' }),
    );
  }, []);

  useEffect(() => {
    let current = true;
    api<SessionAnswer>('/session').then(
      (session) => {
        if (!current) return;
        setChangeToken(session.token);
        setState({ kind: 'signed-in', session });
      },
      (error: unknown) => {
        if (!current) return;
        setState(
          error instanceof ApiError && error.status === 401
            ? { kind: 'signed-out' }
            : { kind: 'failed', message: problemOf(error) },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  switch (state.kind) {
    case 'loading':
      return <p className={styles.loading}>Loading…</p>;
    case 'failed':
      return (
        <main id="main" className={styles.centred}>
          <p role="alert">{state.message}</p>
          <button type="button" className={styles.button} onClick={load}>
            Try again
          </button>
        </main>
      );
    case 'signed-out':
      return <SignIn notice={state.notice} onSignedIn={load} />;
    case 'signed-in':
      return (
        <Dashboard
          session={state.session}
          onSignedOut={() => setState({ kind: 'signed-out', notice: 'You are signed out.' })}
        />
      );
  }
}
