/**
 * Page weight as a visitor's browser loads it before any interaction: starts the built site on
 * the real server, opens each page in Chromium (390 × 844), waits until the network is idle and
 * sums the bytes transferred (compressed bodies plus headers) by resource type, with what the
 * same files weigh gzipped (level 9) and uncompressed. Home is also measured with the animated
 * background forced on (what a visitor whose browser has a GPU downloads; this one has none).
 * Each page's HTML as transferred (compressed body and headers) is held to the 14,600 bytes a
 * new connection delivers in its first round trip (TCP's initial window, 10 segments of
 * 1,460 bytes): a byte more costs a slow phone another round trip before its first paint.
 * All Projects is held to two (its own limit in bench/budgets.json, with the reason): it
 * carries all ten app pages, so that its arrows work without scripts.
 * Prints a table and writes bench/results/weight.json; the budgets are in bench/budgets.json.
 *
 *   npm run build && npm run bench:weight [-- /path ...]
 *
 * Default: every page of bench/budgets.json.
 *
 * CHROME_PATH (default /usr/bin/chromium) can be set.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { pageFigure, readBudgets } from './budgets.ts';
import { finish } from './results.ts';
import { serveBuild } from './serve-build.ts';

const pages =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(readBudgets().pages);
const TYPES = ['document', 'stylesheet', 'script', 'image', 'font', 'fetch', 'other'];

interface TypeWeight {
  requests: number;
  transferred: number;
  body: number;
  gzip: number;
  raw: number;
  encodings: string[];
}

const server = await serveBuild();
const base = server.url;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function measure(browser: Browser, pagePath: string, { scene = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (scene) {
    await page.addInitScript(() => {
      Object.assign(window, { __backgroundAllowSoftwareRenderer: true });
    });
  }
  const responses: import('@playwright/test').Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  const byType: Record<string, TypeWeight> = Object.fromEntries(
    TYPES.map((type) => [
      type,
      { requests: 0, transferred: 0, body: 0, gzip: 0, raw: 0, encodings: [] as string[] },
    ]),
  );
  for (const response of responses) {
    const request = response.request();
    const sizes = await request.sizes();
    const type = TYPES.includes(request.resourceType()) ? request.resourceType() : 'other';
    const entry = byType[type];
    if (!entry) continue;
    entry.requests += 1;
    entry.body += sizes.responseBodySize;
    entry.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    // A worker's own script is fetched by the worker, whose responses keep no body here:
    // the same file is fetched again to weigh it.
    const decoded = await response
      .body()
      .catch(async () => (await context.request.get(response.url())).body());
    entry.raw += decoded.length;
    entry.gzip += gzipSync(decoded, { level: 9 }).length;
    const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
    if (!entry.encodings.includes(encoding)) entry.encodings.push(encoding);
  }
  await context.close();
  const total = Object.values(byType).reduce((sum, entry) => sum + entry.transferred, 0);
  return { path: pagePath, scene, total, byType };
}

try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results = [];
  for (const pagePath of pages) results.push(await measure(browser, pagePath));
  if (pages.includes('/')) results.push(await measure(browser, '/', { scene: true }));
  await browser.close();

  for (const result of results) {
    console.log(
      `\n${result.path}${result.scene ? ' (animated background on)' : ''}  total ${kb(result.total)} KB transferred`,
    );
    for (const [type, entry] of Object.entries(result.byType)) {
      if (entry.requests === 0) continue;
      console.log(
        `  ${type.padEnd(11)} ${String(entry.requests).padStart(2)} req  ${kb(entry.transferred).padStart(7)} KB transferred  (${kb(entry.body)} KB bodies as ${entry.encodings.join('/')}; ${kb(entry.gzip)} KB gzip; ${kb(entry.raw)} KB raw)`,
      );
    }
  }
  const home = results.find((result) => result.path === '/' && !result.scene);
  const figures: Record<string, number> = home ? { 'weight.home.transfer': home.total } : {};
  for (const result of results.filter((each) => !each.scene)) {
    figures[pageFigure('weight.document', result.path)] = result.byType.document?.transferred ?? 0;
  }
  finish({
    name: 'weight',
    figures,
    details: { viewport: '390x844', results },
    covers: (limit) =>
      limit.id === 'weight.home.transfer'
        ? pages.includes('/')
        : limit.id.startsWith('weight.') &&
          pages.some((path) => limit.id === pageFigure('weight.document', path)),
  });
} finally {
  await server.close();
}
