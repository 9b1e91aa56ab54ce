/** Inserting many rows: a group of any size costs a few statements, whatever the engine. */
import { run, type Plan } from '../sql/plan.ts';

/** Rows per INSERT. */
const ROWS_PER_INSERT = 50;

/**
 * The rows in slices of ROWS_PER_INSERT, each as the `VALUES` list of its columns with its
 * parameters: `(@day0, @key0), (@day1, @key1)…`.
 */
export function valueLists(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): { values: string; params: Record<string, unknown>; rows: Record<string, unknown>[] }[] {
  const lists = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const slice = rows.slice(start, start + ROWS_PER_INSERT);
    const params: Record<string, unknown> = {};
    const values = slice.map((row, index) => {
      const names = columns.map((column) => {
        params[`${column}${index}`] = row[column];
        return `@${column}${index}`;
      });
      return `(${names.join(', ')})`;
    });
    lists.push({ values: values.join(', '), params, rows: slice });
  }
  return lists;
}

/** Inserts rows (keyed by column) in statements of many rows each. */
export function* insertRows(
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Plan<void> {
  for (const { values, params } of valueLists(columns, rows)) {
    yield* run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, params);
  }
}
