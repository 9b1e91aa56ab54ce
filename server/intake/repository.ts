/**
 * The feedback route's operations: accepting a group of messages (once each, within the
 * caps) in one transaction, finding a replayed Idempotency-Key, and forgetting keys and
 * caps' entries once past their window.
 */
import { readCaps } from '../store/caps.ts';
import { newMessageId } from '../store/ids.ts';
import { META } from '../store/rows.ts';
import { all, dialect, lock, one, run, type Plan } from '../store/sql/plan.ts';
import { columnsOf, MESSAGES, newMessageRow } from '../store/tables.ts';
import { insertRows } from '../store/operations/insert.ts';
import { messageNotification } from '../notify/repository.ts';
import { NEW_JOB_COLUMNS, newJobRow } from '../jobs/repository.ts';
import { IDEMPOTENCY_TTL_MS, type AcceptResult, type NewFeedback } from './types.ts';

/**
 * Accepts a group: each message is stored with its mail job (and, when asked, its push
 * notification's), its key and one entry per cap it counts against, unless its key was seen within 24 hours (replayed) or a cap is
 * full (capped). The lock makes concurrent groups, from any instance, count one after
 * the other. The group's keys and the caps' recent entries are read once, the messages
 * decided one after the other in memory (each counting those before it), and what is
 * stored is written in a few statements. PostgreSQL runs these same steps inside the
 * database instead, as one statement (postgres/accept.ts, measured there); the contract
 * tests hold both to the same results.
 */
export function* accept(items: readonly NewFeedback[]): Plan<AcceptResult[]> {
  yield* lock('accept');
  const d = yield* dialect();

  const keys = [...new Set(items.flatMap((item) => item.idempotencyKey ?? []))];
  const known = new Map<string, { id: string; at: number }>();
  if (keys.length > 0) {
    const rows = yield* all<{ key: string; message_id: string; created_at: number }>(
      `SELECT key, message_id, created_at FROM idempotency_keys WHERE ${d.inList('key', 'keys')}`,
      { keys },
    );
    for (const row of rows) known.set(row.key, { id: row.message_id, at: row.created_at });
  }

  const capsOf = (item: NewFeedback) => (item.caps ?? []).filter((cap) => cap.max > 0);
  const tally = yield* readCaps(
    items.flatMap(capsOf),
    Math.min(...items.map((item) => item.receivedAt)),
  );

  const expired = new Set<string>();
  const stored = {
    messages: [] as Record<string, unknown>[],
    jobs: [] as Record<string, unknown>[],
    keys: [] as Record<string, unknown>[],
  };
  const results = items.map((item): AcceptResult => {
    const at = item.receivedAt;
    const key = item.idempotencyKey;
    const seen = key === undefined ? undefined : known.get(key);
    if (seen && seen.at > at - IDEMPOTENCY_TTL_MS) return { kind: 'replayed', id: seen.id };
    if (seen && key !== undefined) expired.add(key);
    const caps = capsOf(item);
    const full = tally.full(caps, at);
    if (full) return { kind: 'capped', ...full };
    const id = newMessageId(at);
    stored.messages.push(newMessageRow(id, item));
    if (!item.spam) {
      stored.jobs.push(newJobRow('mail', id, at, { messageId: id }));
      if (item.notify) stored.jobs.push(messageNotification(id, at));
    }
    if (key !== undefined) {
      known.set(key, { id, at });
      stored.keys.push({ key, message_id: id, created_at: at });
    }
    tally.count(caps, at);
    return { kind: 'stored', id };
  });

  // A key past its 24 hours names a new message now.
  if (expired.size > 0) {
    yield* run(`DELETE FROM idempotency_keys WHERE ${d.inList('key', 'expired')}`, {
      expired: [...expired],
    });
  }
  yield* insertRows('messages', columnsOf(MESSAGES), stored.messages);
  yield* insertRows('jobs', NEW_JOB_COLUMNS, stored.jobs);
  yield* insertRows('idempotency_keys', ['key', 'message_id', 'created_at'], stored.keys);
  yield* tally.save();
  return results;
}

/** Forgets the caps' secret an older version kept in the store (`IntakeStore.forgetKeySalt`). */
export function* forgetKeySalt(): Plan<void> {
  yield* run('DELETE FROM meta WHERE key = @key', { key: META.keySalt });
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
