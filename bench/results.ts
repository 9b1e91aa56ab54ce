/**
 * How a benchmark ends: it writes its raw results with its figures to
 * `bench/results/<name>.json`, prints its budgets beside what it measured, and exits non-zero
 * when one is missed. `npm run bench` reads the same files for the table of every figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { compare, limits, readBudgets, renderTable, type Figures, type Limit } from './budgets.ts';

export const RESULTS_DIR = new URL('results/', import.meta.url);

/** The machine the figures were measured on, with how busy it was. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

export interface Finish {
  /** The benchmark's name: its results file, and the prefix of its figures' ids. */
  name: string;
  figures: Figures;
  /** Everything else it measured, kept in the results file. */
  details: object;
  /** Which of its budgets this run measures; default every budget of its prefix. */
  covers?: (limit: Limit) => boolean;
}

export function finish({ name, figures, details, covers }: Finish): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    new URL(`${name}.json`, RESULTS_DIR),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), figures, ...details }, null, 2)}\n`,
  );
  const wanted = limits(readBudgets()).filter(
    covers ?? ((limit) => limit.id.startsWith(`${name}.`)),
  );
  const rows = compare(wanted, figures);
  console.log(`\n${renderTable(rows)}→ bench/results/${name}.json`);
  if (rows.some((row) => !row.met)) process.exitCode = 1;
}
