/**
 * Lighthouse (mobile, its default throttling) on the built site served by the real server:
 * performance, accessibility, best practices and SEO of every kind of page, with the
 * animated backgrounds running. Target: 100 everywhere.
 *
 * Run with `npm run bench:lighthouse` after `npm run build`; writes bench/results/lighthouse.json.
 * Chromium comes from CHROME_PATH or /usr/bin/chromium.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveBuild } from './serve-build.ts';

// Lighthouse does not score a page that answers 404, so the 404 page is left out.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/projects',
  '/echoexpense',
  '/manzanos-popshop/privacy',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const server = await serveBuild();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', '--disable-gpu', ...chromiumArgs],
});

interface Row {
  page: string;
  scores: Record<string, number>;
  metrics: Record<string, number>;
}

const rows: Row[] = [];
try {
  for (const page of PAGES) {
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
      const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      runs.push({
        page,
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [
            category,
            Math.round((lhr.categories[category]?.score ?? 0) * 100),
          ]),
        ),
        metrics: {
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          transferBytes: metric('total-byte-weight'),
        },
      });
    }
    // The median run by performance score.
    runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const median = runs[Math.floor(runs.length / 2)];
    if (median) rows.push(median);
    const row = rows.at(-1);
    if (row) {
      console.log(
        `${page.padEnd(28)} ${CATEGORIES.map((c) => `${c} ${row.scores[c]}`).join('  ')}  ` +
          `LCP ${row.metrics.lcpMs} ms  TBT ${row.metrics.tbtMs} ms  CLS ${row.metrics.cls}  ${((row.metrics.transferBytes ?? 0) / 1024).toFixed(0)} KB`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.close();
}

await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/lighthouse.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerPage: RUNS, pages: rows }, null, 2)}\n`,
);
