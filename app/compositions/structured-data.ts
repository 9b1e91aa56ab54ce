/**
 * JSON-LD for search engines, from content/ alone: who the owner is, the site, each app as
 * a MobileApplication or WebApplication, and where a page sits (breadcrumbs). Nothing is
 * stated that the content does not state: no rating, price or download count.
 */
import type {
  BreadcrumbList,
  MobileApplication,
  Person,
  Thing,
  WebApplication,
  WebSite,
  WithContext,
} from 'schema-dts';
import { appCardPath } from '../../common/link-cards.ts';
import { paths } from '../../common/paths.ts';
import { site } from '../../content/index.ts';
import type { App } from '../../content/schema.ts';

/** The address of a path on the public site. */
export function absoluteUrl(path: string): string {
  return `${__PUBLIC_URL__}${path === '/' ? '/' : path}`;
}

const owner = {
  '@type': 'Person',
  name: site.ownerName,
  url: absoluteUrl(paths.home.href()),
} as const satisfies Person;

/** Home: the owner, with their profiles elsewhere, and the site. */
export function homeStructuredData(): WithContext<Thing>[] {
  const person: WithContext<Person> = {
    '@context': 'https://schema.org',
    ...owner,
    sameAs: [site.contact.linkedin, site.codeHostUrl],
  };
  const website: WithContext<WebSite> = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.siteName,
    description: site.description,
    url: absoluteUrl(paths.home.href()),
    author: owner,
  };
  return [person, website];
}

/** The operating systems an app's store links say it runs on. */
function operatingSystems(app: App): string[] {
  if (app.platform === 'web') return ['Web browser'];
  const systems = new Set<string>();
  for (const button of app.buttons) {
    if (button.kind === 'appStore' || button.kind === 'testFlight') systems.add('iOS');
    if (button.kind === 'playStore') systems.add('Android');
  }
  if (systems.size === 0) systems.add('iOS');
  return [...systems];
}

/** An app's page: the app itself, as a mobile or a web application. */
export function appStructuredData(app: App): WithContext<MobileApplication | WebApplication> {
  const installUrls = app.buttons
    .filter((button) => button.kind !== 'landing')
    .map((button) => button.href);
  const landing = app.buttons.filter((button) => button.kind === 'landing');
  const common = {
    name: app.name,
    description: app.summary,
    url: absoluteUrl(paths.project.href(app.slug)),
    applicationCategory: app.category,
    operatingSystem: operatingSystems(app).join(', '),
    image: absoluteUrl(appCardPath(app.slug)),
    author: owner,
    ...(installUrls.length > 0 ? { installUrl: [...new Set(installUrls)] } : {}),
    sameAs: [...new Set([app.titleHref, ...landing.map((button) => button.href)])],
  };
  return app.platform === 'web'
    ? { '@context': 'https://schema.org', '@type': 'WebApplication', ...common }
    : { '@context': 'https://schema.org', '@type': 'MobileApplication', ...common };
}

/** Where a page sits under home, as a trail of names and paths. */
export function breadcrumbs(trail: readonly { name: string; path: string }[]) {
  const list: WithContext<BreadcrumbList> = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: paths.home.href() }, ...trail].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
  return list;
}
