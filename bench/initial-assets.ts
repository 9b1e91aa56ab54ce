/**
 * What a prerendered page loads before any lazy chunk, measured from the build output
 * gzip-compressed (level 9, as served): its JavaScript (module scripts and modulepreloads,
 * the imports of its inline module script, and everything they import statically) and its
 * CSS (stylesheets it links and styles it inlines). `npm run bench:bundle` prints these
 * figures; the end-to-end size test holds the home page to its budgets with the same code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { SiteManifestSchema, SITE_MANIFEST_FILE } from '../common/site-manifest.ts';

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
  // Module scripts, and the classic ones the head loads (the early taps' effects).
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1] ?? '');
  // The page's inline module script imports the route modules and then the client entry
  // (`import("/assets/entry.client-….js")`, under its prefix in another language's pages:
  // `/es/assets/…`), all at once on load: none of them is lazy.
  for (const match of html.matchAll(
    /import\s*\(?\s*(?:[^"'()]*from\s*)?["']((?:\/[a-zA-Z-]+)?\/assets\/[^"']+)["']/g,
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

export interface InitialCss {
  /** Absolute paths of the linked stylesheets, in document order. */
  files: string[];
  /** The stylesheets and the inline styles together, each gzipped on its own. */
  gzipBytes: number;
}

/** The CSS `htmlFile` (relative to `clientDir`) links and inlines. */
export function initialCss(clientDir: string, htmlFile: string): InitialCss {
  const html = readFileSync(path.join(clientDir, htmlFile), 'utf8');
  const files = [
    ...new Set(
      // A disabled link is not fetched: its stylesheet is one of the inline styles.
      [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+)"(?![^>]*disabled)/g)].map(
        (match) =>
          // The address without its fragment or query (some links carry a bare `#`).
          path.join(clientDir, (match[1] ?? '').replace(/[#?].*$/, '')),
      ),
    ),
  ];
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) => gzipSync(match[1] ?? '', { level: 9 }).length,
  );
  return {
    files,
    gzipBytes:
      files.reduce((sum, file) => sum + gzipSize(file), 0) +
      inline.reduce((sum, bytes) => sum + bytes, 0),
  };
}

export interface BuiltSite {
  clientDir: string;
  /** Every prerendered page's HTML file (relative to `clientDir`) by its path. */
  pages: Record<string, string>;
}

/** The site `npm run build` wrote to `buildDir`; fails plainly when there is none. */
export function builtSite(buildDir: string): BuiltSite {
  const manifestFile = path.join(buildDir, SITE_MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new Error(`No built site in ${buildDir}: run \`npm run build\` first.`);
  }
  const read = (file: string) =>
    SiteManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const manifest = read(manifestFile);
  // Each other language's pages, from its own manifest (build/es/site.json): `/es/echoexpense`,
  // its HTML in build/client/es/.
  const translated = (manifest.otherLanguages ?? []).flatMap((code) =>
    Object.entries(read(path.join(buildDir, code, SITE_MANIFEST_FILE)).pages).map(
      ([page, { file }]): [string, string] => [`/${code}${page}`, `${code}/${file}`],
    ),
  );
  return {
    clientDir: path.join(buildDir, 'client'),
    pages: Object.fromEntries([
      ...Object.entries(manifest.pages).map(([page, { file }]): [string, string] => [page, file]),
      ...translated,
    ]),
  };
}
