import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import styles from './owner.module.css';
import { PasskeyName } from './passkey-name.tsx';
import { Problem } from './problem.tsx';
import { problemOf } from './use-api.ts';

/** The enrolment link's secret, from the address's fragment, once (then it leaves the address). */
function takeEnrolmentLink(): string {
  if (!window.location.pathname.endsWith('/enrol')) return '';
  const secret = window.location.hash.slice(1);
  window.history.replaceState(null, '', window.location.pathname);
  return secret;
}

/** What a failed ceremony tells the owner. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey was not used (the request was cancelled or timed out). Try again.';
  }
  return problemOf(error);
}

export interface SignInProps {
  /** Shown above the sign-in, e.g. "You are signed out."; default none. */
  notice?: string | undefined;
  onSignedIn: () => void;
}

/** Signing in with a passkey, or adding the first one through an enrolment link. */
export function SignIn({ notice, onSignedIn }: SignInProps) {
  const [link] = useState(takeEnrolmentLink);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [name, setName] = useState('This device');
  const navigate = useNavigate();

  useEffect(() => {
    document.title = link ? 'Add a passkey · Owner’s pages' : 'Sign in · Owner’s pages';
  }, [link]);

  const ceremony = async (steps: () => Promise<void>) => {
    setBusy(true);
    setProblem('');
    try {
      await steps();
      if (link) void navigate('/', { replace: true });
      onSignedIn();
    } catch (error) {
      setProblem(reasonOf(error));
    } finally {
      setBusy(false);
    }
  };

  const signIn = () =>
    ceremony(async () => {
      const { options } = await api<{
        options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
      }>('/sign-in/options', { method: 'POST' });
      const credential = await startAuthentication({ optionsJSON: options });
      await api('/sign-in', { method: 'POST', body: { credential } });
    });

  const enrol = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void ceremony(async () => {
      const { options } = await api<{
        options: Parameters<typeof startRegistration>[0]['optionsJSON'];
      }>('/enrol/options', { method: 'POST', body: { link } });
      const credential = await startRegistration({ optionsJSON: options });
      await api('/enrol', { method: 'POST', body: { link, name, credential } });
    });
  };

  return (
    <main id="main" className={styles.centred}>
      <section className={`glass ${styles.signIn}`} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{link ? 'Add your passkey' : 'Owner’s pages'}</h1>
        {notice && !link ? <p role="status">{notice}</p> : null}
        {link ? (
          <form onSubmit={enrol} className={styles.stack}>
            <p>
              This link adds a passkey for this site to this device, and signs you in with it. It
              works once, within 15 minutes of being made.
            </p>
            <PasskeyName label="Name of the passkey" value={name} onChange={setName} />
            <button type="submit" className={styles.primary} disabled={busy}>
              Add a passkey and sign in
            </button>
          </form>
        ) : (
          <div className={styles.stack}>
            <p>Sign in with the passkey you added for this site.</p>
            <button
              type="button"
              className={styles.primary}
              disabled={busy}
              onClick={() => void signIn()}
            >
              Sign in with a passkey
            </button>
            <p className={styles.muted}>
              No passkey yet? Run <code>npm run feedback -- owner-link</code> on the server and open
              the link it prints.
            </p>
          </div>
        )}
        <Problem text={problem} />
      </section>
    </main>
  );
}
