/**
 * Lighthouse (mobile, its default throttling) on the built site served by the real server:
 * performance, accessibility, best practices and SEO of every kind of page. Target: 100
 * everywhere. The home page is also measured with the animated background forced to run:
 * this machine draws WebGL in software, where visitors get the still background.
 *
 * Run with `npm run bench:lighthouse` after `npm run build`; writes bench/results/lighthouse.json.
 * LIGHTHOUSE_PAGES (comma-separated paths) measures only those pages, LIGHTHOUSE_RUNS runs
 * each that many times and keeps the median. Chromium comes from CHROME_PATH or /usr/bin/chromium.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { CATEGORIES, runLighthouse, type LighthouseResult } from './lighthouse-runner.ts';
import { serveBuild } from './serve-build.ts';

/** Lets the scene run on the software renderer (a benchmark-only hook of the scene). */
function forceScene() {
  Object.assign(window, { __backgroundAllowSoftwareRenderer: true });
}

interface Target {
  page: string;
  path: string;
  initScript?: () => void;
}

// Lighthouse does not score a page that answers 404, so the 404 page is left out.
const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
const TARGETS: Target[] = chosen
  ? chosen.map((page) => ({ page, path: page }))
  : [
      ...['/', '/projects', '/echoexpense', '/manzanos-popshop/privacy'].map((page) => ({
        page,
        path: page,
      })),
      { page: '/ (3D scene forced)', path: '/', initScript: forceScene },
    ];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const server = await serveBuild();
const rows: (LighthouseResult & { page: string })[] = [];
try {
  for (const { page, path, initScript } of TARGETS) {
    const runs: LighthouseResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await runLighthouse(`${server.url}${path}`, { initScript }));
    }
    // The median run by performance score.
    runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const median = runs[Math.floor(runs.length / 2)];
    if (!median) continue;
    rows.push({ page, ...median });
    const { scores, metrics } = median;
    console.log(
      `${page.padEnd(28)} ${CATEGORIES.map((c) => `${c} ${scores[c] ?? '-'}`).join('  ')}  ` +
        `LCP ${metrics.lcpMs} ms  TBT ${metrics.tbtMs} ms  CLS ${metrics.cls}  ${(metrics.transferBytes / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  await server.close();
}

await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/lighthouse.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerPage: RUNS, pages: rows }, null, 2)}\n`,
);
