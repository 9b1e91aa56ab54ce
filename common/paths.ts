/**
 * The typed route table. Every address of the site is derived here, once, from the list of
 * apps: the React Router config (app/routes.ts), the prerender list, the sitemap, the menu,
 * the slider and the server's routing all read it. (What an app's link matches and opens is
 * in common/app-links.ts; its route, beside the app's page, is here.)
 */
import { appLinkRouteId, type RoutableAppLinks } from './app-links.ts';

/**
 * The legal documents every app with legal pages has, by their sub-route segment, with their
 * titles (their links', their modals' and their pages'), in the order its page links them.
 */
export const LEGAL_TITLES = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
} as const;

/**
 * A legal document, as its sub-route segment and its Markdown file's name: one of
 * LEGAL_TITLES, or one the app declares (`delete-account`, `security`).
 */
export type LegalDoc = string;

export const paths = {
  home: { href: () => '/' },
  projects: { href: () => '/projects' },
  project: { href: (slug: string) => `/${slug}` },
  legal: { href: (slug: string, doc: LegalDoc) => `/${slug}/${doc}` },
  /** The app's support address: its Send Feedback form over its page. */
  support: { href: (slug: string) => `/${slug}/support` },
  /**
   * Where the support form leads once a message posted without scripts is stored: the app's
   * page with a confirmation over it.
   */
  feedbackSent: { href: (slug: string) => `/${slug}/feedback-sent` },
} as const;

/** The title of an app's support page. */
export function supportTitle(appName: string): string {
  return `Support for ${appName}`;
}

/** What the route table needs to know about an app. */
export interface RoutableApp {
  slug: string;
  name: string;
  /**
   * Apps with legal pages have /privacy, /terms, /support and /feedback-sent, and match any
   * sub-path.
   */
  legal: boolean;
  /**
   * Further legal pages of an app with legal pages, each by its sub-route segment with its
   * title, e.g. `{ 'delete-account': 'Delete Your Account' }`; default none.
   */
  legalPages?: Readonly<Record<LegalDoc, string>>;
  /** Its icon's address on the site, where it has one (the owner's Visits show it). */
  icon?: string | undefined;
  /**
   * Its links, each a route of its own beside the app's page (`appLinkRoutes`); default
   * none.
   */
  appLinks?: RoutableAppLinks;
}

/** What a route shows; app/routes.ts gives each its route module. */
export type Screen =
  | 'home'
  | 'projects'
  | 'project'
  | 'legal'
  | 'support'
  | 'feedback-sent'
  | 'app-shell'
  | 'app-link'
  | 'not-found';

export interface SiteRoute {
  /** The route's id, unique in the table; unset for React Router's default (its module). */
  id?: string;
  /** The path below the parent route: '' for an index route, '*' for any path beneath. */
  segment: string;
  /**
   * The full address, e.g. `/echoexpense/privacy`, `/echoexpense/*` for a splat, or
   * `/reciperealm/r/:id` for an app's link.
   */
  path: string;
  screen: Screen;
  /** The app a project, legal, support, app-shell or app-link route belongs to. */
  slug?: string;
  /** The document a legal route shows. */
  doc?: LegalDoc;
  /** The title of the document a legal route shows. */
  title?: string;
  /** The place in its app's `appLinks.patterns` of the link an app-link route answers. */
  link?: number;
  children: SiteRoute[];
}

function appRoute(app: RoutableApp): SiteRoute {
  const { slug } = app;
  const path = paths.project.href(slug);
  // Terms and privacy, then the further pages the app declares, in the order it links them.
  const docs = Object.entries({ ...LEGAL_TITLES, ...app.legalPages });
  const legal: SiteRoute[] = docs.map(([doc, title]) => ({
    id: `legal/${slug}/${doc}`,
    segment: doc,
    path: paths.legal.href(slug, doc),
    screen: 'legal',
    slug,
    doc,
    title,
    children: [],
  }));
  const support: SiteRoute = {
    id: `support/${slug}`,
    segment: 'support',
    path: paths.support.href(slug),
    screen: 'support',
    slug,
    children: [],
  };
  const feedbackSent: SiteRoute = {
    id: `feedback-sent/${slug}`,
    segment: 'feedback-sent',
    path: paths.feedbackSent.href(slug),
    screen: 'feedback-sent',
    slug,
    children: [],
  };
  const appShell: SiteRoute = {
    id: `project/${slug}/sub-path`,
    segment: '*',
    path: `${path}/*`,
    screen: 'app-shell',
    slug,
    children: [],
  };
  return {
    id: `project/${slug}`,
    segment: slug,
    path,
    screen: 'project',
    slug,
    children: app.legal ? [...legal, support, feedbackSent, appShell] : [],
  };
}

