/** The push notifier's store: its writes, and its queue over a connection. */
import type { Db, WriteList } from '../store/db.ts';
import { jobWrites } from '../jobs/store.ts';
import { nextDueAt } from '../jobs/repository.ts';
import { claimNotifications } from './repository.ts';
import type { NotificationQueue } from './types.ts';

export const notifyWrites = { claimNotifications } satisfies WriteList;

export function notificationQueue(
  db: Db<typeof notifyWrites & typeof jobWrites>,
): NotificationQueue {
  return {
    claim: (options) => db.write('claimNotifications', options),
    recordSent: (id, at) => db.write('completeJob', 'notify', id, at, null),
    recordRetry: (id, by, next, error) => db.write('retryJobLater', 'notify', id, by, next, error),
    recordDead: (id, by, error) => db.write('giveUpJob', 'notify', id, by, error),
    releaseClaims: (by, now) => db.write('releaseClaims', by, now),
    nextDueAt: () => db.read(nextDueAt('notify')),
  };
}
