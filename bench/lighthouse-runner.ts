/**
 * The one Lighthouse runner of the benchmarks: Lighthouse (mobile or desktop preset, its
 * default simulated throttling) on one address, in a fresh Chromium started by Playwright with
 * a debugging port for Lighthouse, so a script can be installed in every page before the
 * site's own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

export async function runLighthouse(
  url: string,
  { categories = CATEGORIES, preset = 'mobile', initScript }: LighthouseOptions = {},
): Promise<LighthouseResult> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--remote-debugging-port=0'],
  });
  try {
    if (initScript) await browser.addInitScript(initScript);
    const port = Number(
      readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0],
    );
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories: scored, audits, runtimeError } = result.lhr;
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
        debugData?.urls ?? [],
        debugData?.tasks ?? [],
        {
          fcpMs: audits['first-contentful-paint']?.numericValue ?? 0,
          interactiveMs: audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY,
          tbtMs: metrics.tbtMs,
        },
        (audits['bootup-time']?.details as { items?: ScriptTime[] } | undefined)?.items,
      ),
      ...(failure ? { failure } : {}),
    };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
