/**
 * The site manifest the server reads (site.json): the build's settings, the apps, and each
 * page's file with the hashes of its inline scripts for the Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { linkPages } from '../../common/app-links.ts';
import { pageRoutes, type RoutableApp } from '../../common/paths.ts';
import {
  SITE_MANIFEST_FILE,
  type HtmlFile,
  type SiteManifest,
} from '../../common/site-manifest.ts';
import type { BuildSettings } from '../build-settings.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE } from './not-found-page.ts';
import { pageFile } from './rewrite-pages.ts';

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

async function htmlFile(clientDir: string, file: string): Promise<HtmlFile> {
  const html = await readFile(path.join(clientDir, file), 'utf8');
  return { file, scriptHashes: inlineScriptHashes(html) };
}

/** The manifest of the pages as they now are. */
export async function siteManifest(
  clientDir: string,
  apps: readonly RoutableApp[],
  settings: BuildSettings,
  languages: { language: string; otherLanguages: readonly string[] },
): Promise<SiteManifest> {
  const pages: SiteManifest['pages'] = {};
  for (const route of pageRoutes(apps)) {
    pages[route.path] = await htmlFile(clientDir, pageFile(route.path));
  }
  return {
    buildId: settings.buildId,
    language: languages.language,
    ...(languages.otherLanguages.length > 0
      ? { otherLanguages: [...languages.otherLanguages] }
      : {}),
    publicUrl: settings.publicUrl,
    ...(settings.feedbackApiOrigin ? { feedbackApiOrigin: settings.feedbackApiOrigin } : {}),
    apps: apps.map(({ slug, name, legal, legalPages, icon }) => ({
      slug,
      name,
      legal,
      ...(legalPages ? { legalPages: { ...legalPages } } : {}),
      ...(icon ? { icon } : {}),
    })),
    pages,
    appShell: await htmlFile(clientDir, APP_SHELL_FILE),
    notFound: await htmlFile(clientDir, NOT_FOUND_FILE),
    appLinks: await Promise.all(
      linkPages(apps).map(async ({ slug, scheme, link, shellPath }) => ({
        slug,
        scheme,
        path: link.path,
        ...(link.query ? { query: [...link.query] } : {}),
        ...(link.appPath === undefined ? {} : { appPath: link.appPath }),
        page: await htmlFile(clientDir, pageFile(shellPath)),
      })),
    ),
  };
}

export async function writeSiteManifest(buildDir: string, manifest: SiteManifest): Promise<void> {
  await writeFile(
    path.join(buildDir, SITE_MANIFEST_FILE),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
}
