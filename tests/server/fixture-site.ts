/**
 * A small built site in a temporary folder, shaped like `npm run build` output, so server
 * tests run without building the real one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { pageRoutes } from '../../common/paths.ts';
import type { SiteManifest } from '../../common/site-manifest.ts';
import { loadConfig, type Config } from '../../server/config.ts';

export const FIXTURE_APPS = [
  { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
  { slug: 'echoexpense', name: 'EchoExpense', legal: true },
];

function page(title: string): string {
  return `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>text</p>'.repeat(80)}<script>window.__page=${JSON.stringify(title)}</script></body></html>`;
}

function write(file: string, content: string | Buffer, compress = false): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (compress) {
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
}

export interface FixtureSite {
  config: Config;
  manifest: SiteManifest;
  clientDir: string;
}

export function createFixtureSite(env: Record<string, string> = {}): FixtureSite {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  const clientDir = path.join(siteDir, 'client');
  const pages: SiteManifest['pages'] = {};
  for (const route of pageRoutes(FIXTURE_APPS)) {
    const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`;
    write(path.join(clientDir, file), page(`Page ${route.path}`), true);
    pages[route.path] = { file, scriptHashes: [`'sha256-${route.path.length}'`] };
  }
  write(path.join(clientDir, '404.html'), page('404 - Page Not Found'), true);
  write(path.join(clientDir, '__spa-fallback.html'), page('App shell'), true);
  write(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log("x");'.repeat(100), true);
  write(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(clientDir, 'build-id.json'), '{"buildId":"fixture"}');
  const manifest: SiteManifest = {
    buildId: 'fixture',
    language: 'en',
    publicUrl: 'http://localhost:3000',
    apps: FIXTURE_APPS,
    pages,
    appShell: { file: '__spa-fallback.html', scriptHashes: ["'sha256-shell'"] },
    notFound: { file: '404.html', scriptHashes: ["'sha256-404'"] },
  };
  write(path.join(siteDir, 'site.json'), JSON.stringify(manifest));
  const config = loadConfig({ SITE_DIR: siteDir, LOG_LEVEL: 'silent', ...env });
  return { config, manifest, clientDir };
}

/** An app's link (EchoExpense's shared bill) as the site's manifest lists it, page and all. */
export const ECHO_BILL_LINK = {
  slug: 'echoexpense',
  scheme: 'echo',
  path: '/echoexpense/b/:id',
  query: ['from'],
  appPath: 'bill/:id',
  page: { file: 'echoexpense/b/__id__/index.html', scriptHashes: ["'sha256-link'"] },
};
