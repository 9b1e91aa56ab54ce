/**
 * `npm run bench`: builds the site when there is no build, runs every benchmark, and ends with
 * one table: every figure beside its budget from bench/budgets.json, each met or missed. Writes
 * the table (Markdown) to bench/results/table.md and the figures to bench/results/figures.json;
 * exits non-zero when a budget is missed or a benchmark fails.
 *
 * `npm run bench -- --quick`: the subset that takes under two minutes (sizes, home's weight,
 * short load tests, one Lighthouse run of home), to bench/results/quick-table.md and
 * quick-figures.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compare, limits, readBudgets, renderTable, type Figures, type Limit } from './budgets.ts';
import { machine, RESULTS_DIR } from './results.ts';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const quick = values.quick;

interface Step {
  /** The benchmark's results file and the prefix of its figures. */
  name: string;
  /** Its arguments in the quick run; `null` leaves it out of the quick run. */
  quickArgs: string[] | null;
  /** Which of its budgets the quick run measures; default all of its prefix. */
  quickCovers?: (limit: Limit) => boolean;
}

const homeOnly = (limit: Limit) => limit.id.endsWith(' /') || !limit.id.includes(' ');
const STEPS: Step[] = [
  { name: 'bundle', quickArgs: [] },
  { name: 'weight', quickArgs: ['/'] },
  { name: 'server', quickArgs: ['--duration', '3'] },
  { name: 'api', quickArgs: ['--duration', '5'] },
  { name: 'visits', quickArgs: ['--duration', '5'] },
  {
    name: 'lighthouse',
    quickArgs: ['--quick'],
    quickCovers: (limit) => limit.id.startsWith('lighthouse.mobile.') && homeOnly(limit),
  },
  // Taps at first sight on a throttled phone and desktop: several minutes, out of the quick run.
  { name: 'first-tap', quickArgs: null },
  // The animated background's frame rates: figures of this renderer, with no budget.
  { name: '3d', quickArgs: null },
];

function npm(args: string[]): number {
  return spawnSync('npm', args, { stdio: 'inherit' }).status ?? 1;
}

function figuresOf(name: string, since: Date): Figures {
  const file = new URL(`${name}.json`, RESULTS_DIR);
  if (!existsSync(file)) return {};
  const results = JSON.parse(readFileSync(file, 'utf8')) as {
    measuredAt?: string;
    figures?: Figures;
  };
  // A results file this run did not write holds no figure of this run.
  if (!results.measuredAt || new Date(results.measuredAt) < since) return {};
  return results.figures ?? {};
}

/** The commit measured, marked when the files differ from it (the results themselves aside). */
function commit(): string {
  const run = (args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
  const head = run(['rev-parse', '--short', 'HEAD']) || 'unknown';
  const changed = run([
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    ':(top)',
    ':(top,exclude)bench/results',
  ]);
  return changed ? `${head} + changes` : head;
}

const started = new Date();
const loadBefore = machine().loadAverage;
if (!existsSync('build/site.json') && npm(['run', 'build']) !== 0) process.exit(1);

const budgets = limits(readBudgets());
const figures: Figures = {};
const wanted: Limit[] = [];
const failed: string[] = [];
for (const step of STEPS) {
  if (quick && step.quickArgs === null) continue;
  const args = quick ? (step.quickArgs ?? []) : [];
  console.log(`\n━━ npm run bench:${step.name}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`);
  const since = new Date();
  const status = npm([
    'run',
    '--silent',
    `bench:${step.name}`,
    ...(args.length > 0 ? ['--', ...args] : []),
  ]);
  const stepFigures = figuresOf(step.name, since);
  Object.assign(figures, stepFigures);
  const own = budgets.filter((limit) => limit.id.startsWith(`${step.name}.`));
  wanted.push(...(quick && step.quickCovers ? own.filter(step.quickCovers) : own));
  // A missed budget exits non-zero too: only a benchmark that wrote no figures failed.
  if (status !== 0 && Object.keys(stepFigures).length === 0) {
    failed.push(`bench:${step.name} (exit ${status})`);
  }
}
// Budgets in order of the budget file.
const rows = compare(
  budgets.filter((limit) => wanted.includes(limit)),
  figures,
);
const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const after = machine();
const table = [
  `# Benchmarks${quick ? ' (quick)' : ''}`,
  '',
  `Measured ${started.toISOString()} in ${seconds} s, commit ${commit()}, Node ${after.node}, ` +
    `${after.cpus} × ${after.cpuModel}; load average ${loadBefore[0]} before, ${after.loadAverage[0]} after ` +
    '(other work on the machine shows in every timing).',
  '',
  renderTable(rows).trimEnd(),
  ...(failed.length > 0 ? ['', `Failed: ${failed.join(', ')}.`] : []),
  '',
].join('\n');

const prefix = quick ? 'quick-' : '';
writeFileSync(new URL(`${prefix}table.md`, RESULTS_DIR), table);
writeFileSync(
  new URL(`${prefix}figures.json`, RESULTS_DIR),
  `${JSON.stringify({ measuredAt: started.toISOString(), quick, seconds, machine: after, figures, rows }, null, 2)}\n`,
);
console.log(`\n${table}\n→ bench/results/${prefix}table.md, bench/results/${prefix}figures.json`);
process.exit(rows.every((row) => row.met) && failed.length === 0 ? 0 : 1);
