/**
 * A minimal built site (site.json and three pages) in a folder, so a real server process
 * can start without running the whole build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../common/site-manifest.ts';

export function writeFakeSite(
  siteDir: string,
  options: { publicUrl: string; appNames: readonly string[] },
): string {
  const clientDir = path.join(siteDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  for (const file of ['index.html', 'app-shell.html', '404.html']) {
    writeFileSync(path.join(clientDir, file), `<!doctype html><title>${file}</title>`);
  }
  const manifest: SiteManifest = {
    buildId: 'fake-build',
    language: 'en',
    publicUrl: options.publicUrl,
    apps: options.appNames.map((name, index) => ({ slug: `app-${index}`, name, legal: false })),
    pages: { '/': { file: 'index.html', scriptHashes: [] } },
    appShell: { file: 'app-shell.html', scriptHashes: [] },
    notFound: { file: '404.html', scriptHashes: [] },
  };
  writeFileSync(path.join(siteDir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return siteDir;
}
