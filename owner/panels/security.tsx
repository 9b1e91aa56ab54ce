import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { PasskeyAnswer, SessionListEntry } from '../../common/owner-api.ts';
import { api } from '../api.ts';
import { iso, when } from '../format.ts';
import styles from '../owner.module.css';
import { problemOf, useApi } from '../use-api.ts';
import { PasskeyName } from '../passkey-name.tsx';
import { Problem } from '../problem.tsx';
import type { Panel } from '../panel.ts';

/** A browser's user agent in a few words: its name and system, where they can be told. */
function browserName(agent: string): string {
  const name = /(Edg|Firefox|Chrome|Safari)\//.exec(agent)?.[1];
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(agent)?.[1];
  const words = [name === 'Edg' ? 'Edge' : name, system?.replace('Mac OS X', 'macOS')];
  return words.filter(Boolean).join(' on ') || 'A browser';
}

/**
 * A fresh check with one of the owner's passkeys, which the server asks for before a passkey
 * is added or removed: resolves with the passkey's answer, sent with the change.
 */
async function confirmWithPasskey() {
  const { options } = await api<{
    options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
  }>('/passkeys/confirm/options', { method: 'POST' });
  return startAuthentication({ optionsJSON: options });
}

/** The owner's passkeys (add, remove) and open sessions (sign out). */
function Security() {
  const keys = useApi<{ passkeys: PasskeyAnswer[] }>('/passkeys');
  const open = useApi<{ sessions: SessionListEntry[] }>('/sessions');
  const passkeys = keys.value?.passkeys ?? null;
  const sessions = open.value?.sessions ?? null;
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const problem = failure || keys.problem || open.problem;

  useEffect(() => {
    document.title = 'Passkeys and sessions · Owner’s pages';
  }, []);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setFailure('');
    try {
      setNotice(await work());
      keys.reload();
      open.reload();
    } catch (error) {
      setFailure(
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'Nothing was changed: the passkey request was cancelled or timed out.'
          : problemOf(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const add = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const { options } = await api<{
        options: Parameters<typeof startRegistration>[0]['optionsJSON'];
      }>('/passkeys/options', {
        method: 'POST',
        body: { confirmation: await confirmWithPasskey() },
      });
      const credential = await startRegistration({ optionsJSON: options });
      await api('/passkeys', { method: 'POST', body: { name, credential } });
      setName('');
      return `Added the passkey “${name}”.`;
    });
  };

  const remove = (key: PasskeyAnswer) =>
    run(async () => {
      const confirmation = await confirmWithPasskey();
      await api(`/passkeys/${encodeURIComponent(key.id)}`, {
        method: 'DELETE',
        body: { confirmation },
      });
      return `Removed the passkey “${key.name}”.`;
    });

  const end = (session: SessionListEntry) =>
    run(async () => {
      await api(`/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' });
      return 'Signed that session out.';
    });

  return (
    <div className={styles.columns}>
      <section aria-labelledby="passkeys-title" className={`glass ${styles.panel}`}>
        <h1 id="passkeys-title">Passkeys</h1>
        {passkeys === null ? (
          <p className={styles.muted}>Loading…</p>
        ) : (
          <ul className={styles.rows}>
            {passkeys.map((key) => (
              <li key={key.id} className={styles.row}>
                <div>
                  <p className={styles.rowTitle}>{key.name}</p>
                  <p className={styles.muted}>
                    Added <time dateTime={iso(key.createdAt)}>{when(key.createdAt)}</time>, last
                    used {when(key.lastUsedAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className={styles.button}
                  disabled={busy || passkeys.length === 1}
                  aria-label={`Remove the passkey ${key.name}`}
                  onClick={() => void remove(key)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {passkeys?.length === 1 ? (
          <p className={styles.muted}>Your only passkey cannot be removed: add another first.</p>
        ) : null}
        <p className={styles.muted}>
          Adding or removing a passkey asks for one of your passkeys first. Removing one signs out
          every session it signed in.
        </p>
        <form onSubmit={add} className={styles.inline}>
          <PasskeyName
            label="Name of a new passkey"
            value={name}
            onChange={setName}
            placeholder="Phone"
          />
          <button type="submit" className={styles.primary} disabled={busy}>
            Add a passkey
          </button>
        </form>
      </section>
      <section aria-labelledby="sessions-title" className={`glass ${styles.panel}`}>
        <h2 id="sessions-title">Signed-in sessions</h2>
        {sessions === null ? (
          <p className={styles.muted}>Loading…</p>
        ) : (
          <ul className={styles.rows}>
            {sessions.map((session) => (
              <li key={session.id} className={styles.row}>
                <div>
                  <p className={styles.rowTitle}>
                    {browserName(session.userAgent)}
                    {session.current ? ' (this one)' : ''}
                  </p>
                  <p className={styles.muted}>
                    From {session.address}, signed in {when(session.createdAt)}, last used{' '}
                    {when(session.seenAt)}
                  </p>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className={styles.button}
                    disabled={busy}
                    onClick={() => void end(session)}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <Problem text={problem} />
    </div>
  );
}

export const panel: Panel = { label: 'Passkeys', order: 3, path: '/security', Page: Security };
