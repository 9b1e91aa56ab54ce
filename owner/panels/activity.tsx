import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_PAGE, type AuditAnswerEntry } from '../../common/owner-api.ts';
import { api } from '../api.ts';
import { iso, when } from '../format.ts';
import styles from '../owner.module.css';
import { problemOf, useApi } from '../use-api.ts';
import { Problem } from '../problem.tsx';
import type { Panel } from '../panel.ts';

/** A message's id at the start of an entry's detail, and the rest. */
const MESSAGE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})(.*)$/;

/** An entry's detail, the message it names as a link to it. */
function Detail({ text }: { text: string }) {
  const named = MESSAGE_ID.exec(text);
  if (!named) return text;
  const [, id = '', rest = ''] = named;
  return (
    <>
      <Link to={`/messages/${id}`}>message {id.slice(0, 8)}</Link>
      {rest}
    </>
  );
}

/** Every sign-in, refused sign-in and change, newest first. */
function Activity() {
  const newest = useApi<{ entries: AuditAnswerEntry[] }>('/audit');
  const [older, setOlder] = useState<AuditAnswerEntry[][]>([]);
  const [moreProblem, setMoreProblem] = useState('');
  const pages = newest.value ? [newest.value.entries, ...older] : [];
  const entries = newest.value ? pages.flat() : null;
  const more = (pages.at(-1)?.length ?? 0) === AUDIT_PAGE;
  const problem = newest.problem || moreProblem;

  useEffect(() => {
    document.title = 'Activity · Owner’s pages';
  }, []);

  const load = async (before: string | undefined) => {
    if (!before) return;
    try {
      const { entries: page } = await api<{ entries: AuditAnswerEntry[] }>(
        `/audit?before=${encodeURIComponent(before)}`,
      );
      setOlder((shown) => [...shown, page]);
    } catch (error) {
      setMoreProblem(problemOf(error));
    }
  };

  return (
    <section aria-labelledby="activity-title" className={`glass ${styles.panel}`}>
      <h1 id="activity-title">Activity</h1>
      <p className={styles.muted}>Every sign-in, refused sign-in and change, newest first.</p>
      <Problem text={problem} />
      {entries === null ? (
        <p className={styles.muted}>Loading…</p>
      ) : (
        <ol className={styles.rows} aria-label="Activity, newest first">
          {entries.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <div>
                <p className={styles.rowTitle}>{entry.label}</p>
                <p className={styles.muted}>
                  <time dateTime={iso(entry.at)}>{when(entry.at)}</time>
                  {entry.detail ? (
                    <>
                      {' · '}
                      <Detail text={entry.detail} />
                    </>
                  ) : null}
                  {entry.address ? ` · from ${entry.address}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {more && entries ? (
        <button
          type="button"
          className={styles.button}
          onClick={() => void load(entries.at(-1)?.id)}
        >
          Show older activity
        </button>
      ) : null}
    </section>
  );
}

export const panel: Panel = { label: 'Activity', order: 4, path: '/activity', Page: Activity };
