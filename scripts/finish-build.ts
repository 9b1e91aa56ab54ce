/**
 * The last step of the build (`vite build`): turns the prerendered output into what the server
 * serves. Each stage is a module of scripts/finish-build/; they run in this order, since each
 * reads what the ones before it wrote.
 */
import type { RoutableApp, SiteRoute } from '../common/paths.ts';
import type { SiteManifest } from '../common/site-manifest.ts';
import type { StoreFile } from '../common/store-files.ts';
import type { BuildSettings } from './build-settings.ts';
import { listFiles, writeHostFiles } from './finish-build/host-files.ts';
import { nameNotFoundPage } from './finish-build/not-found-page.ts';
import { precompressFiles } from './finish-build/precompress.ts';
import { rewritePages } from './finish-build/rewrite-pages.ts';
import { siteManifest, writeSiteManifest } from './finish-build/site-manifest.ts';
import { writeSiteFiles, writeStoreFiles } from './finish-build/site-files.ts';

// React Router prerenders this path for the 404 page, which the first stage names.
export { NOT_FOUND_PRERENDER_PATH } from './finish-build/not-found-page.ts';

export interface FinishBuildOptions {
  clientDir: string;
  buildDir: string;
  apps: readonly RoutableApp[];
  settings: BuildSettings;
  /** The language of this build's pages. */
  language: string;
  /**
   * The prefix of its pages' addresses (`/es`); default none (the default language). A
   * language's build has no public files of its own (the default's serve every language):
   * its pages read the icon from public/.
   */
  prefix?: string;
  /** The site's other languages, each built into a folder of this build (default build only). */
  otherLanguages?: readonly string[];
  /** What a page's head gains at the end (its JSON-LD); default nothing. */
  headOf?: (route: SiteRoute) => string;
  /** The files the stores and ad networks read (scripts/store-files.ts); default none. */
  storeFiles?: readonly { file: StoreFile; body: string }[];
}

export async function finishBuild({
  clientDir,
  buildDir,
  apps,
  settings,
  language,
  prefix = '',
  otherLanguages = [],
  headOf = () => '',
  storeFiles = [],
}: FinishBuildOptions): Promise<SiteManifest> {
  // 404.html from the page prerendered for it; the app shell is checked to be there.
  await nameNotFoundPage(clientDir);
  // sitemap.xml, robots.txt and build-id.json.
  await writeSiteFiles(clientDir, apps, settings, { default: language, others: otherLanguages });
  // apple-app-site-association, assetlinks.json and app-ads.txt, as declared.
  await writeStoreFiles(clientDir, storeFiles);
  // Each page's scripts wait for its first paint; its styles, icon and first marks move in.
  await rewritePages(clientDir, apps, headOf, prefix, prefix ? 'public' : clientDir);
  // The hashes of each page's inline scripts, taken from the pages as they now are.
  const manifest = await siteManifest(clientDir, apps, settings, { language, otherLanguages });
  // The headers and redirects of the static hosts and nginx, for the files there are so far.
  const files = await listFiles(clientDir);
  await writeHostFiles(clientDir, buildDir, files, apps, manifest);
  // Brotli and gzip copies of those files.
  await precompressFiles(files);
  // Last, site.json, the manifest the server reads.
  await writeSiteManifest(buildDir, manifest);
  return manifest;
}
