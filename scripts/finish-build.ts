/**
 * The last step of the build (`vite build`): turns the prerendered output into what the server
 * serves. It names the 404 page, writes sitemap.xml, robots.txt and build-id.json, computes
 * the hashes of every page's inline scripts for the Content-Security-Policy, writes the
 * site's icon, each page's stylesheets and the marks of its first paint into the page,
 * holds each page's scripts back until its first paint and writes the script that keeps
 * the visitor's taps until then (`common/early-events.ts`), precompresses text files with
 * brotli and gzip, and writes the site manifest the server reads.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { EARLY_EVENTS_SCRIPT } from '../common/early-events-script.ts';
import { isIndexed, pageRoutes, type RoutableApp, type SiteRoute } from '../common/paths.ts';
import { SITE_MANIFEST_FILE, type HtmlFile, type SiteManifest } from '../common/site-manifest.ts';
import type { BuildSettings } from './build-settings.ts';
import {
  HEADERS_FILE,
  headersFile,
  NGINX_STATIC_FILE,
  nginxStaticConf,
  REDIRECTS_FILE,
  redirectsFile,
} from './static-host.ts';

/** A path no route has, prerendered to produce the 404 page. */
export const NOT_FOUND_PRERENDER_PATH = '/__not-found';
export const NOT_FOUND_FILE = '404.html';
export const APP_SHELL_FILE = '__spa-fallback.html';

/** The site's icon, a file of the public folder. */
export const ICON_FILE = 'favicon.svg';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  // Data blocks (JSON-LD) are never run: only scripts need a hash.
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Drops the script preload links from a prerendered page. The page's text and links are in
 * the HTML already, so the first paint should wait for nothing but the HTML and its CSS;
 * preloading some 120 KB of scripts at the same time delays that paint on a slow phone
 * connection. The module script at the end of the body still loads every script, and React
 * adds the preload links back when it hydrates (they are not part of hydration).
 */
export function withoutScriptPreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, '');
}

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as ([A-Za-z_$][\w$]*) from )?("[^"\n]+");\n/gm;

/**
 * Waits for the first contentful paint. A hidden tab paints nothing, and a browser without
 * paint timing reports nothing: those wait for the load event instead. Should the paint go
 * unreported anyway, the scripts start 3 s after the load event. Then it marks the document
 * `html[data-painted]`, where the images that wait for the first paint start loading (the
 * lazy marks of `app/ui/brand-icon.module.css`).
 */
const AFTER_FIRST_PAINT = [
  'await new Promise((go) => {',
  "  const paintTiming = PerformanceObserver.supportedEntryTypes?.includes('paint');",
  "  if (!paintTiming || document.visibilityState !== 'visible') {",
  "    addEventListener('load', go, { once: true });",
  '    return;',
  '  }',
  "  addEventListener('load', () => setTimeout(go, 3000), { once: true });",
  '  new PerformanceObserver((list, observer) => {',
  "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
  '    observer.disconnect();',
  '    go();',
  "  }).observe({ type: 'paint', buffered: true });",
  '});',
  "document.documentElement.dataset.painted = '';",
].join('\n');

/**
 * Holds a prerendered page's scripts back until the page has painted its content. The page
 * is whole without them, so on a slow phone connection its HTML, styles and first
 * screenshots should not share the line with some 120 KB of scripts: the module script
 * React Router writes at the end of the body now starts fetching its modules once the first
 * contentful paint is reported (or at the load event, where paint timing is missing or the
 * tab is hidden), all at once as before. Its static imports become dynamic ones, bound to
 * the same names; any other form of the script fails the build.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  return html.replace(MODULE_SCRIPT, (_script, body: string) => {
    const bindings: string[] = [];
    const imports: string[] = [];
    const rest = body.replace(STATIC_IMPORT, (_line, name: string | undefined, from: string) => {
      bindings.push(name ?? '');
      imports.push(`import(${from})`);
      return '';
    });
    if (imports.length === 0 || /^\s*import\s/m.test(rest)) {
      throw new Error(`Unexpected module script in a prerendered page: ${body.slice(0, 200)}`);
    }
    return `<script type="module">${AFTER_FIRST_PAINT}\nconst [${bindings.join(', ')}] = await Promise.all([${imports.join(', ')}]);\n${rest.trim()}</script>`;
  });
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"#?]+\.css)([#?][^"]*)?"\/>/g;

/**
 * Writes each stylesheet a prerendered page links into the page itself, so the first paint
 * waits for the HTML alone, not for another round trip per stylesheet. The link stays, made
 * `disabled` so the browser never fetches it: React finds it there when it hydrates (and
 * leaves it alone), and a page reached later in the app loads only the stylesheets that
 * are new to it. `cssOf` gives a stylesheet's text by its address.
 */
