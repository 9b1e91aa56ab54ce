/**
 * What the end-to-end tests know about the built site: its manifest (build/site.json) and
 * the content it was built from, so the tests check behaviour against whatever content/
 * holds.
 */
import { readFileSync } from 'node:fs';
import { isIndexed, pageRoutes } from '../../common/paths.ts';
import { SiteManifestSchema } from '../../common/site-manifest.ts';
import type { AppInput } from '../../content/schema.ts';
import { site } from '../../content/site.ts';

export const manifest = SiteManifestSchema.parse(
  JSON.parse(readFileSync(new URL('../../build/site.json', import.meta.url), 'utf8')),
);

export const apps = manifest.apps;
export const legalApps = apps.filter((app) => app.legal);
export const ownerName = site.ownerName;

const routes = pageRoutes(apps);
/** The pages search engines are meant to list: each has a canonical link and a sitemap entry. */
export const indexedPaths = routes.filter((route) => isIndexed(route.screen)).map((r) => r.path);
/** The pages that answer one visitor's action (`noindex`, outside the sitemap). */
export const unindexedPaths = routes
  .filter((route) => !isIndexed(route.screen))
  .map((route) => route.path);

function needed<T>(found: T | undefined, what: string): T {
  if (found === undefined) {
    throw new Error(`The end-to-end tests need ${what} in content/apps/, and there is none.`);
  }
  return found;
}

/**
 * Says in one line which tests are not defined, and why: they need something of the content
 * (an app with many screenshots, two store buttons) that an owner's site may not have. The
 * shipped sample has all of it, so every test runs on it.
 */
export function notTested(tests: string, lack: string): void {
  console.info(`${tests}: not tested, as content/apps/ has no ${lack}.`);
}

/** An app with a Privacy Policy and Terms of Use: the app page most tests visit. */
export const legalApp = needed(legalApps[0], 'an app with legal texts');
/** Another app with legal texts, for tests that visit two; the same one on a site with one. */
export const otherLegalApp = legalApps[1] ?? legalApp;
/** The last app of the menu, any app. */
export const lastApp = needed(apps.at(-1), 'an app');
/** An app without legal texts, when the content has one. */
export const appWithoutLegal = apps.find((app) => !app.legal);

/** The further legal pages the apps declare (`legalPages`), each with its app and title. */
export const declaredLegalPages = legalApps.flatMap((app) =>
  Object.entries(app.legalPages ?? {}).map(([doc, title]) => ({ app, doc, title })),
);

export const MENU_ORDER = ['Home', ...apps.map((app) => app.name), 'All Projects'];

/** Each app's content file as the owner wrote it, in menu order. */
export const appContent: AppInput[] = await Promise.all(
  apps.map(async (app) => {
    const module = (await import(`../../content/apps/${app.slug}/app.ts`)) as { default: AppInput };
    return module.default;
  }),
);

/** How many screenshots an app's carousel shows. */
export function screenshotCount(app: AppInput): number {
  return Array.isArray(app.screenshots) ? app.screenshots.length : app.screenshots.placeholders;
}

export { site };
