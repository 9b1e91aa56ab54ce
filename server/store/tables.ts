/**
 * The store's tables, each named here once, and what every task over the whole store does
 * with it: a copy between engines moves and locks the tables that hold records, in this
 * order (parents first); reclaiming space rewrites those that may hold a sender's words or
 * address. For each table a copy moves, the record's fields and how each is stored: a
 * field's column is its name in snake case (`receivedAt` is `received_at`). The record type
 * (each feature's `types.ts`) and these columns are checked against each other by the compiler, so a field
 * added to one is added to the other.
 */
import { formFieldsOf } from '../../common/feedback.ts';
import type { MessageRecord, NewFeedback } from '../intake/types.ts';
import type { JobRecord } from '../jobs/types.ts';
import type { AttemptRecord } from '../mail/types.ts';
import type { AuditEntry, Passkey } from '../owner/types.ts';
import type { VisitCountRecord } from '../visits/types.ts';

/** One row of any table, for copying a whole store from one engine to another. */
export type StoreRow =
  | { table: 'messages'; row: MessageRecord }
  | { table: 'jobs'; row: JobRecord }
  | { table: 'delivery_attempts'; row: AttemptRecord }
  | { table: 'idempotency_keys'; row: { key: string; messageId: string; createdAt: number } }
  | { table: 'meta'; row: { key: string; value: string } }
  | { table: 'visit_counts'; row: VisitCountRecord }
  | { table: 'owner_passkeys'; row: Passkey }
  | { table: 'owner_audit'; row: AuditEntry };

/** How a field is stored: as it is, as a boolean (0/1 in SQLite), as a JSON list. */
type Kind = 'value' | 'boolean' | 'list';

type RowOf<T extends StoreRow['table']> = Extract<StoreRow, { table: T }>['row'];

/** A record's fields, each with how it is stored. */
type Fields<R> = { readonly [K in keyof R]-?: Kind };

export interface RecordTable<T extends StoreRow['table'] = StoreRow['table']> {
  readonly name: T;
  /** The columns that order its rows: a copy reads it a page at a time in that order. */
  readonly key: readonly string[];
  readonly fields: Fields<RowOf<T>>;
}

export interface StoreTable {
  readonly name: string;
  /** Its rows as records, moved by a copy between engines; none: it is not copied. */
  readonly records?: RecordTable;
  /** Whether it may hold a sender's words or address: rewritten when space is reclaimed. */
  readonly visitorText: boolean;
}

/** A table of records, its fields checked against the record type of `StoreRow`. */
function records<T extends StoreRow['table']>(
  name: T,
  key: readonly string[],
  fields: Fields<RowOf<T>>,
): RecordTable<T> {
  return { name, key, fields };
}

export const MESSAGES = records('messages', ['id'], {
  id: 'value',
  receivedAt: 'value',
  appName: 'value',
  firstName: 'value',
  lastName: 'value',
  email: 'value',
  message: 'value',
  spam: 'boolean',
  spamReason: 'value',
  readAt: 'value',
  language: 'value',
});

/** A new message's row, as both engines store it when they accept it. */
export function newMessageRow(id: string, item: NewFeedback): Record<string, unknown> {
  const record: MessageRecord = {
    id,
    receivedAt: item.receivedAt,
    appName: item.appName,
    ...formFieldsOf((field) => item[field]),
    spam: item.spam,
    spamReason: item.spam ? (item.spamReason ?? 'honeypot') : null,
    readAt: null,
    language: item.language ?? null,
  };
  return rowOf(MESSAGES, record);
}

export const JOBS = records('jobs', ['kind', 'id'], {
  kind: 'value',
  id: 'value',
  messageId: 'value',
  detail: 'value',
  state: 'value',
  queuedAt: 'value',
  nextAttemptAt: 'value',
  attempts: 'value',
  leaseHolder: 'value',
  leaseUntil: 'value',
  lastAttemptAt: 'value',
  lastError: 'value',
  sentAt: 'value',
  response: 'value',
});

export const DELIVERY_ATTEMPTS = records('delivery_attempts', ['message_id', 'attempt'], {
  messageId: 'value',
  attempt: 'value',
  startedAt: 'value',
  finishedAt: 'value',
  outcome: 'value',
  detail: 'value',
});

