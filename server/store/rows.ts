/**
 * What both engines share: the tables' columns as read back, and the SQL that reads a
 * message with its delivery and orders the due messages.
 */
import { columnsOf, MESSAGES, recordOf } from './tables.ts';
import type { DeliveryState, MessageStatus, StoredMessage } from '../intake/types.ts';
import type { DeliveryPause } from '../mail/types.ts';

/** A message's delivery, read beside it from its mail job (spam has none). */
interface DeliveryRow {
  state: DeliveryState | null;
  attempts: number | null;
  queued_at: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_error: string | null;
  sent_at: number | null;
  lease_until: number | null;
}

const DELIVERY_COLUMNS: readonly (keyof DeliveryRow)[] = [
  'state',
  'attempts',
  'queued_at',
  'next_attempt_at',
  'last_attempt_at',
  'last_error',
  'sent_at',
  'lease_until',
];

/** A message's row as SELECT_MESSAGE reads it: the messages' columns, then its delivery's. */
export type MessageRow = { id: string } & Record<string, unknown> & DeliveryRow;

/** A message and its delivery; append WHERE, ORDER BY. */
export const SELECT_MESSAGE = `
  SELECT ${[
    ...columnsOf(MESSAGES).map((column) => `m.${column}`),
    ...DELIVERY_COLUMNS.map((column) => `o.${column}`),
  ].join(', ')}
  FROM messages m LEFT JOIN jobs o ON o.kind = 'mail' AND o.id = m.id`;

export function toMessage(row: MessageRow): StoredMessage {
  const record = recordOf(MESSAGES, row);
  return {
    ...record,
    spamReason: record.spam ? (record.spamReason ?? 'honeypot') : null,
    // Spam has no mail job. Any other message always has one; were it ever missing, it
    // shows as dead, the status the owner is told to look at.
    status: row.state ?? (record.spam ? 'spam' : 'dead'),
    attempts: row.attempts ?? 0,
    queuedAt: row.queued_at,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    leaseUntil: row.lease_until,
  };
}

/** The SQL condition for a status, on the SELECT_MESSAGE aliases. */
export function statusCondition(status: MessageStatus): string {
  return status === 'spam' ? 'o.state IS NULL AND m.spam = TRUE' : `o.state = '${status}'`;
}

/**
 * The SQL condition of a search, on the SELECT_MESSAGE aliases: every word in the sender's
 * name, address or text, in any case; the words are the parameters `@word0`, `@word1`…,
 * each a LIKE pattern (searchWords).
 */
export function searchCondition(count: number): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `lower(m.first_name || ' ' || m.last_name || ' ' || m.email || ' ' || m.message) LIKE @word${index} ESCAPE '\\'`,
  ).join(' AND ');
}

/** A search's words as LIKE patterns, lowercased, their wildcards escaped; 8 at most. */
export function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
}

/** The meta keys. */
export const META = {
  pause: 'delivery_pause',
  probe: 'ready_probe',
  /** Kept by older versions; forgotten at start. */
  keySalt: 'cap_key_salt',
} as const;

/** A stored pause of delivery; a damaged value counts as one due to be tried again. */
export function parsePause(value: string | undefined): DeliveryPause | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as { reason?: unknown; since?: unknown; retryAt?: unknown };
    if (
      typeof parsed.reason === 'string' &&
      typeof parsed.since === 'number' &&
      typeof parsed.retryAt === 'number'
    ) {
      return { reason: parsed.reason, since: parsed.since, retryAt: parsed.retryAt };
    }
  } catch {
    // Falls through to the damaged value's pause.
  }
  return { reason: 'unknown', since: 0, retryAt: 0 };
}
