/**
 * How much JavaScript each page loads before any lazy chunk: the module scripts and
 * modulepreloads of its prerendered HTML and everything they import statically, measured
 * gzip-compressed (level 9, as served). Budget: 130 KB for the home page.
 *
 * Run with `npm run bench:bundle` after `npm run build`; writes bench/results/bundle.json.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { SiteManifestSchema } from '../common/site-manifest.ts';

await init();

const BUILD = path.resolve('build');
const CLIENT = path.join(BUILD, 'client');
const HOME_BUDGET_BYTES = 130 * 1024;

const manifest = SiteManifestSchema.parse(
  JSON.parse(readFileSync(path.join(BUILD, 'site.json'), 'utf8')),
);

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Static imports only: `import()` calls are lazy chunks and not counted. */
function staticImports(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'));
  return imports
    .filter((entry) => entry.type === 'static' || entry.type === 'reexport-star')
    .map((entry) => path.resolve(path.dirname(file), entry.specifier ?? ''))
    .filter((resolved) => resolved.startsWith(CLIENT));
}

function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    urls.add(match[1] ?? '');
  // The page's inline module script imports the route modules and then the client entry
  // (`import("/assets/entry.client-….js")`), all at once on load: none of them is lazy.
  for (const match of html.matchAll(
    /import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+)["']/g,
  )) {
    urls.add(match[1] ?? '');
  }
  return [...urls].filter((url) => url.startsWith('/')).map((url) => path.join(CLIENT, url));
}

function initialJs(htmlFile: string): { files: string[]; gzipBytes: number } {
  const seen = new Set<string>();
  const queue = entryScripts(readFileSync(path.join(CLIENT, htmlFile), 'utf8'));
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  const files = [...seen].sort();
  return { files, gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
}

const rows = Object.entries(manifest.pages).map(([page, { file }]) => {
  const { files, gzipBytes } = initialJs(file);
  return { page, scripts: files.length, gzipBytes };
});
const home = rows.find((row) => row.page === '/');

console.log('JavaScript loaded before any lazy chunk (gzip):');
for (const row of rows) {
  console.log(
    `  ${row.page.padEnd(36)} ${(row.gzipBytes / 1024).toFixed(1).padStart(7)} KB  (${row.scripts} files)`,
  );
}
const withinBudget = home !== undefined && home.gzipBytes <= HOME_BUDGET_BYTES;
console.log(
  `Home: ${((home?.gzipBytes ?? 0) / 1024).toFixed(1)} KB of the ${HOME_BUDGET_BYTES / 1024} KB budget ${withinBudget ? '(within)' : '(OVER)'}`,
);

await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/bundle.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetBytes: HOME_BUDGET_BYTES, pages: rows }, null, 2)}\n`,
);
