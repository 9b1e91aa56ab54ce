/**
 * The push notifier's operations: notifications are queued in the transaction of what they
 * tell (a message accepted, delivery paused), claimed under a lease like mail, retried, and
 * deleted once delivered. One about a message goes with it when the message is deleted.
 */
import { newMessageId } from '../store/ids.ts';
import { dueCondition } from '../store/rows.ts';
import { all, dialect, run, type Plan } from '../store/sql/plan.ts';
import type { ClaimedNotification } from './types.ts';

/** Due now: as a message in the outbox is (`dueCondition`). */
const DUE = dueCondition('n', '@now');

/** The columns of a new notification about a message, for the accept operation's inserts. */
export const NOTIFICATION_COLUMNS = [
  'id',
  'kind',
  'message_id',
  'created_at',
  'state',
  'next_attempt_at',
] as const;

/** The row of a notification about a new message: its id is the message's. */
export function messageNotification(messageId: string, at: number): Record<string, unknown> {
  return {
    id: messageId,
    kind: 'message',
    message_id: messageId,
    created_at: at,
    state: 'pending',
    next_attempt_at: at,
  };
}

/** Queues a notification that delivery paused, with its reason. */
export function* queuePauseNotification(reason: string, at: number): Plan<void> {
  yield* run(
    `INSERT INTO notifications (id, kind, detail, created_at, state, next_attempt_at)
     VALUES (@id, 'delivery-paused', @reason, @at, 'pending', @at)`,
    { id: newMessageId(at), reason, at },
  );
}

/** Claims due notifications, oldest first, leased to `holder`; each claim is an attempt. */
export function* claimNotifications(options: {
  now: number;
  holder: string;
  leaseMs: number;
  limit: number;
}): Plan<ClaimedNotification[]> {
  const { now, holder, leaseMs, limit } = options;
  const d = yield* dialect();
  const ids = (yield* all<{ id: string }>(
    `SELECT n.id FROM notifications n WHERE ${DUE}
     ORDER BY n.created_at, n.id LIMIT @limit ${d.skipLocked('n')}`,
    { now, limit },
  )).map((row) => row.id);
  if (ids.length === 0) return [];
  yield* run(
    `UPDATE notifications SET state = 'sending', lease_holder = @holder, lease_until = @until,
       attempts = attempts + 1
     WHERE ${d.inList('id', 'ids')}`,
    { holder, until: now + leaseMs, ids },
  );
  const rows = yield* all<{
    id: string;
    kind: ClaimedNotification['kind'];
    attempts: number;
    created_at: number;
    detail: string | null;
    message_id: string | null;
    app_name: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    message: string | null;
    received_at: number | null;
  }>(
    `SELECT n.id, n.kind, n.attempts, n.created_at, n.detail, m.id AS message_id, m.app_name,
            m.first_name, m.last_name, m.email, m.message, m.received_at
     FROM notifications n LEFT JOIN messages m ON m.id = n.message_id
     WHERE ${d.inList('n.id', 'ids')} ORDER BY n.created_at, n.id`,
    { ids },
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    attempt: row.attempts,
    createdAt: row.created_at,
    detail: row.detail,
    ...(row.message_id === null
      ? {}
      : {
          message: {
            id: row.message_id,
            appName: row.app_name ?? '',
            firstName: row.first_name ?? '',
            lastName: row.last_name ?? '',
            email: row.email ?? '',
            message: row.message ?? '',
            receivedAt: row.received_at ?? 0,
          },
        }),
  }));
}

export function* notificationSent(id: string, holder: string): Plan<void> {
  yield* run('DELETE FROM notifications WHERE id = @id AND lease_holder = @holder', { id, holder });
}

export function* notificationRetry(
  id: string,
  holder: string,
  nextAttemptAt: number,
  error: string,
): Plan<void> {
  yield* run(
    `UPDATE notifications SET state = 'pending', next_attempt_at = @next, last_error = @error,
       lease_holder = NULL, lease_until = NULL
     WHERE id = @id AND state = 'sending' AND lease_holder = @holder`,
    { next: nextAttemptAt, error, id, holder },
  );
}

export function* notificationDead(id: string, holder: string, error: string): Plan<void> {
  yield* run(
    `UPDATE notifications SET state = 'dead', last_error = @error, lease_holder = NULL,
       lease_until = NULL
     WHERE id = @id AND state = 'sending' AND lease_holder = @holder`,
    { error, id, holder },
  );
}
