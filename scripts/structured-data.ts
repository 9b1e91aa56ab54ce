/**
 * JSON-LD for search engines, from content/ alone: who the owner is, the site, each app as
 * a MobileApplication or WebApplication, and where a page sits (breadcrumbs). Nothing is
 * stated that the content does not state: no rating, price or download count.
 *
 * The build writes it into each prerendered page's head (finish-build.ts), so it costs the
 * browser no script; React leaves head elements it did not render alone when it hydrates.
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
import { appCardPath } from '../common/link-cards.ts';
import { paths, type SiteRoute } from '../common/paths.ts';
import type { App, Site } from '../content/schema.ts';

export interface StructuredDataContext {
  /** The site and its apps with their texts in the pages' language. */
  site: Site;
  apps: readonly App[];
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
  /** The pages' language (`inLanguage`), and its prefix in their addresses (`/es`; '' for the default). */
  language: { code: string; prefix: string };
  /** The names of the pages along a breadcrumb trail, and the résumé's, in the pages' language. */
  words: { home: string; allProjects: string; support: string; resume: string };
  /** The address of the owner's résumé on the site (`/resume/resume.pdf`); default none. */
  resumePath?: string | undefined;
}

/** The JSON-LD of a page of the route table; none for pages that are not indexed. */
export function structuredDataFor(
  route: SiteRoute,
  context: StructuredDataContext,
): WithContext<Thing>[] {
  const { site, apps, publicUrl, resumePath, language, words } = context;
  /** A page's address, in the pages' language. */
  const absoluteUrl = (path: string) => `${publicUrl}${language.prefix}${path}`;
  /** A file's address: the site's files are the same for every language. */
  const fileUrl = (path: string) => `${publicUrl}${path}`;
  const cardLanguage = language.prefix === '' ? undefined : language.code;
  const owner: Owner = {
    '@type': 'Person',
    name: site.ownerName,
    url: absoluteUrl(paths.home.href()),
  };
  const app = apps.find((candidate) => candidate.slug === route.slug);
  const breadcrumbs = (trail: readonly { name: string; path: string }[]) =>
    breadcrumbList([{ name: words.home, path: paths.home.href() }, ...trail], absoluteUrl);
  const appCrumb = app ? [{ name: app.name, path: paths.project.href(app.slug) }] : [];
  switch (route.screen) {
    case 'home':
      return homeStructuredData(site, owner, absoluteUrl, {
        inLanguage: language.code,
        resume: resumePath ? { name: words.resume, url: fileUrl(resumePath) } : undefined,
      });
    case 'projects':
      return [breadcrumbs([{ name: words.allProjects, path: route.path }])];
    case 'project':
      return app
        ? [
            appStructuredData(app, owner, absoluteUrl, {
              inLanguage: language.code,
              image: fileUrl(appCardPath(app.slug, cardLanguage)),
            }),
            breadcrumbs(appCrumb),
          ]
        : [];
    case 'legal':
      return route.title
        ? [breadcrumbs([...appCrumb, { name: route.title, path: route.path }])]
        : [];
    case 'support':
      return [breadcrumbs([...appCrumb, { name: words.support, path: route.path }])];
    default:
      return [];
  }
}

/** The owner as the other objects name them. */
interface Owner {
  '@type': 'Person';
  name: string;
  url: string;
}
type AbsoluteUrl = (path: string) => string;

/** Home: the owner, with their profiles elsewhere and their résumé, and the site. */
function homeStructuredData(
  site: Site,
  owner: Owner,
  absoluteUrl: AbsoluteUrl,
  { inLanguage, resume }: { inLanguage: string; resume: { name: string; url: string } | undefined },
): WithContext<Thing>[] {
  const person: WithContext<Person> = {
    '@context': 'https://schema.org',
    ...owner,
    sameAs: [site.contact.linkedin, site.codeHostUrl],
    // The résumé is a document about the owner.
    ...(resume
      ? {
          subjectOf: {
            '@type': 'DigitalDocument',
            name: resume.name,
            encodingFormat: 'application/pdf',
            url: resume.url,
          },
        }
      : {}),
  };
  const website: WithContext<WebSite> = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.siteName,
    description: site.description,
    url: absoluteUrl(paths.home.href()),
    inLanguage,
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
function appStructuredData(
  app: App,
  owner: Owner,
  absoluteUrl: AbsoluteUrl,
  { inLanguage, image }: { inLanguage: string; image: string },
): WithContext<MobileApplication | WebApplication> {
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
    image,
    inLanguage,
    author: owner,
    ...(installUrls.length > 0 ? { installUrl: [...new Set(installUrls)] } : {}),
    sameAs: [...new Set([app.titleHref, ...landing.map((button) => button.href)])],
  };
  return app.platform === 'web'
    ? { '@context': 'https://schema.org', '@type': 'WebApplication', ...common }
    : { '@context': 'https://schema.org', '@type': 'MobileApplication', ...common };
}

/** Where a page sits, as a trail of names and paths from home. */
function breadcrumbList(
  trail: readonly { name: string; path: string }[],
  absoluteUrl: AbsoluteUrl,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** JSON-LD objects as the script tags of a page's head; `<` is escaped so no text ends them. */
export function structuredDataTags(data: readonly WithContext<Thing>[]): string {
  return data
    .map(
      (item) =>
        `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`,
    )
    .join('');
}
