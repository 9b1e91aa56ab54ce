/**
 * The files beside the pages: sitemap.xml and robots.txt for crawlers, and build-id.json for
 * the pages' scripts.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isIndexed, pageRoutes, type RoutableApp } from '../../common/paths.ts';
import type { BuildSettings } from '../build-settings.ts';

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

/**
 * Writes the sitemap and robots.txt under the public address, and build-id.json, which a
 * page reads to tell a new deploy from a network failure when a script chunk does not load.
 */
export async function writeSiteFiles(
  clientDir: string,
  apps: readonly RoutableApp[],
  settings: BuildSettings,
): Promise<void> {
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(settings.publicUrl, apps));
  await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(settings.publicUrl));
  await writeFile(
    path.join(clientDir, 'build-id.json'),
    `${JSON.stringify({ buildId: settings.buildId })}\n`,
  );
}
