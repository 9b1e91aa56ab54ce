/**
 * The JavaScript a prerendered page loads before any lazy chunk: its module scripts and
 * modulepreloads, the imports of its inline module script, and everything they import
 * statically, each measured gzip-compressed (level 9, as served).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

await init();

const gzipCache = new Map<string, number>();

/** Gzip size (level 9) of a file, in bytes. */
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Static imports only: `import()` calls are lazy chunks and not counted. */
function staticImports(clientDir: string, file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'));
  return imports
    .filter((entry) => entry.type === 'static' || entry.type === 'reexport-star')
    .map((entry) => path.resolve(path.dirname(file), entry.specifier ?? ''))
    .filter((resolved) => resolved.startsWith(clientDir));
}

function entryScripts(clientDir: string, html: string): string[] {
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
  return [...urls].filter((url) => url.startsWith('/')).map((url) => path.join(clientDir, url));
}

export interface InitialJs {
  /** Absolute paths of the script files, sorted. */
  files: string[];
  gzipBytes: number;
}

/** What `htmlFile` (relative to `clientDir`) loads before any lazy chunk. */
export function initialJs(clientDir: string, htmlFile: string): InitialJs {
  const seen = new Set<string>();
  const queue = entryScripts(clientDir, readFileSync(path.join(clientDir, htmlFile), 'utf8'));
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(clientDir, file));
  }
  const files = [...seen].sort();
  return { files, gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
}
