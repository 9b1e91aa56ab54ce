/**
 * The job queue's operations, one plan each, for every kind of job: enqueue, claim under a
 * lease (the attempt cap, the backoff after a lost lease and the hourly cap applied in the
 * claim), renew, record an outcome (sent, retried later, dead), give back, and when the
 * next falls due. A kind's handler adds only what is its own (mail's order and its
 * attempts' history: `mail/repository.ts`).
 */
import { all, dialect, lock, one, run, type Plan } from '../store/sql/plan.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../store/limits.ts';
import type { ClaimedJob, JobClaimOptions, JobKind } from './types.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Due at `now` (`alias` names the jobs table in the query): waiting and due, or being run
 * under a lease that ran out and past the delay its claim set: a run cut short is tried
 * again, later each time. `nextDueAt` is the time this first holds.
 */
export function dueCondition(alias: string, now: string): string {
  return `((${alias}.state = 'pending' AND ${alias}.next_attempt_at <= ${now})
       OR (${alias}.state = 'sending' AND ${alias}.lease_until <= ${now} AND ${alias}.next_attempt_at <= ${now}))`;
}

/** The columns of a new job, for inserts of many at once. */
export const NEW_JOB_COLUMNS = [
  'kind',
  'id',
  'message_id',
  'detail',
  'state',
  'queued_at',
  'next_attempt_at',
] as const;

/** A new job's row, due at `at`. */
export function newJobRow(
  kind: JobKind,
  id: string,
  at: number,
  about: { messageId?: string; detail?: string } = {},
): Record<(typeof NEW_JOB_COLUMNS)[number], unknown> {
  return {
    kind,
    id,
    message_id: about.messageId ?? null,
    detail: about.detail ?? null,
    state: 'pending',
    queued_at: at,
    next_attempt_at: at,
  };
}

/** Queues a job due at `at`; one of the same kind and id already queued is kept. */
export function* enqueue(
  kind: JobKind,
  id: string,
  at: number,
  about: { messageId?: string; detail?: string } = {},
): Plan<void> {
  yield* run(
    `INSERT INTO jobs (${NEW_JOB_COLUMNS.join(', ')})
     VALUES (${NEW_JOB_COLUMNS.map((column) => `@${column}`).join(', ')})
     ON CONFLICT (kind, id) DO NOTHING`,
    newJobRow(kind, id, at, about),
  );
}

/**
 * When a claimed job is due again should its lease run out with no outcome recorded (the
 * process died running it): the lease's end plus the retry delay of its attempt, so a job
 * that brings the process down is tried less and less often, as a failed one is. A SQL
 * expression of the row's attempts before this claim.
 */
function afterLostLease(retryBaseMs: number, retryCapMs: number): string {
  const steps: string[] = [];
  for (
    let attempts = 0, delay = Math.max(1, retryBaseMs);
    delay < retryCapMs;
    attempts += 1, delay *= 2
  ) {
    steps.push(`WHEN attempts = ${attempts} THEN ${Math.round(delay)}`);
  }
  const cap = String(Math.round(retryCapMs));
  return `CAST(@leaseUntil AS BIGINT) + ${steps.length === 0 ? cap : `CASE ${steps.join(' ')} ELSE ${cap} END`}`;
}

/**
 * The due jobs of a kind in the order they are claimed: a query of `id` and `position`,
 * its parameters `@kind` and `@now`. By default oldest first, those whose lease ran out
 * (a run cut short) before the rest.
 */
export type ClaimOrder = (due: string) => string;

const OLDEST_FIRST: ClaimOrder = (due) => `
  SELECT j.id, row_number() OVER (
           ORDER BY (j.state = 'sending') DESC, j.queued_at, j.id) AS position
  FROM jobs j WHERE j.kind = @kind AND ${due}`;

/**
 * Claims due jobs of a kind in `order`, leased to `holder` until `now + leaseMs`; no other
 * worker gets them meanwhile, and each claim is an attempt. One claimed
 * MAX_DELIVERY_ATTEMPTS times already is marked dead instead. Within the hourly cap, if
 * any: jobs sent in the last hour and those being run now count.
 */
