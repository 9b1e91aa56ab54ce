/**
 * The 404 page and the app shell: React Router prerenders the 404 page at a path no route
 * has, and the server and the static hosts serve it by the name they know.
 */
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A path no route has, prerendered to produce the 404 page. */
export const NOT_FOUND_PRERENDER_PATH = '/__not-found';
export const NOT_FOUND_FILE = '404.html';
export const APP_SHELL_FILE = '__spa-fallback.html';

/** Names the 404 page, removes what was prerendered at its path, and checks the app shell. */
export async function nameNotFoundPage(clientDir: string): Promise<void> {
  const notFoundDir = path.join(clientDir, NOT_FOUND_PRERENDER_PATH.slice(1));
  await rename(path.join(notFoundDir, 'index.html'), path.join(clientDir, NOT_FOUND_FILE));
  await rm(notFoundDir, { recursive: true, force: true });
  await rm(`${notFoundDir}.data`, { force: true });
  await stat(path.join(clientDir, APP_SHELL_FILE));
}
