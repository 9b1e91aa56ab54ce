/**
 * Copying a whole store between engines: every row out, a page at a time, parents before
 * children; and into a store that must be empty, row by row, in one transaction.
 */
import { META } from '../rows.ts';
import { all, lock, one, run, type Plan } from '../sql/plan.ts';
import type { StoreConnection } from '../connection.ts';
import { StoreSettingsError } from '../errors.ts';
import {
  columnsOf,
  COPIED_TABLES,
  recordOf,
  rowOf,
  type RecordTable,
  type StoreRow,
} from '../tables.ts';

type Row = Record<string, unknown>;

/** A row of the copy, as a record of its table. */
export function recordRow(table: RecordTable, row: Row): StoreRow {
  return { table: table.name, row: recordOf(table, row) } as StoreRow;
}

/**
 * The rows of a table after `after` (the key of the last row read), at most `limit`. The
 * readiness probe's meta row stays.
 */
export function* page(copy: RecordTable, after: Row | undefined, limit: number): Plan<Row[]> {
  const conditions = [copy.name === 'meta' ? 'key <> @probe' : 'TRUE'];
  const params: Record<string, unknown> = {
    limit,
    ...(copy.name === 'meta' ? { probe: META.probe } : {}),
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
    `SELECT * FROM ${copy.name} WHERE ${conditions.join(' AND ')}
     ORDER BY ${copy.key.join(', ')} LIMIT @limit`,
    params,
  );
}

/** True when the store holds no message, no job and no key. */
export function* isEmpty(): Plan<boolean> {
  const row = yield* one<{ n: number }>(
    `SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM jobs)
          + (SELECT count(*) FROM idempotency_keys) AS n`,
  );
  return (row?.n ?? 0) === 0;
}

/** Starts a copy into this store: no other writer until it commits; false when not empty. */
export function* beginCopy(): Plan<boolean> {
  yield* lock('copy');
  return yield* isEmpty();
}

/**
 * Writes one row of a copy. The meta rows may be there already (an instance started on the
 * empty store wrote its own), and the copy's win.
 */
export function* insertRow(item: StoreRow): Plan<void> {
  const table = COPIED_TABLES.find((candidate) => candidate.name === item.table);
  if (!table) throw new Error(`No table ${item.table} to copy into`);
  const columns = columnsOf(table);
  const row = rowOf(table, item.row);
  const upsert =
    item.table === 'meta'
      ? ` ON CONFLICT (${table.key.join(', ')}) DO UPDATE SET ${columns
          .filter((column) => !table.key.includes(column))
          .map((column) => `${column} = excluded.${column}`)
          .join(', ')}`
      : '';
  yield* run(
    `INSERT INTO ${table.name} (${columns.join(', ')})
     VALUES (${columns.map((column) => `@${column}`).join(', ')})${upsert}`,
    row,
  );
}

/** Rows copied out per query. */
const COPY_PAGE = 1000;

/** Copying a whole store: every row out of one, into another that is empty. */
export interface StoreTransfer {
  /** Every row, parents before children. */
  rows(): AsyncIterable<StoreRow>;
  /** True when the store holds no message, no job and no key. */
  isEmpty(): Promise<boolean>;
  /** Writes every row in one transaction; refuses (StoreSettingsError) a store not empty. */
  load(rows: AsyncIterable<StoreRow>): Promise<Record<StoreRow['table'], number>>;
}

export function storeTransfer(c: StoreConnection): StoreTransfer {
  return {
    async *rows() {
      for (const table of COPIED_TABLES) {
        let after: Record<string, unknown> | undefined;
        for (;;) {
          const rows = await c.read(page(table, after, COPY_PAGE));
          for (const row of rows) yield recordRow(table, row);
          after = rows.at(-1);
          if (!after || rows.length < COPY_PAGE) break;
        }
      }
    },
    isEmpty: () => c.read(isEmpty()),
    load: (rows) =>
      c.transaction(async (exec) => {
        if (!(await exec(beginCopy()))) {
          throw new StoreSettingsError(
            'The target store already holds messages; copy into an empty one.',
          );
        }
        const loaded = Object.fromEntries(COPIED_TABLES.map((table) => [table.name, 0])) as Record<
          StoreRow['table'],
          number
        >;
        for await (const item of rows) {
          await exec(insertRow(item));
          loaded[item.table] += 1;
        }
        return loaded;
      }),
  };
}
