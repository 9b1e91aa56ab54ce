/**
 * What a visit is counted under: the page of a path (and the app it belongs to), or a path
 * that found no page; and the class of the visitor's device, from its user agent (read
 * and forgotten, never stored).
 */
import { appShellPaths, pageRoutes, type RoutableApp } from '../../common/paths.ts';
import type { DeviceClass } from './types.ts';

/** The longest path kept of one that found no page. */
const NOT_FOUND_PATH_MAX = 200;

export type PageOf =
  { kind: 'page'; page: string; app: string | undefined } | { kind: 'not-found'; path: string };

/** Sorts a path into the site's pages: each known page, and an app's sub-paths as its page. */
export function pageIndex(apps: readonly RoutableApp[]): (path: string) => PageOf {
  const pages = new Map(pageRoutes(apps).map((route) => [route.path, route.slug]));
  const shells = appShellPaths(apps).map((pattern) => pattern.replace(/\*$/, ''));
  return (raw) => {
    const path = raw.length > 1 ? raw.replace(/\/+$/, '') || '/' : raw;
    if (pages.has(path)) return { kind: 'page', page: path, app: pages.get(path) };
    const shell = shells.find((prefix) => path.startsWith(prefix));
    if (shell) {
      const page = shell.slice(0, -1);
      return { kind: 'page', page, app: pages.get(page) };
    }
    return { kind: 'not-found', path: path.slice(0, NOT_FOUND_PATH_MAX) };
  };
}

/**
 * The device class a user agent names: tablets first (an Android without "Mobile", an
 * iPad), then phones; anything else is a desktop. An iPad that asks for desktop pages (the
 * default since iPadOS 13) says it is a Mac, and counts as a desktop.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
