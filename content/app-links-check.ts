/**
 * The checks of the apps' `appLinks` that no single field can make: each link lies beneath
 * its own app's page, no two links of an app stand for the same addresses, and no Apple app
 * ID or Android package is declared by two apps. (That a link leaves the app's pages their
 * addresses is checked with the route table, at build time: scripts/store-files.ts.)
 */
import { LINK_PARAM } from './app-links-schema.ts';
import type { App } from './schema.ts';

/** A link's address with its parameters' names left out: two links alike stand for the same. */
function shape(path: string): string {
  return path
    .split('/')
    .map((segment) => (LINK_PARAM.test(segment) ? ':' : segment))
    .join('/');
}

/**
 * A check to run on each valid app in turn; it remembers the ids it has seen, to name the
 * app that declared one first.
 */
export function appLinksCheck(): (app: App, where: string) => string[] {
  const appIdOwners = new Map<string, string>();
  const packageOwners = new Map<string, string>();
  return (app, where) => {
    const links = app.appLinks;
    if (!links) return [];
    const problems: string[] = [];
    const shapes = new Map<string, number>();
    (links.patterns ?? []).forEach(({ path }, index) => {
      const field = `appLinks.patterns[${index}].path`;
      if (!path.startsWith(`/${app.slug}/`)) {
        problems.push(
          `${where}: ${field}: "${path}" must be beneath the app's page, like /${app.slug}/r/:id`,
        );
      }
      const same = shapes.get(shape(path));
      if (same === undefined) shapes.set(shape(path), index);
      else {
        problems.push(
          `${where}: ${field}: "${path}" stands for the same addresses as appLinks.patterns[${same}].path`,
        );
      }
    });
    const claim = (owners: Map<string, string>, key: string, field: string) => {
      const owner = owners.get(key);
      if (owner) problems.push(`${where}: ${field}: "${key}" is already declared by ${owner}`);
      else owners.set(key, where);
    };
    links.apple?.bundleIds.forEach((bundleId, index) => {
      claim(
        appIdOwners,
        `${links.apple?.teamId}.${bundleId}`,
        `appLinks.apple.bundleIds[${index}]`,
      );
    });
    if (links.android) claim(packageOwners, links.android.package, 'appLinks.android.package');
    return problems;
  };
}
