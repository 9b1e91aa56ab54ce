/**
 * The outbox worker's operations: claiming due messages under a lease, recording each
 * attempt, the pause of delivery and the digest's turn.
 */
import {
  dueCondition,
  dueInSendOrder,
  META,
  parsePause,
  SELECT_MESSAGE,
  toMessage,
  type MessageRow,
} from '../store/rows.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../store/limits.ts';
import { all, dialect, lock, one, run, type Plan } from '../store/sql/plan.ts';
import type { StoredMessage } from '../intake/types.ts';
import type { AttemptOutcome, ClaimedMessage, ClaimOptions, DeliveryPause } from './types.ts';
import { messagesById } from '../intake/messages-repository.ts';
import { queuePauseNotification } from '../notify/repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Due now: waiting and due, or being sent under a lease that ran out (rows.ts). */
const DUE = dueCondition('o', '@now');

/**
 * When a claimed message is due again should its lease run out with no outcome recorded
 * (the process died while sending it): the lease's end plus the retry delay of its
 * attempt, so a message that brings the process down is tried less and less often, as a
 * failed one is. A SQL expression of the row's attempts before this claim.
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
  return `CAST(@leaseUntil AS BIGINT) + CASE ${steps.join(' ')} ELSE ${Math.round(retryCapMs)} END`;
}

/**
 * Claims due messages in sending order, leased to `holder`, each claim an attempt; within
 * the hourly cap, which counts mails sent in the last hour and those being sent now.
 */
export function* claim(options: ClaimOptions): Plan<ClaimedMessage[]> {
  const { now, holder, leaseMs, maxPerHour, retryBaseMs, retryCapMs } = options;
  const d = yield* dialect();
  yield* lock('claim');
  let room = options.limit;
  if (maxPerHour > 0) {
    const use = yield* one<{ sent: number; sending: number }>(
      `SELECT (SELECT count(*) FROM outbox WHERE sent_at > @hourAgo) AS sent,
              (SELECT count(*) FROM outbox WHERE state = 'sending' AND lease_until > @now) AS sending`,
      { hourAgo: now - HOUR_MS, now },
    );
    room = Math.min(room, maxPerHour - (use?.sent ?? 0) - (use?.sending ?? 0));
  }
  if (room <= 0) return [];
  yield* run(
    `UPDATE outbox SET state = 'dead', last_error = @reason, lease_holder = NULL, lease_until = NULL
     WHERE message_id IN (SELECT o.message_id FROM outbox o WHERE ${DUE} AND o.attempts >= @max)`,
    {
      now,
      max: MAX_DELIVERY_ATTEMPTS,
      reason: `Gave up after ${MAX_DELIVERY_ATTEMPTS} delivery attempts (the last ones may never have finished: the process stopped while sending).`,
    },
  );
  // A few more than wanted are ordered: on PostgreSQL, rows another instance is claiming
  // right now are skipped.
  const ids = (yield* all<{ message_id: string }>(
    `WITH ordered AS (
       SELECT message_id, position FROM (${dueInSendOrder('@now')}) AS due
       ORDER BY position LIMIT @room + 64)
     SELECT o.message_id FROM outbox o JOIN ordered ON ordered.message_id = o.message_id
     WHERE ${DUE}
     ORDER BY ordered.position LIMIT @room ${d.skipLocked('o')}`,
    { now, room },
  )).map((row) => row.message_id);
  if (ids.length === 0) return [];
  const claimed = yield* all<{ message_id: string; attempts: number; queued_at: number }>(
    `UPDATE outbox SET state = 'sending', lease_holder = @holder, lease_until = @leaseUntil,
       next_attempt_at = ${afterLostLease(retryBaseMs, retryCapMs)},
       attempts = attempts + 1, last_attempt_at = @now
     WHERE ${d.inList('message_id', 'ids')}
     RETURNING message_id, attempts, queued_at`,
    { holder, leaseUntil: now + leaseMs, now, ids },
  );
  const byId = new Map(claimed.map((row) => [row.message_id, row]));
  const messages = yield* messagesById(ids);
  return ids.map((id): ClaimedMessage => {
    const message = messages.get(id);
    const row = byId.get(id);
    if (!message || !row) throw new Error(`Outbox entry ${id} has no message`);
    return { ...message, attempt: row.attempts, queuedAt: row.queued_at };
  });
}

