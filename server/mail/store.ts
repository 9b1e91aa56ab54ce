/** The outbox worker's store: its writes, and its queue over a connection. */
import type { Db, WriteList } from '../store/db.ts';
import { jobWrites } from '../jobs/store.ts';
import * as outbox from './repository.ts';
import type { OutboxQueue } from './types.ts';

export const mailWrites = {
  claim: outbox.claim,
  renewLease: outbox.renewLease,
  recordSent: outbox.recordSent,
  recordRetry: outbox.recordRetry,
  recordDead: outbox.recordDead,
  pauseDelivery: outbox.pauseDelivery,
  resumeDelivery: outbox.resumeDelivery,
  claimDigest: outbox.claimDigest,
} satisfies WriteList;

export function outboxQueue(db: Db<typeof mailWrites & typeof jobWrites>): OutboxQueue {
  return {
    claim: (options) => db.write('claim', options),
    renewLease: (id, by, until) => db.write('renewLease', id, by, until),
    recordSent: (id, outcome) => db.write('recordSent', id, outcome),
    recordRetry: (id, outcome) => db.write('recordRetry', id, outcome),
    recordDead: (id, outcome) => db.write('recordDead', id, outcome),
    releaseClaims: (by, now) => db.write('releaseClaims', by, now),
    nextDueAt: () => db.read(outbox.nextDueAt()),
    countDue: (now) => db.read(outbox.countDue(now)),
    dueInSendOrder: (now, limit, offset) => db.read(outbox.dueInOrder(now, limit, offset)),
    sentSince: (since) => db.read(outbox.sentSince(since)),
    deliveryPause: () => db.read(outbox.deliveryPause()),
    pauseDelivery: (pause, notify) => db.write('pauseDelivery', pause, notify),
    resumeDelivery: () => db.write('resumeDelivery'),
    claimDigest: (options) => db.write('claimDigest', options),
    digestSent: (at) => db.write('completeJob', 'digest', outbox.DIGEST_JOB, at, null),
    digestFailed: (holder, retryAt, error) =>
      db.write('retryJobLater', 'digest', outbox.DIGEST_JOB, holder, retryAt, error),
  };
}
