/**
 * The benchmarks' budgets, read from bench/budgets.json (the one place they live), and the
 * table that sets each measured figure beside its budget.
 *
 * A figure is a number under an id: a budget's key (`server.page.p99`), or for a budget kept
 * per page, its key and the page's path (`lighthouse.mobile.lcp /projects`). Each benchmark
 * writes the figures it measured to `bench/results/<name>.json` under `figures`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const BudgetSchema = z
  .strictObject({
    /** What the figure is, in words, for the table. */
    label: z.string().min(1),
    /** The figure's unit: `bytes`, `ms`, `score` (0 to 100), `req/s`, `rows`, or `` for none. */
    unit: z.enum(['bytes', 'ms', 'score', 'req/s', 'rows', '']),
    /** The figure meets the budget when it is at least this… */
    min: z.number().optional(),
    /** …or when it is at most this. */
    max: z.number().optional(),
    /**
     * Neither: a figure kept in the table to show change, with no budget (yet); the table
     * says so, and only its absence misses.
     */
    tracked: z.literal(true).optional(),
    /** Kept for every page of `pages`, each its own figure. */
    perPage: z.boolean().default(false),
    /**
     * For a per-page budget, a page held to a limit of its own, in the budget's direction,
     * with the reason in words: the table shows both.
     */
    except: z
      .record(
        z.string().startsWith('/'),
        z.strictObject({ limit: z.number(), because: z.string().min(1) }),
      )
      .optional(),
  })
  .refine(
    (budget) =>
      [budget.min, budget.max, budget.tracked].filter((value) => value !== undefined).length === 1,
    { message: 'a budget has exactly one of min, max and tracked' },
  )
  .refine((budget) => budget.except === undefined || (budget.perPage && !budget.tracked), {
    message: 'only a per-page budget with a limit can hold a page to a limit of its own',
  });

export const BudgetFileSchema = z
  .strictObject({
    /** The pages that per-page budgets are kept for, by path, each with its name. */
    pages: z.record(z.string().startsWith('/'), z.string().min(1)),
    budgets: z.record(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/), BudgetSchema),
  })
  .superRefine(({ pages, budgets }, context) => {
    for (const [key, budget] of Object.entries(budgets)) {
      for (const path of Object.keys(budget.except ?? {})) {
        if (path in pages) continue;
        context.addIssue({
          code: 'custom',
          path: ['budgets', key, 'except', path],
          message: `${path} is not one of the budget pages`,
        });
      }
    }
  });
export type BudgetFile = z.infer<typeof BudgetFileSchema>;

export const BUDGETS_FILE = new URL('budgets.json', import.meta.url);

/** bench/budgets.json, checked; a bad entry fails with its key. */
export function readBudgets(file: URL | string = BUDGETS_FILE): BudgetFile {
  const parsed = BudgetFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`${String(file)} is not a valid budget file:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** One budget as the table has it: a figure's id, its limit and which way it must go. */
export interface Limit {
  id: string;
  label: string;
  /** The page's name, for a per-page budget. */
  page?: string;
  unit: string;
  direction: 'min' | 'max' | 'tracked';
  limit: number;
  /** Why this page is held to a limit of its own, where it is. */
  because?: string;
}

/** Every budget of the file, a per-page one expanded to one limit per page, in file order. */
export function limits({ pages, budgets }: BudgetFile): Limit[] {
  return Object.entries(budgets).flatMap(([key, budget]) => {
    const direction =
      budget.tracked === true ? 'tracked' : budget.min === undefined ? 'max' : 'min';
    const limit = budget.min ?? budget.max ?? 0;
    const base = { label: budget.label, unit: budget.unit, direction, limit } as const;
    if (!budget.perPage) return [{ id: key, ...base }];
    return Object.entries(pages).map(([path, page]) => {
      const own = budget.except?.[path];
      const limit = { id: `${key} ${path}`, page, ...base };
      return own ? { ...limit, limit: own.limit, because: own.because } : limit;
    });
  });
}

/** The id of a per-page figure. */
export function pageFigure(key: string, path: string): string {
  return `${key} ${path}`;
}

export type Figures = Record<string, number>;

export interface Row extends Limit {
  /** The measured figure; `null` when nothing measured it, which misses the budget. */
  value: number | null;
  met: boolean;
}

/** Each limit beside its figure: met when the figure lies on the budget's side of the limit. */
export function compare(wanted: Limit[], figures: Figures): Row[] {
  return wanted.map((limit) => {
    const measured = figures[limit.id];
    const value = measured === undefined || !Number.isFinite(measured) ? null : measured;
    const met =
      value !== null &&
      (limit.direction === 'tracked' ||
        (limit.direction === 'min' ? value >= limit.limit : value <= limit.limit));
    return { ...limit, value, met };
  });
}

function format(value: number, unit: string): string {
  switch (unit) {
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB (${Math.round(value).toLocaleString('en-US')} B)`;
    case 'ms':
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ms`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case '':
      return String(Number(value.toFixed(3)));
    default:
      return `${value}${unit === 'score' ? '' : ` ${unit}`}`;
  }
}

/** The budget as read: `≤ 130.0 KB`, `≥ 100`. */
export function describeLimit({ direction, limit, unit }: Limit): string {
  if (direction === 'tracked') return 'none (tracked)';
  return `${direction === 'min' ? '≥' : '≤'} ${format(limit, unit)}`;
}

/** A limit as the table shows it: marked `*` where the page has a limit of its own. */
function budgetCell(row: Row): string {
  return `${describeLimit(row)}${row.because === undefined ? '' : ' *'}`;
}

function status(row: Row): string {
  if (!row.met) return '**missed**';
  return row.direction === 'tracked' ? 'tracked' : 'met';
}

/** The table in Markdown: figure, page, measured, budget, met or missed; then a count. */
export function renderTable(rows: Row[]): string {
  const lines = [
    '| Figure | Page | Measured | Budget | |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.page ?? ''} | ${row.value === null ? 'not measured' : format(row.value, row.unit)} | ${budgetCell(row)} | ${status(row)} |`,
    ),
  ];
  const own = rows.filter((row) => row.because !== undefined);
  if (own.length > 0) {
    lines.push('', ...own.map((row) => `\\* ${row.page ?? row.id}, ${row.label}: ${row.because}`));
  }
  const missed = rows.filter((row) => !row.met).length;
  const tracked = rows.filter((row) => row.direction === 'tracked').length;
  const budgets = rows.length - tracked;
  lines.push(
    '',
    (missed === 0 ? `All ${budgets} budgets met.` : `${missed} of ${rows.length} figures missed.`) +
      (tracked > 0 ? ` ${tracked} tracked without a budget.` : ''),
  );
  return `${lines.join('\n')}\n`;
}

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
