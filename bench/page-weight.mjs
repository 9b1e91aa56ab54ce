// Page weight as a visitor's browser loads it: starts the built site on the real server,
// opens each page in Chromium and sums the bytes transferred (compressed bodies plus
// headers) by resource type, with what the same files weigh gzipped (level 9) and
// uncompressed. Prints a table and writes bench/results/page-weight.json.
//
//   npm run build && node bench/page-weight.mjs [/path ...]
//
// PORT (default 4180) and CHROME_PATH (default /usr/bin/chromium) can be set.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const port = Number(process.env.PORT ?? 4180);
const base = `http://127.0.0.1:${port}`;
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/echoexpense'];
const TYPES = ['document', 'stylesheet', 'script', 'image', 'font', 'fetch', 'other'];

const server = spawn(process.execPath, ['build/server/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-')),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let serverExit;
server.on('exit', (code) => {
  serverExit = code;
});

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // A server already on that port would answer instead of ours: stop rather than measure it.
    if (serverExit !== undefined)
      throw new Error(`The server exited (code ${serverExit}); is port ${port} free?`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start on ${base}`);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function measure(browser, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  const byType = Object.fromEntries(
    TYPES.map((type) => [
      type,
      { requests: 0, transferred: 0, body: 0, gzip: 0, raw: 0, encodings: [] },
    ]),
  );
  for (const response of responses) {
    const request = response.request();
    const sizes = await request.sizes();
    const type = TYPES.includes(request.resourceType()) ? request.resourceType() : 'other';
    const entry = byType[type];
    entry.requests += 1;
    entry.body += sizes.responseBodySize;
    entry.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    const decoded = await response.body();
    entry.raw += decoded.length;
    entry.gzip += gzipSync(decoded, { level: 9 }).length;
    const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
    if (!entry.encodings.includes(encoding)) entry.encodings.push(encoding);
  }
  await context.close();
  const total = Object.values(byType).reduce((sum, entry) => sum + entry.transferred, 0);
  return { path: pagePath, total, byType };
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const results = [];
  for (const pagePath of pages) results.push(await measure(browser, pagePath));
  await browser.close();

  for (const result of results) {
    console.log(`\n${result.path}  total ${kb(result.total)} KB transferred`);
    for (const [type, entry] of Object.entries(result.byType)) {
      if (entry.requests === 0) continue;
      console.log(
        `  ${type.padEnd(11)} ${String(entry.requests).padStart(2)} req  ${kb(entry.transferred).padStart(7)} KB transferred  (${kb(entry.body)} KB bodies as ${entry.encodings.join('/')}; ${kb(entry.gzip)} KB gzip; ${kb(entry.raw)} KB raw)`,
      );
    }
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/page-weight.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), viewport: '390x844', results }, null, 2)}\n`,
  );
} finally {
  server.kill('SIGTERM');
}
