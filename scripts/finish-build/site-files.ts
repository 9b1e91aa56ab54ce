/**
 * The files beside the pages: sitemap.xml and robots.txt for crawlers, build-id.json for the
 * pages' scripts, and the files the stores and ad networks read.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isIndexed, pageRoutes, type RoutableApp } from '../../common/paths.ts';
import type { StoreFile } from '../../common/store-files.ts';
import type { BuildSettings } from '../build-settings.ts';

/** The site's languages: the default, at the plain addresses, and the others under `/<tag>`. */
export interface SitemapLanguages {
  default: string;
  others: readonly string[];
}

/**
 * Every indexed page, in every language: each language's address is an entry of its own
 * that names all of them as alternates (`hreflang`, the default's as `x-default`).
 */
export function sitemapXml(
  publicUrl: string,
  apps: readonly RoutableApp[],
  languages: SitemapLanguages = { default: 'en', others: [] },
): string {
  const all = [languages.default, ...languages.others];
  const address = (route: string, language: string) =>
    `${publicUrl}${language === languages.default ? '' : `/${language}`}${route}`;
  const urls = pageRoutes(apps)
    .filter((route) => isIndexed(route.screen))
    .flatMap((route) => {
      const alternates =
        languages.others.length === 0
          ? ''
          : [
              ...all.map((language) => [language, address(route.path, language)]),
              ['x-default', address(route.path, languages.default)],
            ]
              .map(
                ([language, href]) =>
                  `<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`,
              )
              .join('');
      return all.map(
        (language) => `  <url><loc>${address(route.path, language)}</loc>${alternates}</url>`,
      );
    })
    .join('\n');
  const namespaces =
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
    (languages.others.length === 0 ? '' : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/**
 * Writes the sitemap and robots.txt under the public address; build-id.json, which a page
 * reads to tell a new deploy from a network failure when a script chunk does not load; and
 * an empty `.nojekyll`, which tells GitHub Pages to publish the folder as it is (its Jekyll
 * step would leave out `.well-known/`, where the stores' files are).
 */
export async function writeSiteFiles(
  clientDir: string,
  apps: readonly RoutableApp[],
  settings: BuildSettings,
  languages?: SitemapLanguages,
): Promise<void> {
  await writeFile(
    path.join(clientDir, 'sitemap.xml'),
    sitemapXml(settings.publicUrl, apps, languages),
  );
  await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(settings.publicUrl));
  await writeFile(
    path.join(clientDir, 'build-id.json'),
    `${JSON.stringify({ buildId: settings.buildId })}\n`,
  );
  await writeFile(path.join(clientDir, NO_JEKYLL_FILE), '');
}

/** The file that turns GitHub Pages' Jekyll step off. */
export const NO_JEKYLL_FILE = '.nojekyll';

/** The files the stores and ad networks read (scripts/store-files.ts), each at its address. */
export async function writeStoreFiles(
  clientDir: string,
  files: readonly { file: StoreFile; body: string }[],
): Promise<void> {
  for (const { file, body } of files) {
    const target = path.join(clientDir, file.path.slice(1));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, body);
  }
}
