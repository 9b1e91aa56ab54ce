/**
 * The one Lighthouse runner of the benchmarks: Lighthouse (mobile or desktop preset, its
 * default simulated throttling) on one address, in a fresh Chromium started by Playwright with
 * a debugging port for Lighthouse, so a script can be installed in every page before the
 * site's own.
 *
 * Each run is audited twice from what it gathered: as Lighthouse reports it, from the trace's
 * wall-clock task times, and from the same trace with each main-thread task as long as the
 * thread's own processor time in it (`bench/thread-time.ts`), so that time the renderer spent
 * waiting for a shared processor is not slowed down into blocking time the page never caused.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import {
  blockingByScript,
  type BlockingByScript,
  type LongTask,
  type ScriptTime,
} from './blocking.ts';
import { toThreadTime, type ThreadTimeSummary, type TraceEvent } from './thread-time.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Preset = 'mobile' | 'desktop';

export interface LighthouseResult {
  /** Each category's score, 0 to 100. */
  scores: Partial<Record<Category, number>>;
  metrics: {
    fcpMs: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
    speedIndexMs: number;
    transferBytes: number;
  };
  /** The total blocking time split by the script each long task is attributed to. */
  blocking: BlockingByScript[];
  /**
   * Why Lighthouse could not measure the page in this run (its `runtimeError`, or a category
   * it could not score): such a run has no figures to keep.
   */
  failure?: string;
}

export interface LighthouseOptions {
  /** The categories to score; default all four. */
  categories?: readonly Category[];
  /** Lighthouse's mobile (default) or desktop preset. */
  preset?: Preset;
  /** Runs in every page before its own scripts, e.g. to set a test hook. */
  initScript?: () => void;
}

/** One run: Lighthouse's report, and the same run audited on the main thread's own time. */
export interface LighthouseRun extends LighthouseResult {
  threadTime: LighthouseResult & { shrunk: ThreadTimeSummary };
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** The figures of one Lighthouse report. */
function resultOf(
  { lhr }: RunnerResult,
  categories: readonly Category[],
  origin: string,
): LighthouseResult {
  const { categories: scored, audits, runtimeError } = lhr;
  const unscored = categories.filter((category) => typeof scored[category]?.score !== 'number');
  const failure = runtimeError
    ? `${runtimeError.code}: ${runtimeError.message}`
    : unscored.length > 0
      ? `no score for ${unscored.join(', ')}`
      : undefined;
  const metric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  // The long-tasks audit keeps every long task, with its attributed script, in its debug data.
  const debugData = audits['long-tasks']?.details?.debugData as
    { urls?: string[]; tasks?: LongTask[] } | undefined;
  const metrics = {
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    speedIndexMs: metric('speed-index'),
    transferBytes: metric('total-byte-weight'),
  };
  return {
    scores: Object.fromEntries(
      categories.map((category) => [category, Math.round((scored[category]?.score ?? 0) * 100)]),
    ),
    metrics,
    blocking: blockingByScript(
      (debugData?.urls ?? []).map((url) => url.replace(origin, '')),
      debugData?.tasks ?? [],
      {
        fcpMs: audits['first-contentful-paint']?.numericValue ?? 0,
        interactiveMs: audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY,
        tbtMs: metrics.tbtMs,
      },
      (audits['bootup-time']?.details as { items?: ScriptTime[] } | undefined)?.items?.map(
        (item) => ({ ...item, url: item.url.replace(origin, '') }),
      ),
    ),
    ...(failure ? { failure } : {}),
  };
}

export async function runLighthouse(
  url: string,
  { categories = CATEGORIES, preset = 'mobile', initScript }: LighthouseOptions = {},
): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  // What Lighthouse gathered (trace, network log, the other artifacts), audited twice.
  const artifacts = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-artifacts-'));
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const flags = {
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: [...categories],
  };
  const { origin } = new URL(url);
  try {
    const browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      args: [...chromiumArgs, '--remote-debugging-port=0'],
    });
    let gathered: RunnerResult | undefined;
    try {
      if (initScript) await browser.addInitScript(initScript);
      const port = Number(
        readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0],
      );
      gathered = await lighthouse(
        url,
        { ...flags, port, gatherMode: artifacts, auditMode: artifacts },
        config,
      );
    } finally {
      await browser.close();
    }
    if (!gathered) throw new Error(`Lighthouse gave no result for ${url}`);

    const traceFile = readdirSync(artifacts).find((file) => file.endsWith('.trace.json'));
    if (!traceFile) throw new Error(`Lighthouse saved no trace for ${url}`);
    const trace = JSON.parse(readFileSync(path.join(artifacts, traceFile), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const shrunk = toThreadTime(trace.traceEvents);
    writeFileSync(path.join(artifacts, traceFile), JSON.stringify(trace));
    const audited = await lighthouse(undefined, { ...flags, auditMode: artifacts }, config);
    if (!audited) throw new Error(`Lighthouse could not audit the run of ${url} again`);

    return {
      ...resultOf(gathered, categories, origin),
      threadTime: { ...resultOf(audited, categories, origin), shrunk },
    };
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(artifacts, { recursive: true, force: true });
  }
}
