import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { InboxFilter, InboxMessage, MessagesAnswer } from '../../common/owner-api.ts';
import { api, exportHref } from '../api.ts';
import { iso, STATUS_LABELS, when } from '../format.ts';
import styles from '../owner.module.css';
import { problemOf, useApi } from '../use-api.ts';
import type { Panel, PanelProps } from '../panel.ts';
import { MessageView } from './inbox/message-view.tsx';
import { Problem } from '../problem.tsx';
import { VisuallyHidden } from '../../app/ui/visually-hidden.tsx';

/** The inbox's filters as the owner reads them. */
const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'pending', label: 'Waiting to be mailed' },
  { value: 'sent', label: 'Mailed' },
  { value: 'dead', label: 'Not delivered' },
  { value: 'spam', label: 'Spam' },
];

/** The filters of the address, as the API takes them: search, app and status alone. */
function listQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['q', 'app', 'filter']) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return query;
}

/** Messages newest first, filtered and searched; the one chosen beside them (or alone on a phone). */
function Inbox({ session: { apps }, delivery }: PanelProps) {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const query = listQuery(params);
  const queryText = query.toString();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const first = useApi<MessagesAnswer>(`/messages?${queryText}`);
  // Older pages, shown below the first, for the filters they were read with.
  const [older, setOlder] = useState<{ query: string; pages: MessagesAnswer[] }>({
    query: queryText,
    pages: [],
  });
  const [moreProblem, setMoreProblem] = useState('');
  const [notice, setNotice] = useState('');
  const searchId = useId();
  const appId = useId();
  const filterId = useId();

  useEffect(() => {
    document.title = 'Inbox · Owner’s pages';
  }, []);

  const pages = [
    ...(first.value ? [first.value] : []),
    ...(older.query === queryText ? older.pages : []),
  ];
  const messages: InboxMessage[] | null = first.value
    ? pages.flatMap((page) => page.messages)
    : null;
  const next = pages.at(-1)?.next ?? null;
  const problem = first.problem || moreProblem;

  // The search follows the typing, a moment after it stops.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search === (params.get('q') ?? '')) return;
      const changed = new URLSearchParams(params);
      if (search.trim()) changed.set('q', search.trim());
      else changed.delete('q');
      setParams(changed, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params, setParams]);

  const choose = (key: 'app' | 'filter', value: string) => {
    const changed = new URLSearchParams(params);
    if (value && value !== 'all') changed.set(key, value);
    else changed.delete(key);
    setParams(changed);
  };

  const more = async () => {
    if (!next) return;
    try {
      const answer = await api<MessagesAnswer>(`/messages?${queryText}&after=${next}`);
      setOlder((before) => ({
        query: queryText,
        pages: [...(before.query === queryText ? before.pages : []), answer],
      }));
      setMoreProblem('');
    } catch (error) {
      setMoreProblem(problemOf(error));
    }
  };

  const suffix = queryText ? `?${queryText}` : '';

  return (
    <>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <div className={styles.inbox} data-open={id ? '' : undefined}>
        <section aria-labelledby="inbox-title" className={`glass ${styles.listPane}`}>
          <h1 id="inbox-title">Inbox</h1>
          <form
            role="search"
            className={styles.filters}
            onSubmit={(event) => event.preventDefault()}
          >
            <div className={styles.field}>
              <label htmlFor={searchId}>Search</label>
              <input
                id={searchId}
                type="search"
                className={styles.input}
                value={search}
                placeholder="Name, address or words"
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={appId}>App</label>
              <select
                id={appId}
                className={styles.input}
                value={params.get('app') ?? ''}
                onChange={(event) => choose('app', event.target.value)}
              >
                <option value="">All apps</option>
                {apps.map((app) => (
                  <option key={app} value={app}>
                    {app}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor={filterId}>Show</label>
              <select
                id={filterId}
                className={styles.input}
                value={params.get('filter') ?? 'all'}
                onChange={(event) => choose('filter', event.target.value)}
              >
                {FILTERS.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </select>
            </div>
          </form>
          <p className={styles.exports}>
            Export these messages: <a href={exportHref('csv', query)}>CSV</a>{' '}
            <a href={exportHref('json', query)}>JSON</a>
          </p>
          <Problem text={problem} />
          {messages === null ? (
            <p className={styles.muted}>Loading messages…</p>
          ) : messages.length === 0 ? (
            <p className={styles.muted}>
              No messages{queryText ? ' match these filters' : ' yet'}.
            </p>
          ) : (
            <ul className={styles.messages} aria-label="Messages, newest first">
              {messages.map((message) => (
                <li key={message.id}>
                  <Link
                    to={`/messages/${message.id}${suffix}`}
                    className={styles.messageLink}
                    data-unread={message.readAt === null ? '' : undefined}
                    aria-current={message.id === id ? 'page' : undefined}
                  >
                    <span className={styles.messageFrom}>
                      {message.readAt === null ? (
                        <span className={styles.unreadDot} aria-hidden="true" />
                      ) : null}
                      {message.firstName} {message.lastName}
                      {message.readAt === null ? <VisuallyHidden> (unread)</VisuallyHidden> : null}
                    </span>
                    <span className={styles.messageMeta}>
                      {message.appName} ·{' '}
                      {message.language ? (
                        <>
                          <span lang={message.language}>{message.language}</span> ·{' '}
                        </>
                      ) : null}
                      <time dateTime={iso(message.receivedAt)}>{when(message.receivedAt)}</time>
                    </span>
                    <span className={styles.status} data-status={message.status}>
                      {STATUS_LABELS[message.status]}
                    </span>
                    <span className={styles.snippet}>{message.message}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {next ? (
            <button type="button" className={styles.button} onClick={() => void more()}>
              Show older messages
            </button>
          ) : null}
        </section>
        {id ? (
          <MessageView
            key={id}
            id={id}
            delivery={delivery}
            backTo={`/${suffix}`}
            onChanged={(text) => {
              setNotice(text);
              setOlder({ query: queryText, pages: [] });
              first.reload();
            }}
          />
        ) : (
          <p className={`glass ${styles.placeholder}`}>Choose a message to read it.</p>
        )}
      </div>
    </>
  );
}

export const panel: Panel = {
  label: 'Inbox',
  order: 1,
  path: '/',
  alsoAt: ['/messages/:id'],
  Page: Inbox,
};
