/**
 * Copying a whole store between engines: every row out, a page at a time, parents before
 * children; and into a store that must be empty, row by row, in one transaction.
 */
import { META, RECORDS } from '../rows.ts';
import { all, lock, one, run, type Plan } from '../sql/plan.ts';
import type { StoreRow, VisitDimension } from '../types.ts';
import { insertAudit, insertPasskey } from './owner-access.ts';

type Row = Record<string, unknown>;

interface TableCopy {
  table: StoreRow['table'];
  /** The columns that order the rows and resume after the last one. */
  key: readonly string[];
  /** A row as the engine-neutral record. */
  record: (row: Row) => StoreRow;
}

/**
 * The tables in copying order, parents first. The readiness probe's meta row stays, and so
 * does what the visit counters keep for one day only (the day's seen digests, the
 * instances' keys and the salt's shares, which no other instance could open).
 */
export const TABLES: readonly TableCopy[] = [
  {
    table: 'messages',
    key: ['id'],
    record: (row) => ({ table: 'messages', row: RECORDS.messages(row) }),
  },
  {
    table: 'outbox',
    key: ['message_id'],
    record: (row) => ({ table: 'outbox', row: RECORDS.outbox(row) }),
  },
  {
    table: 'delivery_attempts',
    key: ['message_id', 'attempt'],
    record: (row) => ({ table: 'delivery_attempts', row: RECORDS.delivery_attempts(row) }),
  },
  {
    table: 'idempotency_keys',
    key: ['key'],
    record: (row) => ({
      table: 'idempotency_keys',
      row: {
        key: row.key as string,
        messageId: row.message_id as string,
        createdAt: row.created_at as number,
      },
    }),
  },
  {
    table: 'meta',
    key: ['key'],
    record: (row) => ({
      table: 'meta',
      row: { key: row.key as string, value: row.value as string },
    }),
  },
  {
    table: 'visit_counts',
    key: ['day', 'dimension', 'key', 'detail'],
    record: (row) => ({
      table: 'visit_counts',
      row: {
        day: row.day as string,
        dimension: row.dimension as VisitDimension,
        key: row.key as string,
        detail: row.detail as string,
        hits: row.hits as number,
        visitors: row.visitors as number,
      },
    }),
  },
  // The owner's passkeys and audit list move with the store; sessions and one-time tickets
  // do not (the owner signs in again).
  {
    table: 'owner_passkeys',
    key: ['id'],
    record: (row) => ({ table: 'owner_passkeys', row: RECORDS.owner_passkeys(row) }),
  },
  {
    table: 'owner_audit',
    key: ['id'],
    record: (row) => ({ table: 'owner_audit', row: RECORDS.owner_audit(row) }),
  },
  {
    table: 'notifications',
    key: ['id'],
    record: (row) => ({ table: 'notifications', row: RECORDS.notifications(row) }),
  },
];

/** The rows of a table after `after` (the key of the last row read), at most `limit`. */
export function* page(copy: TableCopy, after: Row | undefined, limit: number): Plan<Row[]> {
  const conditions = [copy.table === 'meta' ? 'key <> @probe' : 'TRUE'];
  const params: Record<string, unknown> = {
    limit,
    ...(copy.table === 'meta' ? { probe: META.probe } : {}),
  };
  if (after) {
    // After the last row in the order of its key: (a, b) > (@after0, @after1).
    const names = copy.key.map((column, index) => {
      params[`after${index}`] = after[column];
      return `@after${index}`;
    });
    conditions.push(`(${copy.key.join(', ')}) > (${names.join(', ')})`);
  }
  return yield* all<Row>(
    `SELECT * FROM ${copy.table} WHERE ${conditions.join(' AND ')}
     ORDER BY ${copy.key.join(', ')} LIMIT @limit`,
    params,
  );
}

/** True when the store holds no message, no outbox entry and no key. */
export function* isEmpty(): Plan<boolean> {
  const row = yield* one<{ n: number }>(
    `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM outbox)
          + (SELECT count(*) FROM idempotency_keys) AS n`,
  );
  return (row?.n ?? 0) === 0;
}

/** Starts a copy into this store: no other writer until it commits; false when not empty. */
export function* beginCopy(): Plan<boolean> {
  yield* lock('copy');
  return yield* isEmpty();
}

export function* insertRow(item: StoreRow): Plan<void> {
  switch (item.table) {
    case 'messages':
      yield* run(
        `INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason, read_at)
         VALUES (@id, @receivedAt, @appName, @firstName, @lastName, @email, @message, @spam, @spamReason, @readAt)`,
        item.row,
      );
      return;
    case 'outbox':
      yield* run(
        `INSERT INTO outbox (message_id, state, queued_at, next_attempt_at, attempts, lease_owner,
           lease_until, last_attempt_at, last_error, sent_at, smtp_response)
         VALUES (@messageId, @state, @queuedAt, @nextAttemptAt, @attempts, @leaseOwner,
           @leaseUntil, @lastAttemptAt, @lastError, @sentAt, @smtpResponse)`,
        item.row,
      );
      return;
    case 'delivery_attempts':
      yield* run(
        `INSERT INTO delivery_attempts (message_id, attempt, started_at, finished_at, outcome, detail)
         VALUES (@messageId, @attempt, @startedAt, @finishedAt, @outcome, @detail)`,
        item.row,
      );
      return;
    case 'idempotency_keys':
      yield* run(
        'INSERT INTO idempotency_keys (key, message_id, created_at) VALUES (@key, @messageId, @createdAt)',
        item.row,
      );
      return;
    case 'meta':
      yield* run(
        `INSERT INTO meta (key, value) VALUES (@key, @value)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        item.row,
      );
      return;
    case 'visit_counts':
      yield* run(
        `INSERT INTO visit_counts (day, dimension, key, detail, hits, visitors)
         VALUES (@day, @dimension, @key, @detail, @hits, @visitors)`,
        item.row,
      );
      return;
    case 'owner_passkeys':
      yield* insertPasskey(item.row);
      return;
    case 'owner_audit':
      yield* insertAudit(item.row);
      return;
    case 'notifications':
      yield* run(
        `INSERT INTO notifications (id, kind, message_id, detail, created_at, state,
           next_attempt_at, attempts, lease_owner, lease_until, last_error)
         VALUES (@id, @kind, @messageId, @detail, @createdAt, @state, @nextAttemptAt, @attempts,
           @leaseOwner, @leaseUntil, @lastError)`,
        item.row,
      );
  }
}
