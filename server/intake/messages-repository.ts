/** Reading messages with their delivery: what the outbox, the owner and retries share. */
import { SELECT_MESSAGE, toMessage, type MessageRow } from '../store/rows.ts';
import { all, dialect, type Plan } from '../store/sql/plan.ts';
import type { StoredMessage } from './types.ts';
import type { FindResult } from '../owner/types.ts';

/** Messages by id, with their delivery. */
export function* messagesById(ids: readonly string[]): Plan<Map<string, StoredMessage>> {
  if (ids.length === 0) return new Map();
  const d = yield* dialect();
  const rows = yield* all<MessageRow>(`${SELECT_MESSAGE} WHERE ${d.inList('m.id', 'ids')}`, {
    ids,
  });
  return new Map(rows.map((row) => [row.id, toMessage(row)]));
}

export function* messageById(id: string): Plan<StoredMessage | undefined> {
  const [row] = yield* all<MessageRow>(`${SELECT_MESSAGE} WHERE m.id = @id`, { id });
  return row && toMessage(row);
}

/** A message by its full id, or by a prefix of at least 4 characters that one id has. */
export function* find(idOrPrefix: string): Plan<FindResult> {
  const exact = yield* messageById(idOrPrefix);
  if (exact) return exact;
  if (idOrPrefix.length < 4) return undefined;
  const matches = (yield* all<MessageRow>(
    `${SELECT_MESSAGE} WHERE m.id >= @prefix ORDER BY m.id LIMIT 20`,
    { prefix: idOrPrefix },
  )).filter((row) => row.id.startsWith(idOrPrefix));
  const [first, ...rest] = matches;
  if (!first) return undefined;
  if (rest.length > 0) return { ambiguous: matches.map((row) => row.id) };
  return toMessage(first);
}
