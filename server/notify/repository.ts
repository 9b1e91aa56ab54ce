/**
 * The push notifier's operations: notifications are queued in the transaction of what they
 * tell (a message accepted, delivery paused), as jobs of the kind `notify` (jobs/repository.ts):
 * claimed under a lease like mail, retried, and kept as sent once delivered. One about a
 * message goes with it when the message is deleted.
 */
import { newMessageId } from '../store/ids.ts';
import { all, dialect, type Plan } from '../store/sql/plan.ts';
import * as jobs from '../jobs/repository.ts';
import type { JobClaimOptions } from '../jobs/types.ts';
import type { ClaimedNotification } from './types.ts';

/** The row of a notification about a new message, for the accept operation's inserts. */
export function messageNotification(messageId: string, at: number): Record<string, unknown> {
  return jobs.newJobRow('notify', messageId, at, { messageId });
}

/** Queues a notification that delivery paused, with its reason. */
export function* queuePauseNotification(reason: string, at: number): Plan<void> {
  yield* jobs.enqueue('notify', newMessageId(at), at, { detail: reason });
}

/** Claims due notifications, oldest first, leased to `holder`; each claim is an attempt. */
export function* claimNotifications(options: JobClaimOptions): Plan<ClaimedNotification[]> {
  const claimed = yield* jobs.claim('notify', options);
  if (claimed.length === 0) return [];
  const d = yield* dialect();
  const rows = yield* all<{
    message_id: string | null;
    app_name: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    message: string | null;
    received_at: number | null;
  }>(
    `SELECT m.id AS message_id, m.app_name, m.first_name, m.last_name, m.email, m.message,
            m.received_at
     FROM messages m WHERE ${d.inList('m.id', 'ids')}`,
    { ids: claimed.flatMap((job) => (job.messageId === null ? [] : [job.messageId])) },
  );
  const messages = new Map(rows.map((row) => [row.message_id, row]));
  return claimed.map((job): ClaimedNotification => {
    const row = job.messageId === null ? undefined : messages.get(job.messageId);
    return {
      id: job.id,
      kind: job.messageId === null ? 'delivery-paused' : 'message',
      attempt: job.attempt,
      createdAt: job.queuedAt,
      detail: job.detail,
      ...(row === undefined
        ? {}
        : {
            message: {
              id: row.message_id ?? '',
              appName: row.app_name ?? '',
              firstName: row.first_name ?? '',
              lastName: row.last_name ?? '',
              email: row.email ?? '',
              message: row.message ?? '',
              receivedAt: row.received_at ?? 0,
            },
          }),
    };
  });
}
