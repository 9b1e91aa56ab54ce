/**
 * The owner's operations: finding and listing messages, retrying, the counts, and the
 * owner's own deletions (purge, an erasure request).
 */
import {
  META,
  SELECT_MESSAGE,
  searchCondition,
  searchWords,
  statusCondition,
  toMessage,
  type MessageRow,
} from '../store/rows.ts';
import { all, lock, one, run, type Plan } from '../store/sql/plan.ts';
import { IDEMPOTENCY_TTL_MS, type DeliveryState, type StoredMessage } from '../intake/types.ts';
import type { DeliveryAttempt, DeliveryCounts } from '../mail/types.ts';
import type { ChangeResult, ListOptions, PurgeCounts, RetryResult } from './types.ts';
import { find, messageById } from '../intake/messages-repository.ts';
import { deliveryPause, writeMeta } from '../mail/repository.ts';
import * as jobs from '../jobs/repository.ts';

export function* attemptsOf(id: string): Plan<DeliveryAttempt[]> {
  const rows = yield* all<{
    attempt: number;
    started_at: number;
    finished_at: number;
    outcome: DeliveryAttempt['outcome'];
    detail: string | null;
  }>(
    `SELECT attempt, started_at, finished_at, outcome, detail FROM delivery_attempts
     WHERE message_id = @id ORDER BY attempt`,
    { id },
  );
  return rows.map((row) => ({
    attempt: row.attempt,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    detail: row.detail,
  }));
}

/** A page of messages, newest first, after `after` (keyset: a page at a time for exports). */
export function* listPage(
  options: ListOptions,
  after: Pick<StoredMessage, 'receivedAt' | 'id'> | undefined,
  pageSize: number | undefined,
): Plan<StoredMessage[]> {
  const conditions: string[] = [];
  if (options.status) conditions.push(statusCondition(options.status));
  if (options.appName !== undefined) conditions.push('m.app_name = @appName');
  if (options.unread) conditions.push('m.read_at IS NULL');
  const words = searchWords(options.search ?? '');
  if (words.length > 0) conditions.push(searchCondition(words.length));
  if (after) {
    conditions.push('(m.received_at < @afterAt OR (m.received_at = @afterAt AND m.id < @afterId))');
  }
  let sql = SELECT_MESSAGE;
  if (conditions.length > 0) sql += ` WHERE ${conditions.join(' AND ')}`;
  sql += ' ORDER BY m.received_at DESC, m.id DESC';
  if (pageSize !== undefined) sql += ' LIMIT @pageSize';
  const rows = yield* all<MessageRow>(sql, {
    ...(options.appName === undefined ? {} : { appName: options.appName }),
    ...Object.fromEntries(words.map((word, index) => [`word${index}`, word])),
    ...(after ? { afterAt: after.receivedAt, afterId: after.id } : {}),
    ...(pageSize === undefined ? {} : { pageSize }),
  });
  return rows.map(toMessage);
}

/**
 * A waiting message is due now: its wait for the next try ends, and its attempts and its
 * give-up time stay. One being sent whose lease ran out (its process stopped mid-send) is
 * waiting too; one being sent under a lease is not. While delivery is paused, the pause's
 * next try is now as well: the owner asks for a try, and in a pause one message tries the
 * settings for all. False when the message was not waiting.
 */
function* dueNow(id: string, now: number): Plan<boolean> {
  if (!(yield* jobs.dueNow('mail', id, now))) return false;
  yield* lock('meta');
  const pause = yield* deliveryPause();
  if (pause && pause.retryAt > now) {
    yield* writeMeta(META.pause, JSON.stringify({ ...pause, retryAt: now }));
  }
  return true;
}

/**
 * The owner's retry: a dead message (or spam, or, with `only`, only spam) is queued again
 * with a fresh delivery cycle; spam gets its mail job. A waiting one is due now
 * (dueNow). Anything else (sent, or being sent right now) is left as it is.
 */
export function* retry(idOrPrefix: string, now: number, only?: 'spam'): Plan<RetryResult> {
  const found = yield* find(idOrPrefix);
  if (!found) return { kind: 'not-found' };
  if ('ambiguous' in found) return { kind: 'ambiguous', ids: found.ambiguous };
  const allowed: readonly string[] =
    only === 'spam' ? ['spam'] : ['dead', 'spam', 'pending', 'sending'];
  if (!allowed.includes(found.status)) return { kind: 'already', message: found };
  if (found.status === 'pending' || found.status === 'sending') {
    if (!(yield* dueNow(found.id, now))) return { kind: 'already', message: found };
  } else if (found.status === 'spam') {
    yield* jobs.enqueue('mail', found.id, now, { messageId: found.id });
  } else {
    yield* jobs.requeueDead('mail', now, found.id);
  }
  const message = yield* messageById(found.id);
  return message ? { kind: 'queued', message, was: found.status } : { kind: 'not-found' };
}

/**
 * The owner takes a message for spam: its jobs go (so it is not mailed, or not
 * again; its past attempts stay) and it is listed as spam, until released. One being sent
 * right now is left as it is.
 */