export const OWNER_PASSKEYS = records('owner_passkeys', ['id'], {
  id: 'value',
  publicKey: 'value',
  counter: 'value',
  transports: 'list',
  name: 'value',
  createdAt: 'value',
  lastUsedAt: 'value',
});

export const OWNER_AUDIT = records('owner_audit', ['id'], {
  id: 'value',
  at: 'value',
  action: 'value',
  detail: 'value',
  address: 'value',
});

/**
 * Every table, parents first. The readiness probe's meta row is not copied (the copy skips
 * it), nor what lives for a day or a sign-in only: the caps' entries, the owner's sessions
 * and one-time links (the owner signs in again), and what the visit counters keep for the
 * day (its seen digests, the instances' keys and the salt's shares, which no other
 * instance could open).
 */
export const STORE_TABLES: readonly StoreTable[] = [
  { name: 'messages', records: MESSAGES, visitorText: true },
  { name: 'jobs', records: JOBS, visitorText: true },
  { name: 'delivery_attempts', records: DELIVERY_ATTEMPTS, visitorText: true },
  {
    name: 'idempotency_keys',
    records: records('idempotency_keys', ['key'], {
      key: 'value',
      messageId: 'value',
      createdAt: 'value',
    }),
    visitorText: true,
  },
  { name: 'acceptance_slots', visitorText: true },
  {
    name: 'meta',
    records: records('meta', ['key'], { key: 'value', value: 'value' }),
    visitorText: false,
  },
  {
    name: 'visit_counts',
    records: records('visit_counts', ['day', 'dimension', 'key', 'detail'], {
      day: 'value',
      dimension: 'value',
      key: 'value',
      detail: 'value',
      hits: 'value',
      visitors: 'value',
    }),
    visitorText: false,
  },
  { name: 'visit_seen', visitorText: false },
  { name: 'visit_instances', visitorText: false },
  { name: 'visit_salt_shares', visitorText: false },
  { name: 'owner_passkeys', records: OWNER_PASSKEYS, visitorText: false },
  { name: 'owner_sessions', visitorText: false },
  { name: 'owner_tickets', visitorText: false },
  { name: 'owner_audit', records: OWNER_AUDIT, visitorText: true },
];

/** The tables a copy moves, in its order: parents first. */
export const COPIED_TABLES: readonly RecordTable[] = STORE_TABLES.flatMap((table) =>
  table.records ? [table.records] : [],
);

/** The names of the tables that `pick` keeps, for a statement over several (`a, b, c`). */
export function tableNames(pick: (table: StoreTable) => boolean): string {
  return STORE_TABLES.filter(pick)
    .map((table) => table.name)
    .join(', ');
}

/** A field's column: its name in snake case. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Each field of a table with its column and kind, worked out once per table. */
const layouts = new WeakMap<object, readonly (readonly [string, string, Kind])[]>();

function layoutOf(table: {
  readonly fields: Readonly<Record<string, Kind>>;
}): readonly (readonly [string, string, Kind])[] {
  let layout = layouts.get(table);
  if (!layout) {
    layout = Object.entries<Kind>(table.fields).map(
      ([field, kind]) => [field, columnOf(field), kind] as const,
    );
    layouts.set(table, layout);
  }
  return layout;
}

/** The table's columns, in the order of its fields. */
export function columnsOf(table: RecordTable): string[] {
  return layoutOf(table).map(([, column]) => column);
}

/** A row as the driver returns it: column names, values of SQL types. */
type Row = Record<string, unknown>;

/** A row of the table as its record: the same from either engine. */
export function recordOf<T extends StoreRow['table']>(table: RecordTable<T>, row: Row): RowOf<T> {
  const record: Row = {};
  for (const [field, column, kind] of layoutOf(table)) {
    const value = row[column];
    record[field] =
      kind === 'boolean'
        ? value === 1 || value === true
        : kind === 'list'
          ? parseList(value)
          : value;
  }
  return record as RowOf<T>;
}

/** A record as the table's row: its columns' values, ready to bind. */
export function rowOf<T extends StoreRow['table']>(table: RecordTable<T>, record: RowOf<T>): Row {
  const row: Row = {};
  for (const [field, column, kind] of layoutOf(table)) {
    const value = (record as Row)[field];
    row[column] = kind === 'list' ? JSON.stringify(value ?? []) : (value ?? null);
  }
  return row;
}

/** A JSON array of strings as stored (a passkey's transports); anything else is none. */
function parseList(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