export function withInlineStylesheets(html: string, cssOf: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_link, href: string, suffix = '') => {
    const css = cssOf(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined`);
    return `<style>${css}</style><link rel="stylesheet" href="${href}${suffix}" disabled=""/>`;
  });
}

/** The class names CSS Modules give, e.g. `_dialog_1vs32_1`: the ones a stylesheet owns. */
const MODULE_CLASS = /^_[A-Za-z][\w-]*_[A-Za-z0-9]+_\d+$/;

/**
 * The stylesheets a prerendered page needs beyond those it links: a component of a lazy
 * chunk that the prerender drew (the form open on a support page) styles the page with the
 * stylesheet of its chunk, which the page does not link, so it would show unstyled until the
 * page is live. These are the build's stylesheets (`allCss`, by address) that define a
 * class the page's HTML uses and its linked stylesheets (`linked`) do not.
 */
export function unlinkedStylesheets(
  html: string,
  linked: readonly string[],
  allCss: ReadonlyMap<string, string>,
): string[] {
  const used = new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)]
      .flatMap((match) => (match[1] ?? '').split(/\s+/))
      .filter((name) => MODULE_CLASS.test(name)),
  );
  const defines = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);
  const missing = [...used].filter(
    (name) => !linked.some((href) => defines(allCss.get(href) ?? '', name)),
  );
  return [...allCss.keys()].filter(
    (href) =>
      !linked.includes(href) && missing.some((name) => defines(allCss.get(href) ?? '', name)),
  );
}

/** The addresses of the stylesheets a prerendered page links. */
function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
}

/**
 * An SVG as a `data:` address that can stand in a double-quoted attribute: the characters
 * that would end the attribute, start a character reference, or end the address are
 * percent-encoded, the rest is kept as it is (shorter than base64, and compresses with the
 * page).
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.trim().replace(/["%#&<>\\\t\n\r]/g, encodeURIComponent)}`;
}

/**
 * The link to the site's icon, written into every page's head with the icon itself as a
 * `data:` address. The browser then asks the server for nothing more once the page has
 * loaded: on a slow phone connection that request would otherwise share the line with the
 * page's first screenshots. React does not render this link, so hydration leaves it alone.
 */
export function iconLink(svg: string): string {
  return `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml"/>`;
}

/**
 * Without scripts nothing marks the page painted: this shows the lazy marks (`data-lazy`,
 * see `app/ui/brand-icon.module.css`) at once, as the browser reads the page.
 */
export const LAZY_MARKS_WITHOUT_SCRIPTS =
  '<noscript><style>[data-lazy]{visibility:visible!important;' +
  'mask-image:var(--brand-icon)!important;-webkit-mask-image:var(--brand-icon)!important}' +
  '</style></noscript>';

const FILE_MARK =
  /<span ([^>]*?)style="--brand-icon:url\(&quot;(\/assets\/[^"&]+\.svg)&quot;\)([^>]*)>/g;

/**
 * Writes the marks a page paints at once into the page, as `data:` addresses: the marks
 * drawn from an SVG file (`app/ui/brand-icon.tsx`) that are not lazy, that is the store
 * marks at the top of an app page. Its first paint then needs no request for them. The
 * scripts keep the files' addresses, which a page reached in the app loads as before; React
 * leaves the attribute as the HTML has it when it hydrates. `svgOf` gives a file's text by
 * its address.
 */
export function withInlineMarks(html: string, svgOf: (href: string) => string): string {
  return html.replace(FILE_MARK, (tag, before: string, href: string, after: string) =>
    isLazy(before, after)
      ? tag
      : `<span ${before}style="--brand-icon:url(&quot;${svgDataUrl(svgOf(href))}&quot;)${after}>`,
  );
}

/** Whether a mark's other attributes make it lazy. */
function isLazy(before = '', after = ''): boolean {
  return /\bdata-lazy=/.test(before + after);
}

/** The addresses of the SVG files of the marks `withInlineMarks` writes into a page. */
function inlineMarkFiles(html: string): string[] {
  const marks = [...html.matchAll(FILE_MARK)].filter((match) => !isLazy(match[1], match[3]));
  return [...new Set(marks.map((match) => match[2] ?? ''))];
}

async function rewritePage(
  clientDir: string,
  file: string,
  allCss: ReadonlyMap<string, string>,
  head = '',
): Promise<void> {
  const target = path.join(clientDir, file);
  let html = withoutScriptPreloads(await readFile(target, 'utf8'));
  // The app shell paints nothing before its scripts render the page.
  if (file !== APP_SHELL_FILE) html = withScriptsAfterFirstPaint(html);
  const linked = linkedStylesheets(html);
  const lazy = unlinkedStylesheets(html, linked, allCss)
    .map((href) => `<style>${allCss.get(href) ?? ''}</style>`)
    .join('');
  html = withInlineStylesheets(html, (href) => allCss.get(href) ?? '');
  if (lazy) html = html.replace('</head>', `${lazy}</head>`);
  const svg = new Map<string, string>();
  for (const href of inlineMarkFiles(html)) {
    svg.set(href, await readFile(path.join(clientDir, href), 'utf8'));
  }
  html = withInlineMarks(html, (href) => svg.get(href) ?? '');
  await writeFile(target, head ? html.replace('</head>', `${head}</head>`) : html);
}

