/**
 * `_headers` and `_redirects` for static hosts that read them (Netlify, Cloudflare Pages),
 * so `build/client` answers like our server: the same Content-Security-Policy per page,
 * the same caching and security headers, an app's sub-paths answered by the app shell.
 *
 * Hosts differ in what they do when several rules match one path (one joins the values with
 * commas, another keeps the last). So every Cache-Control rule matches a path alone, and the
 * policies are layered so each way ends safe: `/*` allows the scripts of every page, a page's
 * own rule allows only its own, and two policies joined are both enforced.
 */
import { linkPages } from '../common/app-links.ts';
import { allRoutes, pageRoutes, siteRoutes, type RoutableApp } from '../common/paths.ts';
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  fileCacheControl,
  NOTHING_CSP,
  pageCsp,
  securityHeaderValues,
} from '../common/response-headers.ts';
import type { SiteManifest } from '../common/site-manifest.ts';
import { STORE_FILES } from '../common/store-files.ts';

/** The apps whose every sub-path is answered by the app shell, from the route table. */
function appShellSlugs(apps: readonly RoutableApp[]): string[] {
  return allRoutes(siteRoutes(apps)).flatMap((route) =>
    route.screen === 'app-shell' && route.slug !== undefined ? [route.slug] : [],
  );
}

export const HEADERS_FILE = '_headers';
export const REDIRECTS_FILE = '_redirects';
/** The nginx locations of the static files, included by deploy/nginx.conf; in the build folder. */
export const NGINX_STATIC_FILE = 'nginx-static.conf';

function rule(pattern: string, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return [pattern, ...lines].join('\n');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function pagesUnder(manifest: SiteManifest, slug: string): string[] {
  return Object.keys(manifest.pages).filter((pagePath) => pagePath.startsWith(`/${slug}/`));
}

/** The Content-Type of a store file (common/store-files.ts) by its path, which hosts must send. */
function storeFileType(file: string): Record<string, string> {
  const type = STORE_FILES.find((storeFile) => storeFile.path === `/${file}`)?.type;
  return type ? { 'Content-Type': type } : {};
}

/**
 * The `_headers` file.
 * @param files Paths of the client folder's public files outside `assets/` (not pages).
 */
export function headersFile(manifest: SiteManifest, files: readonly string[]): string {
  const api = manifest.feedbackApiOrigin;
  const allHashes = unique([
    ...Object.values(manifest.pages).flatMap((page) => page.scriptHashes),
    ...manifest.appShell.scriptHashes,
    ...manifest.notFound.scriptHashes,
  ]);
  const rules = [
    rule('/*', {
      ...securityHeaderValues({ hsts: manifest.publicUrl.startsWith('https://') }),
      'Content-Security-Policy': pageCsp(allHashes, api),
    }),
    rule('/assets/*', { 'Cache-Control': CACHE_IMMUTABLE }),
  ];
  for (const file of files) {
    rules.push(
      rule(`/${file}`, { 'Cache-Control': fileCacheControl(file), ...storeFileType(file) }),
    );
  }
  const shellSlugs = appShellSlugs(manifest.apps);
  const links = manifest.appLinks ?? [];
  const subPathSlugs = unique([...shellSlugs, ...links.map((link) => link.slug)]);
  for (const slug of subPathSlugs) {
    // Whatever a host serves beneath an app (the app page for `/slug/`, a legal page, a
    // link's page, or the app shell for any other sub-path) is one of these pages.
    const hashes = unique([
      ...[`/${slug}`, ...pagesUnder(manifest, slug)].flatMap(
        (pagePath) => manifest.pages[pagePath]?.scriptHashes ?? [],
      ),
      ...links.filter((link) => link.slug === slug).flatMap((link) => link.page.scriptHashes),
    ]);
    if (shellSlugs.includes(slug)) {
      hashes.push(...manifest.appShell.scriptHashes.filter((hash) => !hashes.includes(hash)));
    }
    rules.push(
      rule(`/${slug}/*`, {
        'Cache-Control': CACHE_REVALIDATE,
        'Content-Security-Policy': pageCsp(hashes, api),
      }),
    );
  }
  for (const [pagePath, page] of Object.entries(manifest.pages)) {
    if (subPathSlugs.some((slug) => pagePath.startsWith(`/${slug}/`))) continue;
    const headers = {
      'Cache-Control': CACHE_REVALIDATE,
      'Content-Security-Policy': pageCsp(page.scriptHashes, api),
    };
    rules.push(rule(pagePath, headers));
    // The other addresses hosts answer with the same file, unless an app's rule covers them.
    if (pagePath === '/') rules.push(rule('/index.html', headers));
    else if (!subPathSlugs.includes(pagePath.slice(1))) {
      rules.push(rule(`${pagePath}/`, headers), rule(`${pagePath}/index.html`, headers));
    }
  }
  return `# Response headers for static hosts (Netlify, Cloudflare Pages); written by the build.\n\n${rules.join('\n\n')}\n`;
}

/**
 * The `_redirects` file: every address of an app's link is answered by the link's page, and
 * an app's other sub-paths by the app shell (status 200).
 * Each page is first rewritten to its own folder: hosts that apply rewrites before their
 * files (Cloudflare Pages) then serve the prerendered page, not the shell, with no redirect
 * to a trailing slash; hosts that serve existing files first (Netlify) never need it. The
 * shell is named without `.html`, which such hosts would otherwise redirect to.
 */
export function redirectsFile(apps: readonly RoutableApp[], appShellFile: string): string {
  const pages = pageRoutes(apps)
    .filter((route) => route.path !== '/')
    .map((route) => `${route.path}  ${route.path}/  200`);
  // A link's `:name` is a placeholder of these hosts too: it stands for one segment.
  const links = linkPages(apps).map(({ link, shellPath }) => `${link.path}  ${shellPath}/  200`);
  const shell = `/${appShellFile.replace(/\.html$/, '')}`;
  const subPaths = appShellSlugs(apps).map((slug) => `/${slug}/*  ${shell}  200`);
  return `# Rewrites for static hosts (Netlify, Cloudflare Pages); written by the build.\n${[...pages, ...links, ...subPaths].join('\n')}\n`;
}

function nginxQuoted(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/**
 * The nginx locations that serve the hashed assets and the other public files straight from
 * the client folder, with the server's caching and security headers; a missing file falls
 * through to the server (`@portfolio`), which answers with the 404 page.
 * @param files Paths of the client folder's public files outside `assets/` (not pages).
 */
export function nginxStaticConf(manifest: SiteManifest, files: readonly string[]): string {
  const headers = {
    ...securityHeaderValues({ hsts: manifest.publicUrl.startsWith('https://') }),
    'Content-Security-Policy': NOTHING_CSP,
  };
  const location = (match: string, cacheControl: string, type?: string) =>
    [
      `location ${match} {`,
      '    try_files $uri @portfolio;',
      // A store file's type whatever its name ends in (Apple's has no extension).
      ...(type ? ['    types { }', `    default_type ${nginxQuoted(type)};`] : []),
      ...Object.entries({ ...headers, 'Cache-Control': cacheControl }).map(
        ([name, value]) => `    add_header ${name} ${nginxQuoted(value)} always;`,
      ),
      '}',
    ].join('\n');
  const blocks = [
    location('/assets/', CACHE_IMMUTABLE),
    ...files.map((file) =>
      location(`= /${file}`, fileCacheControl(file), storeFileType(file)['Content-Type']),
    ),
  ];
  return `# Static files of the build, served by nginx; written by the build, included by deploy/nginx.conf.\n\n${blocks.join('\n\n')}\n`;
}