/** A page beneath an app's page, linked from it. */
export interface SubPageLink {
  href: string;
  /** The page's title, and its link's accessible name, e.g. "Terms of Use". */
  title: string;
}

/** One of an app's legal documents, linked from its page. */
export interface LegalDocLink extends SubPageLink {
  doc: LegalDoc;
}

/** The pages an app's page links beneath itself, as its routes in the table have them. */
export interface AppSubPages {
  /** Its legal documents, in the table's order; none for an app without legal pages. */
  legalDocs: LegalDocLink[];
  /** Its support address, for an app with legal pages; default none. */
  support?: SubPageLink;
}

/** The legal documents and support address of an app, read from its routes. */
export function subPagesOf(app: RoutableApp): AppSubPages {
  const pages: AppSubPages = { legalDocs: [] };
  for (const { screen, doc, title, path } of appRoute(app).children) {
    if (screen === 'legal' && doc && title) pages.legalDocs.push({ doc, title, href: path });
    if (screen === 'support') pages.support = { href: path, title: supportTitle(app.name) };
  }
  return pages;
}

/** Every route of the site, nested as React Router nests them. */
export function siteRoutes(apps: readonly RoutableApp[]): SiteRoute[] {
  return [
    { segment: '', path: paths.home.href(), screen: 'home', children: [] },
    { segment: 'projects', path: paths.projects.href(), screen: 'projects', children: [] },
    ...apps.map(appRoute),
    { segment: '*', path: '/*', screen: 'not-found', children: [] },
  ];
}

/**
 * The routes of an app's links, beside its page rather than beneath it: a link's page is a
 * page of its own. Where a link and one of the app's pages could both answer an address (the
 * link `/app/:game` and `/app/privacy`), the page's fixed address ranks first.
 */
export function appLinkRoutes(app: { slug: string; appLinks?: RoutableAppLinks }): SiteRoute[] {
  return (app.appLinks?.patterns ?? []).map((link, index) => ({
    id: appLinkRouteId(app.slug, index),
    segment: link.path.slice(1),
    path: link.path,
    screen: 'app-link',
    slug: app.slug,
    link: index,
    children: [],
  }));
}

/** The routes of the table and all their descendants, parents first. */
export function allRoutes(routes: readonly SiteRoute[]): SiteRoute[] {
  return routes.flatMap((route) => [route, ...allRoutes(route.children)]);
}

/** Where each kind of page comes in the sitemap; the other screens are no pages. */
const PAGE_ORDER: Partial<Record<Screen, number>> = {
  home: 0,
  project: 1,
  projects: 2,
  legal: 3,
  support: 4,
  'feedback-sent': 5,
};

/** Pages that answer one visitor's action and are kept out of search engines and the sitemap. */
const NOT_INDEXED: ReadonlySet<Screen> = new Set(['feedback-sent']);

/** Whether search engines should list a page of this screen. */
export function isIndexed(screen: Screen): boolean {
  return !NOT_INDEXED.has(screen);
}

/**
 * Every known page of the site, in sitemap order (home, the app pages, All Projects, the
 * legal pages, the support pages, then the feedback-sent pages, which the sitemap leaves
 * out): each is prerendered to its own HTML file.
 */
export function pageRoutes(apps: readonly RoutableApp[]): SiteRoute[] {
  const routes = allRoutes(siteRoutes(apps));
  // A legal page an app declares must not take the address of another of its pages.
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) {
      throw new Error(
        `Two pages at ${route.path}: rename the legal page "${route.segment}" of ${route.slug ?? 'the app'}`,
      );
    }
    seen.add(route.path);
  }
  return routes
    .filter((route) => PAGE_ORDER[route.screen] !== undefined)
    .sort((a, b) => (PAGE_ORDER[a.screen] ?? 0) - (PAGE_ORDER[b.screen] ?? 0));
}

/** The addresses answered with the app shell: any path beneath an app with legal pages. */
export function appShellPaths(apps: readonly RoutableApp[]): string[] {
  return allRoutes(siteRoutes(apps))
    .filter((route) => route.screen === 'app-shell')
    .map((route) => route.path);
}
