/**
 * The files that tell a static host or nginx how to serve the site (scripts/static-host.ts):
 * its headers and redirects, and nginx's settings for the build.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RoutableApp } from '../../common/paths.ts';
import type { SiteManifest } from '../../common/site-manifest.ts';
import {
  HEADERS_FILE,
  headersFile,
  NGINX_STATIC_FILE,
  nginxStaticConf,
  REDIRECTS_FILE,
  redirectsFile,
} from '../static-host.ts';

/** Every file under `dir`, by its path. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes the host files for the site's `files` (every file of `clientDir`, before these are
 * written): each of them but the pages and the hashed assets has its own headers.
 */
export async function writeHostFiles(
  clientDir: string,
  buildDir: string,
  files: readonly string[],
  apps: readonly RoutableApp[],
  manifest: SiteManifest,
): Promise<void> {
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
}
