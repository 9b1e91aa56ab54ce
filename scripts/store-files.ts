/**
 * The files the stores and the ad networks read on the site, drawn from content/ at build
 * time (common/store-files.ts says where each goes and how it is served):
 * - apple-app-site-association: each app's universal links (its `appLinks.patterns`, the
 *   same declarations that give each link its page) and its shared passwords;
 * - assetlinks.json: each Android app and the certificates it is signed with;
 * - app-ads.txt: the site's `appAdsTxt` lines.
 * A file is written only when something declares it.
 */
import { linkShellPath } from '../common/app-links.ts';
import { allRoutes, pageRoutes, siteRoutes } from '../common/paths.ts';
import {
  APP_ADS_TXT,
  APPLE_APP_SITE_ASSOCIATION,
  ASSET_LINKS,
  type StoreFile,
} from '../common/store-files.ts';
import type { App, Site } from '../content/schema.ts';
import { ContentError } from '../content/validate.ts';

/** A link's address as Apple's file matches it: each parameter `?*`, one character or more. */
export function appleGlob(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '?*' : segment))
    .join('/');
}

/** Whether an address matches a pattern of Apple's file (`*` any characters, `?` one). */
function appleGlobMatches(glob: string, address: string): boolean {
  const pattern = glob
    .split('')
    .map((char) => {
      if (char === '*') return '.*';
      if (char === '?') return '.';
      return char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${pattern}$`).test(address);
}

/** Apple's components of an app's links, after the app's pages they would otherwise take. */
function appleComponents(app: App): Record<string, unknown>[] {
  const patterns = app.appLinks?.patterns ?? [];
  const globs = patterns.map((pattern) => appleGlob(pattern.path));
  // Apple's `*` and `?` match a "/" too: `/app/?*` would take `/app/privacy` from the site.
  const pages = pageRoutes([app])
    .map((route) => route.path)
    .filter((page) => globs.some((glob) => appleGlobMatches(glob, page)));
  return [
    ...pages.map((page) => ({ '/': page, exclude: true, comment: 'A page of the site' })),
    ...patterns.map((pattern, index) => ({
      '/': globs[index],
      ...(pattern.query?.length
        ? { '?': Object.fromEntries(pattern.query.map((name) => [name, '?*'])) }
        : {}),
      comment: pattern.title,
    })),
  ];
}

/** apple-app-site-association, or undefined when no app declares its Apple app IDs. */
export function appleAppSiteAssociation(apps: readonly App[]): object | undefined {
  const details: { appIDs: string[]; components: Record<string, unknown>[] }[] = [];
  const webcredentials: string[] = [];
  for (const app of apps) {
    const apple = app.appLinks?.apple;
    if (!apple) continue;
    const appIDs = apple.bundleIds.map((bundleId) => `${apple.teamId}.${bundleId}`);
    const components = appleComponents(app);
    if (components.length > 0) details.push({ appIDs, components });
    if (apple.webcredentials) webcredentials.push(...appIDs);
  }
  if (details.length === 0 && webcredentials.length === 0) return undefined;
  return {
    ...(details.length > 0 ? { applinks: { details } } : {}),
    ...(webcredentials.length > 0 ? { webcredentials: { apps: webcredentials } } : {}),
  };
}

/** assetlinks.json, or undefined when no app declares its Android package. */
export function assetLinks(apps: readonly App[]): object[] | undefined {
  const statements = apps.flatMap(({ appLinks }) =>
    appLinks?.android
      ? [
          {
            relation: ['delegate_permission/common.handle_all_urls'],
            target: {
              namespace: 'android_app',
              package_name: appLinks.android.package,
              sha256_cert_fingerprints: appLinks.android.sha256CertFingerprints,
            },
          },
        ]
      : [],
  );
  return statements.length > 0 ? statements : undefined;
}

/** app-ads.txt, or undefined when the site declares no line. */
export function appAdsTxt(site: Site): string | undefined {
  return site.appAdsTxt ? `${site.appAdsTxt.join('\n')}\n` : undefined;
}

/** Each store file the content declares, with its body. */
export function storeFiles(apps: readonly App[], site: Site): { file: StoreFile; body: string }[] {
  const json = (value: object | undefined) =>
    value === undefined ? undefined : `${JSON.stringify(value, null, 2)}\n`;
  const files: [StoreFile, string | undefined][] = [
    [APPLE_APP_SITE_ASSOCIATION, json(appleAppSiteAssociation(apps))],
    [ASSET_LINKS, json(assetLinks(apps))],
    [APP_ADS_TXT, appAdsTxt(site)],
  ];
  return files.flatMap(([file, body]) => (body === undefined ? [] : [{ file, body }]));
}

/**
 * The links that would take the address of one of the site's pages, or of another link's
 * page: one line each, with the file and the field.
 */
export function linkAddressProblems(apps: readonly App[]): string[] {
  const owners = new Map<string, string>();
  for (const route of allRoutes(siteRoutes(apps))) {
    if (route.screen !== 'app-link' && !route.path.includes('*')) {
      owners.set(route.path, 'the address of a page of the site');
    }
  }
  const problems: string[] = [];
  for (const app of apps) {
    (app.appLinks?.patterns ?? []).forEach(({ path }, index) => {
      const field = `content/apps/${app.slug}/app.ts: appLinks.patterns[${index}].path`;
      const shell = linkShellPath(path);
      const owner = owners.get(path) ?? owners.get(shell);
      if (owner) problems.push(`${field}: "${path}" is ${owner}; choose another address`);
      else owners.set(shell, `where the page of appLinks.patterns[${index}] of ${app.slug} is`);
    });
  }
  return problems;
}

/** Stops the build when a link would take the address of a page. */
export function checkLinkAddresses(apps: readonly App[]): void {
  const problems = linkAddressProblems(apps);
  if (problems.length > 0) throw new ContentError(problems);
}
