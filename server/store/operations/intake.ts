/**
 * The feedback route's operations: accepting a group of messages (once each, within the
 * caps) in one transaction, finding a replayed Idempotency-Key, and forgetting keys and
 * caps' entries once past their window.
 */
import { newMessageId } from '../ids.ts';
import { messageRecord } from '../rows.ts';
import { lock, one, run, type Plan } from '../sql/plan.ts';
import { IDEMPOTENCY_TTL_MS, type AcceptResult, type NewFeedback } from '../types.ts';

/**
 * Accepts a group: each message is stored with its outbox entry, its key and one entry per
 * cap it counts against, unless its key was seen within 24 hours (replayed) or a cap is
 * full (capped). The lock makes concurrent groups, from any instance, count one after
 * the other.
 */
export function* accept(items: readonly NewFeedback[]): Plan<AcceptResult[]> {
  yield* lock('accept');
  const results: AcceptResult[] = [];
  for (const item of items) results.push(yield* acceptOne(item));
  return results;
}

function* acceptOne(item: NewFeedback): Plan<AcceptResult> {
  const key = item.idempotencyKey;
  const at = item.receivedAt;
  if (key !== undefined) {
    const known = yield* one<{ message_id: string; created_at: number }>(
      'SELECT message_id, created_at FROM idempotency_keys WHERE key = @key',
      { key },
    );
    if (known && known.created_at > at - IDEMPOTENCY_TTL_MS) {
      return { kind: 'replayed', id: known.message_id };
    }
    if (known) yield* run('DELETE FROM idempotency_keys WHERE key = @key', { key });
  }
  const caps = (item.caps ?? []).filter((cap) => cap.max > 0);
  for (const cap of caps) {
    const use = yield* one<{ n: number; first: number | null }>(
      `SELECT count(*) AS n, min(at) AS first FROM acceptance_slots
       WHERE key = @key AND at > @since`,
      { key: cap.key, since: at - cap.windowMs },
    );
    if (use && use.n >= cap.max) {
      return { kind: 'capped', key: cap.key, retryAt: (use.first ?? at) + cap.windowMs };
    }
  }
  const id = newMessageId(at);
  yield* run(
    `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
     VALUES (@id, @receivedAt, @appName, @firstName, @lastName, @email, @message, @spam, @spamReason)`,
    messageRecord(id, item),
  );
  if (!item.spam) {
    yield* run(
      `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at)
       VALUES (@id, 'pending', @at, @at)`,
      { id, at },
    );
  }
  if (key !== undefined) {
    yield* run(
      'INSERT INTO idempotency_keys (key, message_id, created_at) VALUES (@key, @id, @at)',
      { key, id, at },
    );
  }
  for (const cap of caps) {
    yield* run('INSERT INTO acceptance_slots (key, at) VALUES (@key, @at)', { key: cap.key, at });
  }
  return { kind: 'stored', id };
}

/** The id stored under an Idempotency-Key seen in the last 24 hours. */
export function* findReplay(key: string, now: number): Plan<string | undefined> {
  const row = yield* one<{ message_id: string }>(
    'SELECT message_id FROM idempotency_keys WHERE key = @key AND created_at > @since',
    { key, since: now - IDEMPOTENCY_TTL_MS },
  );
  return row?.message_id;
}

/** Forgets Idempotency-Keys past their 24 hours, and caps' entries past the longest window. */
export function* forgetExpired(now: number, longestCapWindowMs: number): Plan<void> {
  yield* run('DELETE FROM idempotency_keys WHERE created_at < @before', {
    before: now - IDEMPOTENCY_TTL_MS,
  });
  yield* run('DELETE FROM acceptance_slots WHERE at < @before', {
    before: now - longestCapWindowMs,
  });
}
