/**
 * Accepting a group on PostgreSQL: the store's accept operation (server/intake/repository.ts)
 * run inside the database as one statement, `feedback_accept` (migration 0005; push
 * notifications since 0007; the message's row, column by column, since 0008; its mail and notification as jobs since 0010), because
 * sent one statement at a time it holds the accept lock across several round trips: with
 * three instances under load, 2,787 requests a second against 6,114 for the function
 * (`npm run bench:api -- --store postgres --instances 3`). Ids are made here, and the key
 * lifetime is the store's own constant.
 */
import type pg from 'pg';
import { newMessageId } from '../ids.ts';
import { newMessageRow } from '../tables.ts';
import { IDEMPOTENCY_TTL_MS, type AcceptResult, type NewFeedback } from '../../intake/types.ts';

export async function acceptInDatabase(
  pool: pg.Pool,
  items: readonly NewFeedback[],
): Promise<AcceptResult[]> {
  const payload = items.map((item) => {
    const id = newMessageId(item.receivedAt);
    return {
      id,
      row: newMessageRow(id, item),
      receivedAt: item.receivedAt,
      spam: item.spam,
      ...(item.idempotencyKey === undefined ? {} : { idempotencyKey: item.idempotencyKey }),
      notify: item.notify === true,
      caps: (item.caps ?? []).filter((cap) => cap.max > 0),
    };
  });
  const { rows } = await pool.query<{
    outcome: 'stored' | 'replayed' | 'capped';
    id: string | null;
    cap_key: string | null;
    retry_at: number | null;
  }>('SELECT * FROM feedback_accept($1::jsonb, $2) ORDER BY item_index', [
    JSON.stringify(payload),
    IDEMPOTENCY_TTL_MS,
  ]);
  return rows.map((row): AcceptResult =>
    row.outcome === 'capped'
      ? { kind: 'capped', key: row.cap_key ?? '', retryAt: row.retry_at ?? 0 }
      : { kind: row.outcome, id: row.id ?? '' },
  );
}
