import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InboxMessage, MessageAnswer } from '../../../common/owner-api.ts';
import { api } from '../../api.ts';
import { iso, STATUS_LABELS, when } from '../../format.ts';
import styles from '../../owner.module.css';
import { Problem } from '../../problem.tsx';
import { problemOf } from '../../use-api.ts';
import type { Delivery } from '../../panel.ts';

/** Quoted text in a reply is cut here: mail clients take long `mailto:` addresses badly. */
const QUOTE_MAX = 1500;

/** A reply in the owner's mail client: to the visitor, the message quoted. */
export function replyHref(message: InboxMessage): string {
  const text =
    message.message.length > QUOTE_MAX
      ? `${message.message.slice(0, QUOTE_MAX)}…`
      : message.message;
  const quoted = text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\nOn ${when(message.receivedAt)}, ${message.firstName} ${message.lastName} wrote:\n${quoted}\n`;
  const subject = `Re: your feedback about ${message.appName}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** When a waiting message goes out, in words. */
function nextTry(message: InboxMessage, delivery: Delivery): string | null {
  if (message.status !== 'pending') return null;
  if (delivery === 'off') return 'kept here: mail delivery is off';
  if (delivery === 'paused') return 'when delivery resumes';
  return message.nextAttemptAt === null ? null : `next try ${when(message.nextAttemptAt)}`;
}

/** What Send now did, in words: a waiting message is due now, its attempts kept. */
function sentNowNotice(delivery: Delivery): string {
  return delivery === 'paused'
    ? 'Delivery is paused: the server tries the mail server again now, and this message goes once it works.'
    : 'Due now: the server tries to mail it within seconds.';
}

export interface MessageViewProps {
  id: string;
  delivery: Delivery;
  /** The inbox's address, with its filters: where Back leads. */
  backTo: string;
  /** A change was made, said in words: the inbox says it and shows the list again. */
  onChanged: (notice: string) => void;
}

/** One message in full, with its delivery and the owner's actions on it. */
export function MessageView({ id, delivery, backTo, onChanged }: MessageViewProps) {
  const onOpenedUnread = useEffectEvent(() => onChanged(''));
  const [shown, setShown] = useState<MessageAnswer | null>(null);
  const [problem, setProblem] = useState('');
  const [forgetting, setForgetting] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    // Whether this message is still the one shown (asked anew after each await).
    let gone = false;
    const stillShown = () => !gone;
    api<MessageAnswer>(`/messages/${id}`).then(
      async (answer) => {
        if (!stillShown()) return;
        setShown(answer);
        document.title = `${answer.message.firstName} ${answer.message.lastName} · Owner’s pages`;
        // Opened is read, as in a mail client; Mark as unread takes it back.
        if (answer.message.readAt !== null) return;
        try {
          const read = await api<{ message: InboxMessage }>(`/messages/${id}/read`, {
            method: 'POST',
            body: { read: true },
          });
          if (!stillShown()) return;
          setShown({ message: read.message, attempts: answer.attempts });
          onOpenedUnread();
        } catch (error) {
          if (stillShown()) setProblem(problemOf(error));
        }
      },
      (error: unknown) => {
        if (stillShown()) setProblem(problemOf(error));
      },
    );
    return () => {
      gone = true;
    };
  }, [id]);

  const shownId = shown?.message.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  useEffect(() => {
    if (forgetting !== null) dialog.current?.showModal();
  }, [forgetting]);

  if (!shown) {
    return (
      <section className={`glass ${styles.messagePane}`} aria-label="Message">
        <Link to={backTo} className={styles.back}>
          Back to the inbox
        </Link>
        <Problem text={problem} />
        {problem ? null : <p className={styles.muted}>Loading the message…</p>}
      </section>
    );
  }

  const { message, attempts } = shown;

  /** Runs a change and shows the message as it now is. */
  const change = async (path: string, done: string, body?: unknown) => {
    setProblem('');
    try {
      const answer = await api<{ message: InboxMessage }>(`/messages/${message.id}/${path}`, {
        method: 'POST',
        body,
      });
      setShown({ message: answer.message, attempts });
      onChanged(done);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  const askToForget = async () => {
    setProblem('');
    try {
      const { count } = await api<{ count: number }>('/forget', {
        method: 'POST',
        body: { email: message.email, confirm: false },
      });
      setForgetting(count);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  const forget = async () => {
    try {
      const { deleted } = await api<{ deleted: number }>('/forget', {
        method: 'POST',
        body: { email: message.email, confirm: true },
      });
      dialog.current?.close();
      onChanged(`Deleted ${deleted} message${deleted === 1 ? '' : 's'} from ${message.email}.`);
      void navigate(backTo);
    } catch (error) {
      dialog.current?.close();
      setProblem(problemOf(error));
    }
  };

  const unread = message.readAt === null;

  return (
    <article className={`glass ${styles.messagePane}`} aria-labelledby="message-title">
      <Link to={backTo} className={styles.back}>
        Back to the inbox
      </Link>
      <h2 id="message-title" ref={heading} tabIndex={-1}>
        {message.firstName} {message.lastName}
      </h2>
      <dl className={styles.facts}>
        <dt>From</dt>
        <dd>{message.email}</dd>
        <dt>App</dt>
        <dd>{message.appName}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={iso(message.receivedAt)}>{when(message.receivedAt)}</time>
        </dd>
        <dt>Delivery</dt>
        <dd>
          <span className={styles.status} data-status={message.status}>
            {STATUS_LABELS[message.status]}
          </span>{' '}
          {message.status === 'sent' ? `on ${when(message.sentAt)}` : null}
          {nextTry(message, delivery)}
          {message.spamReason ? `(${message.spamReason})` : null}
        </dd>
        {message.status !== 'spam' ? (
          <>
            <dt>Attempts</dt>
            <dd>{message.attempts}</dd>
          </>
        ) : null}
        {message.lastError ? (
          <>
            <dt>Last error</dt>
            <dd>{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <p className={styles.messageText}>{message.message}</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={replyHref(message)}>
          Reply
        </a>
        <button
          type="button"
          className={styles.button}
          onClick={() =>
            void change('read', unread ? 'Marked as read.' : 'Marked as unread.', { read: unread })
          }
        >
          {unread ? 'Mark as read' : 'Mark as unread'}
        </button>
        {message.status === 'spam' ? (
          <button
            type="button"
            className={styles.button}
            onClick={() => void change('not-spam', 'Released from spam: it is mailed shortly.')}
          >
            Not spam
          </button>
        ) : (
          <button
            type="button"
            className={styles.button}
            disabled={message.status === 'sending'}
            onClick={() => void change('spam', 'Marked as spam: it is not mailed.')}
          >
            Mark as spam
          </button>
        )}
        {message.status === 'dead' ? (
          <button
            type="button"
            className={styles.button}
            onClick={() => void change('retry', 'Queued to be mailed again.')}
          >
            Send again
          </button>
        ) : null}
        {message.status === 'pending' && delivery !== 'off' ? (
          <button
            type="button"
            className={styles.button}
            onClick={() => void change('retry', sentNowNotice(delivery))}
          >
            Send now
          </button>
        ) : null}
        <button type="button" className={styles.danger} onClick={() => void askToForget()}>
          Forget this sender…
        </button>
      </div>
      <Problem text={problem} />
      {attempts.length > 0 ? (
        <section aria-labelledby="attempts-title">
          <h3 id="attempts-title">Delivery attempts</h3>
          <ol className={styles.attempts}>
            {attempts.map((attempt) => (
              <li key={attempt.attempt}>
                <time dateTime={iso(attempt.finishedAt)}>{when(attempt.finishedAt)}</time>:{' '}
                {attempt.outcome === 'sent'
                  ? 'mailed'
                  : attempt.outcome === 'retry'
                    ? 'failed, tried again later'
                    : 'given up'}
                {attempt.detail ? ` (${attempt.detail})` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <dialog
        ref={dialog}
        className={`glass ${styles.dialog}`}
        aria-labelledby="forget-title"
        onClose={() => setForgetting(null)}
      >
        <h2 id="forget-title">Forget {message.email}?</h2>
        <p>
          This deletes {forgetting} message{forgetting === 1 ? '' : 's'} from {message.email},
          whatever their status, for good: a visitor’s request to erase their data.
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.danger} onClick={() => void forget()}>
            Delete them
          </button>
          <button type="button" className={styles.button} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </article>
  );
}