export function* claim(
  kind: JobKind,
  options: JobClaimOptions,
  order: ClaimOrder = OLDEST_FIRST,
): Plan<ClaimedJob[]> {
  const { now, holder, leaseMs, retryBaseMs, retryCapMs, maxPerHour = 0 } = options;
  const d = yield* dialect();
  let room = options.limit;
  if (maxPerHour > 0) {
    yield* lock('claim');
    const use = yield* one<{ sent: number; sending: number }>(
      `SELECT (SELECT count(*) FROM jobs WHERE kind = @kind AND sent_at > @hourAgo) AS sent,
              (SELECT count(*) FROM jobs WHERE kind = @kind AND state = 'sending'
                 AND lease_until > @now) AS sending`,
      { kind, hourAgo: now - HOUR_MS, now },
    );
    room = Math.min(room, maxPerHour - (use?.sent ?? 0) - (use?.sending ?? 0));
  }
  if (room <= 0) return [];
  yield* run(
    `UPDATE jobs SET state = 'dead', last_error = @reason, lease_holder = NULL, lease_until = NULL
     WHERE kind = @kind AND id IN (
       SELECT j.id FROM jobs j WHERE j.kind = @kind AND ${dueCondition('j', '@now')}
         AND j.attempts >= @max)`,
    {
      kind,
      now,
      max: MAX_DELIVERY_ATTEMPTS,
      reason: `Gave up after ${MAX_DELIVERY_ATTEMPTS} delivery attempts (the last ones may never have finished: the process stopped while sending).`,
    },
  );
  // A few more than wanted are ordered: on PostgreSQL, rows another instance is claiming
  // right now are skipped.
  const ids = (yield* all<{ id: string }>(
    `WITH ordered AS (
       SELECT id, position FROM (${order(dueCondition('j', '@now'))}) AS due
       ORDER BY position LIMIT @room + 64)
     SELECT j.id FROM jobs j JOIN ordered ON ordered.id = j.id
     WHERE j.kind = @kind AND ${dueCondition('j', '@now')}
     ORDER BY ordered.position LIMIT @room ${d.skipLocked('j')}`,
    { kind, now, room },
  )).map((row) => row.id);
  if (ids.length === 0) return [];
  const claimed = yield* all<{
    id: string;
    attempts: number;
    queued_at: number;
    message_id: string | null;
    detail: string | null;
  }>(
    `UPDATE jobs SET state = 'sending', lease_holder = @holder, lease_until = @leaseUntil,
       next_attempt_at = ${afterLostLease(retryBaseMs, retryCapMs)},
       attempts = attempts + 1, last_attempt_at = @now
     WHERE kind = @kind AND ${d.inList('id', 'ids')}
     RETURNING id, attempts, queued_at, message_id, detail`,
    { kind, holder, leaseUntil: now + leaseMs, now, ids },
  );
  const byId = new Map(claimed.map((row) => [row.id, row]));
  return ids.flatMap((id): ClaimedJob[] => {
    const row = byId.get(id);
    return row
      ? [
          {
            id,
            attempt: row.attempts,
            queuedAt: row.queued_at,
            messageId: row.message_id,
            detail: row.detail,
          },
        ]
      : [];
  });
}

/** Extends a lease still held by `holder`; false when it was lost. */
export function* renewLease(
  kind: JobKind,
  id: string,
  holder: string,
  until: number,
): Plan<boolean> {
  const changed = yield* run(
    `UPDATE jobs SET next_attempt_at = next_attempt_at + (@until - lease_until),
       lease_until = @until
     WHERE kind = @kind AND id = @id AND state = 'sending' AND lease_holder = @holder`,
    { kind, until, id, holder },
  );
  return changed === 1;
}

/**
 * The job was done at `at`, the receiver answering `response`. Recorded even when the lease
 * was lost meanwhile, or the job given up: it did go out.
 */
export function* complete(
  kind: JobKind,
  id: string,
  at: number,
  response: string | null,
): Plan<void> {
  yield* run(
    `UPDATE jobs SET state = 'sent', sent_at = @at, response = @response, last_error = NULL,
       lease_holder = NULL, lease_until = NULL
     WHERE kind = @kind AND id = @id AND state IN ('sending', 'pending', 'dead')`,
    { kind, at, response, id },
  );
}

