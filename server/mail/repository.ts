/**
 * The outbox worker's operations: mail jobs (`jobs/repository.ts`) claimed in sending order,
 * each attempt recorded, the pause of delivery and the digest's turn.
 */
import { META, parsePause, SELECT_MESSAGE, toMessage, type MessageRow } from '../store/rows.ts';
import { all, lock, one, run, type Plan } from '../store/sql/plan.ts';
import type { StoredMessage } from '../intake/types.ts';
import type { AttemptOutcome, ClaimedMessage, ClaimOptions, DeliveryPause } from './types.ts';
import { messagesById } from '../intake/messages-repository.ts';
import { queuePauseNotification } from '../notify/repository.ts';
import * as jobs from '../jobs/repository.ts';
import { HOUR_MS } from '../jobs/backoff.ts';
import type { JobClaimOptions } from '../jobs/types.ts';

/**
 * Due mails in the order they are sent: those whose lease ran out (a send cut short)
 * first; then in rounds, each round taking the oldest due message of every app, oldest
 * first. So each app gets an equal share of the hourly mail cap whatever another app
 * receives, and within an app messages go out in the order they came: a burst never goes
 * before the messages that were waiting. `due` is the jobs' due condition on alias `j`.
 */
function sendOrder(due: string): string {
  return `
  SELECT id, row_number() OVER (
           ORDER BY (state = 'sending') DESC, turn, received_at, id) AS position
  FROM (
    SELECT j.id, j.state, m.received_at,
           row_number() OVER (PARTITION BY m.app_name ORDER BY m.received_at, m.id) AS turn
    FROM jobs j JOIN messages m ON m.id = j.message_id
    WHERE j.kind = 'mail' AND ${due}) AS due_now`;
}

/**
 * Claims due messages in sending order, leased to `holder`, each claim an attempt; within
 * the hourly cap, which counts mails sent in the last hour and those being sent now.
 */
export function* claim(options: ClaimOptions): Plan<ClaimedMessage[]> {
  const claimed = yield* jobs.claim('mail', options, sendOrder);
  if (claimed.length === 0) return [];
  const messages = yield* messagesById(claimed.map((job) => job.id));
  return claimed.map((job): ClaimedMessage => {
    const message = messages.get(job.id);
    if (!message) throw new Error(`Outbox entry ${job.id} has no message`);
    return { ...message, attempt: job.attempt, queuedAt: job.queuedAt };
  });
}

/** Extends a lease still held by `holder`; false when it was lost. */
export function* renewLease(id: string, holder: string, until: number): Plan<boolean> {
  return yield* jobs.renewLease('mail', id, holder, until);
}

function* recordAttempt(id: string, outcome: AttemptOutcome, kind: 'sent' | 'retry' | 'dead') {
  yield* run(
    `INSERT INTO delivery_attempts (message_id, attempt, started_at, finished_at, outcome, detail)
     VALUES (@id, @attempt, @startedAt, @finishedAt, @kind, @detail)
     ON CONFLICT (message_id, attempt) DO UPDATE SET started_at = excluded.started_at,
       finished_at = excluded.finished_at, outcome = excluded.outcome, detail = excluded.detail`,
    {
      id,
      attempt: outcome.attempt,
      startedAt: outcome.startedAt,
      finishedAt: outcome.finishedAt,
      kind,
      detail: outcome.detail,
    },
  );
}

export function* recordSent(id: string, outcome: AttemptOutcome): Plan<void> {
  yield* jobs.complete('mail', id, outcome.finishedAt, outcome.detail);
  yield* recordAttempt(id, outcome, 'sent');
}

export function* recordRetry(
  id: string,
  outcome: AttemptOutcome & { nextAttemptAt: number },
): Plan<void> {
  yield* jobs.retryLater('mail', id, outcome.holder, outcome.nextAttemptAt, outcome.detail);
  yield* recordAttempt(id, outcome, 'retry');
}

export function* recordDead(id: string, outcome: AttemptOutcome): Plan<void> {
  yield* jobs.giveUp('mail', id, outcome.holder, outcome.detail);
  yield* recordAttempt(id, outcome, 'dead');
}

export function* nextDueAt(): Plan<number | undefined> {
  return yield* jobs.nextDueAt('mail');
}

export function* countDue(now: number): Plan<number> {
  return yield* jobs.countDue('mail', now);
}

export function* dueInOrder(now: number, limit: number, offset = 0): Plan<StoredMessage[]> {
  const rows = yield* all<MessageRow>(
    `WITH due AS (${sendOrder(jobs.dueCondition('j', '@now'))})
     ${SELECT_MESSAGE} JOIN due ON due.id = m.id
     ORDER BY due.position LIMIT @limit OFFSET @offset`,
    { now, limit, offset },
  );
  return rows.map(toMessage);
}

export function* sentSince(since: number): Plan<{ count: number; first: number | null }> {
  return yield* jobs.sentSince('mail', since);
}

function* readMeta(key: string): Plan<string | undefined> {
  const row = yield* one<{ value: string }>('SELECT value FROM meta WHERE key = @key', { key });
  return row?.value;
}

export function* writeMeta(key: string, value: string): Plan<void> {
  yield* run(
    `INSERT INTO meta (key, value) VALUES (@key, @value)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    { key, value },
  );
}

export function* deliveryPause(): Plan<DeliveryPause | undefined> {
  return parsePause(yield* readMeta(META.pause));
}

/**
 * Pauses delivery, keeping the time the pause began; true when it was not paused before,
 * and then, with `notify`, the owner's push notification of it is queued too.
 */
export function* pauseDelivery(pause: DeliveryPause, notify = false): Plan<boolean> {
  yield* lock('meta');
  const current = parsePause(yield* readMeta(META.pause));
  yield* writeMeta(META.pause, JSON.stringify({ ...pause, since: current?.since ?? pause.since }));
  if (current === undefined && notify) yield* queuePauseNotification(pause.reason, pause.since);
  return current === undefined;
}

export function* resumeDelivery(): Plan<boolean> {
  return (yield* run('DELETE FROM meta WHERE key = @key', { key: META.pause })) === 1;
}

/** The digest's one job: its turn, taken by one instance at a time, once an hour at most. */
export const DIGEST_JOB = 'waiting';

/**
 * Takes the turn to mail the digest of waiting mail: true when this worker holds it now.
 * A digest sent less than an hour ago, one being mailed by another instance, or one that
 * failed and waits for its next try keeps it.
 */
export function* claimDigest(options: Omit<JobClaimOptions, 'limit'>): Plan<boolean> {
  const { now } = options;
  yield* run(
    `INSERT INTO jobs (kind, id, state, queued_at, next_attempt_at)
     VALUES ('digest', @id, 'pending', @now, @now)
     ON CONFLICT (kind, id) DO UPDATE SET state = 'pending', queued_at = @now,
       next_attempt_at = @now, attempts = 0, last_error = NULL, lease_holder = NULL,
       lease_until = NULL
     WHERE jobs.state = 'dead' OR (jobs.state = 'sent' AND jobs.sent_at <= @hourAgo)`,
    { id: DIGEST_JOB, now, hourAgo: now - HOUR_MS },
  );
  return (yield* jobs.claim('digest', { ...options, limit: 1 })).length > 0;
}