export function* markSpam(idOrPrefix: string): Plan<ChangeResult> {
  const found = yield* find(idOrPrefix);
  if (!found) return { kind: 'not-found' };
  if ('ambiguous' in found) return { kind: 'ambiguous', ids: found.ambiguous };
  if (found.status === 'spam' || found.status === 'sending')
    return { kind: 'already', message: found };
  // Nor is the owner told of it.
  yield* jobs.dropJobsOf(found.id);
  yield* run(`UPDATE messages SET spam = TRUE, spam_reason = 'owner' WHERE id = @id`, {
    id: found.id,
  });
  const message = yield* messageById(found.id);
  return message ? { kind: 'changed', message } : { kind: 'not-found' };
}

/** Marks a message read at `now`, or unread. */
export function* markRead(id: string, read: boolean, now: number): Plan<StoredMessage | undefined> {
  yield* run('UPDATE messages SET read_at = @at WHERE id = @id', { at: read ? now : null, id });
  return yield* messageById(id);
}

export function* retryAllDead(now: number): Plan<number> {
  return yield* jobs.requeueDead('mail', now, null);
}

/** Spam has no mail job; a released one has. */
const SPAM =
  "m.spam = TRUE AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.kind = 'mail' AND o.id = m.id)";

export function* counts(): Plan<DeliveryCounts> {
  const spam = yield* one<{ count: number }>(
    `SELECT count(*) AS count FROM messages m WHERE ${SPAM}`,
  );
  const oldest = yield* one<{ at: number | null }>(
    `SELECT min(m.received_at) AS at FROM jobs o JOIN messages m ON m.id = o.message_id
     WHERE o.kind = 'mail' AND o.state IN ('pending', 'sending')`,
  );
  const result: DeliveryCounts = {
    pending: 0,
    sending: 0,
    sent: 0,
    dead: 0,
    spam: spam?.count ?? 0,
    oldestPendingReceivedAt: oldest?.at ?? null,
  };
  for (const { state, count } of yield* all<{ state: DeliveryState; count: number }>(
    "SELECT state, count(*) AS count FROM jobs WHERE kind = 'mail' GROUP BY state",
  )) {
    result[state] += count;
  }
  result.pending += result.sending;
  return result;
}

export function* countByApp(): Plan<{ appName: string; count: number }[]> {
  const rows = yield* all<{ app_name: string; count: number }>(
    'SELECT app_name, count(*) AS count FROM messages GROUP BY app_name ORDER BY count DESC, app_name',
  );
  return rows.map((row) => ({ appName: row.app_name, count: row.count }));
}

/** Delivered before `before`, by delivery time. */
const PURGEABLE_SENT = `SELECT message_id FROM jobs
  WHERE kind = 'mail' AND state = 'sent' AND sent_at < @before`;
/** Spam received before `before`. */
const PURGEABLE_SPAM = `${SPAM} AND m.received_at < @before`;

export function* countPurgeable(before: number): Plan<PurgeCounts> {
  const row = yield* one<{ sent: number; spam: number }>(
    `SELECT (SELECT count(*) FROM (${PURGEABLE_SENT}) AS purgeable) AS sent,
            (SELECT count(*) FROM messages m WHERE ${PURGEABLE_SPAM}) AS spam`,
    { before },
  );
  return { sent: row?.sent ?? 0, spam: row?.spam ?? 0 };
}

/**
 * Deletes messages delivered before `before` and spam received before it, with their
 * attempts and keys (the tables cascade), and keys past their 24 hours.
 */
export function* purge(before: number, now: number): Plan<PurgeCounts> {
  const sent = yield* run(`DELETE FROM messages WHERE id IN (${PURGEABLE_SENT})`, { before });
  const spam = yield* run(
    `DELETE FROM messages WHERE id IN (SELECT m.id FROM messages m WHERE ${PURGEABLE_SPAM})`,
    { before },
  );
  yield* run('DELETE FROM idempotency_keys WHERE created_at < @expired', {
    expired: now - IDEMPOTENCY_TTL_MS,
  });
  return { sent, spam };
}

/** Addresses compare in any case, as mail providers treat them. */
const SENDER = 'lower(email) = lower(@email)';

export function* countBySender(email: string): Plan<number> {
  const row = yield* one<{ count: number }>(
    `SELECT count(*) AS count FROM messages WHERE ${SENDER}`,
    { email: email.trim() },
  );
  return row?.count ?? 0;
}

/**
 * Deletes every message from the address, and every activity entry that names it (none is
 * written so now; an older version kept an export's search there).
 */
export function* forgetSender(email: string): Plan<number> {
  const address = email.trim();
  const pattern = address.toLowerCase().replace(/[\\%_]/g, (special) => `\\${special}`);
  yield* run(
    `DELETE FROM owner_audit WHERE lower(detail) LIKE '%' || @pattern || '%' ESCAPE '\\'`,
    {
      pattern,
    },
  );
  return yield* run(`DELETE FROM messages WHERE ${SENDER}`, { email: address });
}