/** The attempt failed: tried again at `nextAttemptAt`, if `holder` still holds the job. */
export function* retryLater(
  kind: JobKind,
  id: string,
  holder: string,
  nextAttemptAt: number,
  error: string,
): Plan<void> {
  yield* run(
    `UPDATE jobs SET state = 'pending', next_attempt_at = @next, last_error = @error,
       lease_holder = NULL, lease_until = NULL
     WHERE kind = @kind AND id = @id AND state = 'sending' AND lease_holder = @holder`,
    { kind, next: nextAttemptAt, error, id, holder },
  );
}

/** The job is given up, if `holder` still holds it. */
export function* giveUp(kind: JobKind, id: string, holder: string, error: string): Plan<void> {
  yield* run(
    `UPDATE jobs SET state = 'dead', last_error = @error, lease_holder = NULL, lease_until = NULL
     WHERE kind = @kind AND id = @id AND state = 'sending' AND lease_holder = @holder`,
    { kind, error, id, holder },
  );
}

/** Gives back `holder`'s claims, due at `now`; how many. */
export function* releaseClaims(holder: string, now: number): Plan<number> {
  return yield* run(
    `UPDATE jobs SET state = 'pending', next_attempt_at = @now, lease_holder = NULL,
       lease_until = NULL
     WHERE state = 'sending' AND lease_holder = @holder`,
    { now, holder },
  );
}

/** When the next job of a kind falls due, or its lease runs out. */
export function* nextDueAt(kind: JobKind): Plan<number | undefined> {
  const row = yield* one<{ at: number | null }>(
    `SELECT min(at) AS at FROM (
       SELECT min(next_attempt_at) AS at FROM jobs WHERE kind = @kind AND state = 'pending'
       UNION ALL
       SELECT min(CASE WHEN next_attempt_at > lease_until THEN next_attempt_at ELSE lease_until END) AS at
       FROM jobs WHERE kind = @kind AND state = 'sending') AS due`,
    { kind },
  );
  return row?.at ?? undefined;
}

export function* countDue(kind: JobKind, now: number): Plan<number> {
  const row = yield* one<{ count: number }>(
    `SELECT count(*) AS count FROM jobs j WHERE j.kind = @kind AND ${dueCondition('j', '@now')}`,
    { kind, now },
  );
  return row?.count ?? 0;
}

/** Jobs of a kind sent after `since`, and when the first of them was sent. */
export function* sentSince(
  kind: JobKind,
  since: number,
): Plan<{ count: number; first: number | null }> {
  const row = yield* one<{ count: number; first: number | null }>(
    'SELECT count(*) AS count, min(sent_at) AS first FROM jobs WHERE kind = @kind AND sent_at > @since',
    { kind, since },
  );
  return row ?? { count: 0, first: null };
}

/**
 * Queues dead jobs of a kind again with a fresh cycle: the one named, or every one. Returns
 * how many.
 */
export function* requeueDead(kind: JobKind, now: number, id: string | null): Plan<number> {
  return yield* run(
    `UPDATE jobs SET state = 'pending', queued_at = @now, next_attempt_at = @now,
       last_error = NULL, lease_holder = NULL, lease_until = NULL
     WHERE kind = @kind AND state = 'dead' AND (CAST(@id AS TEXT) IS NULL OR id = @id)`,
    { kind, now, id },
  );
}

/**
 * A waiting job is due now: its wait for the next try ends, its attempts and its give-up
 * time stay. One whose lease ran out is waiting too; one being run under a lease is not.
 * False when the job was not waiting.
 */
export function* dueNow(kind: JobKind, id: string, now: number): Plan<boolean> {
  const changed = yield* run(
    `UPDATE jobs SET next_attempt_at = @now
     WHERE kind = @kind AND id = @id
       AND (state = 'pending' OR (state = 'sending' AND lease_until <= @now))`,
    { kind, id, now },
  );
  return changed > 0;
}

/** Every job about a message is dropped, but one being run right now. */
export function* dropJobsOf(messageId: string): Plan<void> {
  yield* run(`DELETE FROM jobs WHERE message_id = @id AND state <> 'sending'`, { id: messageId });
}