/** Every stylesheet of the build, by its address. */
async function stylesheetsOf(clientDir: string): Promise<Map<string, string>> {
  const assets = await readdir(path.join(clientDir, 'assets'));
  const css = new Map<string, string>();
  for (const name of assets.filter((file) => file.endsWith('.css'))) {
    css.set(`/assets/${name}`, await readFile(path.join(clientDir, 'assets', name), 'utf8'));
  }
  return css;
}

async function htmlFile(clientDir: string, file: string): Promise<HtmlFile> {
  const html = await readFile(path.join(clientDir, file), 'utf8');
  return { file, scriptHashes: inlineScriptHashes(html) };
}

function pageFile(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

export function sitemapXml(publicUrl: string, apps: readonly RoutableApp[]): string {
  const urls = pageRoutes(apps)
    .filter((route) => isIndexed(route.screen))
    .map((route) => `  <url><loc>${publicUrl}${route.path === '/' ? '/' : route.path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

async function precompress(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_COMPRESS_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  // Only keep an encoding that actually saves bytes.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

export interface FinishBuildOptions {
  clientDir: string;
  buildDir: string;
  apps: readonly RoutableApp[];
  settings: BuildSettings;
  /** What a page's head gains at the end (its JSON-LD); default nothing. */
  headOf?: (route: SiteRoute) => string;
}

export async function finishBuild({
  clientDir,
  buildDir,
  apps,
  settings,
  headOf = () => '',
}: FinishBuildOptions): Promise<SiteManifest> {
  const notFoundDir = path.join(clientDir, NOT_FOUND_PRERENDER_PATH.slice(1));
  await rename(path.join(notFoundDir, 'index.html'), path.join(clientDir, NOT_FOUND_FILE));
  await rm(notFoundDir, { recursive: true, force: true });
  await rm(`${notFoundDir}.data`, { force: true });
  await stat(path.join(clientDir, APP_SHELL_FILE));

  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(settings.publicUrl, apps));
  await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(settings.publicUrl));
  await writeFile(
    path.join(clientDir, 'build-id.json'),
    `${JSON.stringify({ buildId: settings.buildId })}\n`,
  );

  // What every page's head gains: the icon, the lazy marks shown without scripts, and the
  // script that keeps the visitor's taps until the page is live.
  const everyHead =
    iconLink(await readFile(path.join(clientDir, ICON_FILE), 'utf8')) +
    LAZY_MARKS_WITHOUT_SCRIPTS +
    `<script>${EARLY_EVENTS_SCRIPT}</script>`;
  const allCss = await stylesheetsOf(clientDir);
  await Promise.all([
    ...pageRoutes(apps).map((route) =>
      rewritePage(clientDir, pageFile(route.path), allCss, `${everyHead}${headOf(route)}`),
    ),
    rewritePage(clientDir, APP_SHELL_FILE, allCss, everyHead),
    rewritePage(clientDir, NOT_FOUND_FILE, allCss, everyHead),
  ]);

  const pages: SiteManifest['pages'] = {};
  for (const route of pageRoutes(apps)) {
    pages[route.path] = await htmlFile(clientDir, pageFile(route.path));
  }
  const manifest: SiteManifest = {
    buildId: settings.buildId,
    publicUrl: settings.publicUrl,
    ...(settings.feedbackApiOrigin ? { feedbackApiOrigin: settings.feedbackApiOrigin } : {}),
    apps: apps.map(({ slug, name, legal }) => ({ slug, name, legal })),
    pages,
    appShell: await htmlFile(clientDir, APP_SHELL_FILE),
    notFound: await htmlFile(clientDir, NOT_FOUND_FILE),
  };

  const files = await listFiles(clientDir);
  const publicFiles = files
    .map((file) => path.relative(clientDir, file).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('assets/') && !file.endsWith('.html'))
    .sort();
  await writeFile(path.join(clientDir, HEADERS_FILE), headersFile(manifest, publicFiles));
  await writeFile(
    path.join(clientDir, REDIRECTS_FILE),
    redirectsFile(apps, manifest.appShell.file),
  );
  await writeFile(path.join(buildDir, NGINX_STATIC_FILE), nginxStaticConf(manifest, publicFiles));
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(precompress));

  await writeFile(
    path.join(buildDir, SITE_MANIFEST_FILE),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  return manifest;
}
