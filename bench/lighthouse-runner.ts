/**
 * The one Lighthouse runner of the benchmarks: Lighthouse (mobile, its default throttling)
 * on one address, in a fresh Chromium started by Playwright with a debugging port for
 * Lighthouse, so a script can be installed in every page before the site's own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

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
}

export interface LighthouseOptions {
  /** The categories to score; default all four. */
  categories?: readonly Category[];
  /** Runs in every page before its own scripts, e.g. to set a test hook. */
  initScript?: () => void;
}

export async function runLighthouse(
  url: string,
  { categories = CATEGORIES, initScript }: LighthouseOptions = {},
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
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories: scored, audits } = result.lhr;
    const metric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    return {
      scores: Object.fromEntries(
        categories.map((category) => [category, Math.round((scored[category]?.score ?? 0) * 100)]),
      ),
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
        speedIndexMs: metric('speed-index'),
        transferBytes: metric('total-byte-weight'),
      },
    };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