/** Extends a lease still held by `holder`; false when it was lost. */
export function* renewLease(id: string, holder: string, until: number): Plan<boolean> {
  const changed = yield* run(
    `UPDATE outbox SET next_attempt_at = next_attempt_at + (@until - lease_until),
       lease_until = @until
     WHERE message_id = @id AND state = 'sending' AND lease_holder = @holder`,
    { until, id, holder },
  );
  return changed === 1;
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
  // Marked sent even when the lease was lost meanwhile: the mail did go out.
  yield* run(
    `UPDATE outbox SET state = 'sent', sent_at = @at, smtp_response = @detail, last_error = NULL,
       lease_holder = NULL, lease_until = NULL
     WHERE message_id = @id AND state IN ('sending', 'pending', 'dead')`,
    { at: outcome.finishedAt, detail: outcome.detail, id },
  );
  yield* recordAttempt(id, outcome, 'sent');
}

export function* recordRetry(
  id: string,
  outcome: AttemptOutcome & { nextAttemptAt: number },
): Plan<void> {
  yield* run(
    `UPDATE outbox SET state = 'pending', next_attempt_at = @next, last_error = @detail,
       lease_holder = NULL, lease_until = NULL
     WHERE message_id = @id AND state = 'sending' AND lease_holder = @holder`,
    { next: outcome.nextAttemptAt, detail: outcome.detail, id, holder: outcome.holder },
  );
  yield* recordAttempt(id, outcome, 'retry');
}

export function* recordDead(id: string, outcome: AttemptOutcome): Plan<void> {
  yield* run(
    `UPDATE outbox SET state = 'dead', last_error = @detail, lease_holder = NULL, lease_until = NULL
     WHERE message_id = @id AND state = 'sending' AND lease_holder = @holder`,
    { detail: outcome.detail, id, holder: outcome.holder },
  );
  yield* recordAttempt(id, outcome, 'dead');
}

/**
 * Gives back `holder`'s claims in a leased queue (the outbox, the push notifications), due
 * at `now`; how many.
 */
export function* releaseClaims(
  holder: string,
  now: number,
  table: 'outbox' | 'notifications' = 'outbox',
): Plan<number> {
  return yield* run(
    `UPDATE ${table} SET state = 'pending', next_attempt_at = @now, lease_holder = NULL,
       lease_until = NULL
     WHERE state = 'sending' AND lease_holder = @holder`,
    { now, holder },
  );
}

/** When the next entry of a leased queue falls due, or its lease runs out. */
export function* nextDueAt(table: 'outbox' | 'notifications' = 'outbox'): Plan<number | undefined> {
  const row = yield* one<{ at: number | null }>(
    `SELECT min(at) AS at FROM (
       SELECT min(next_attempt_at) AS at FROM ${table} WHERE state = 'pending'
       UNION ALL
       SELECT min(CASE WHEN next_attempt_at > lease_until THEN next_attempt_at ELSE lease_until END) AS at
       FROM ${table} WHERE state = 'sending') AS due`,
  );
  return row?.at ?? undefined;
}

export function* countDue(now: number): Plan<number> {
  const row = yield* one<{ count: number }>(`SELECT count(*) AS count FROM outbox o WHERE ${DUE}`, {
    now,
  });
  return row?.count ?? 0;
}

export function* dueInOrder(now: number, limit: number, offset = 0): Plan<StoredMessage[]> {
  const rows = yield* all<MessageRow>(
    `WITH due AS (${dueInSendOrder('@now')})
     ${SELECT_MESSAGE} JOIN due ON due.message_id = m.id
     ORDER BY due.position LIMIT @limit OFFSET @offset`,
    { now, limit, offset },
  );
  return rows.map(toMessage);
}

export function* sentSince(since: number): Plan<{ count: number; first: number | null }> {
  const row = yield* one<{ count: number; first: number | null }>(
    'SELECT count(*) AS count, min(sent_at) AS first FROM outbox WHERE sent_at > @since',
    { since },
  );
  return row ?? { count: 0, first: null };
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

export function* lastDigestAt(): Plan<number | null> {
  const value = yield* readMeta(META.digest);
  return value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);
}

/** Sets the digest's time from `previous` to `to`, if it is still `previous`. */
export function* swapDigest(previous: number | null, to: number | null): Plan<boolean> {
  yield* lock('meta');
  const stored = yield* readMeta(META.digest);
  if ((stored === undefined ? null : Number(stored)) !== previous) return false;
  if (to === null) yield* run('DELETE FROM meta WHERE key = @key', { key: META.digest });
  else yield* writeMeta(META.digest, String(to));
  return true;
}
