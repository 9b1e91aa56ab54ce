/**
 * The typed route table. Every address of the site comes from here: the React Router
 * config, the menu, the slider, the sitemap and the server's routing all read it, and
 * the list of apps comes from content/.
 */

/** The legal documents an app can have, as their sub-route segment. */
export const LEGAL_DOCS = ['privacy', 'terms'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

export const paths = {
  home: { pattern: '/', href: () => '/' },
  projects: { pattern: '/projects', href: () => '/projects' },
  project: { href: (slug: string) => `/${slug}` },
  legal: { href: (slug: string, doc: LegalDoc) => `/${slug}/${doc}` },
} as const;

/** What the route table needs to know about an app. */
export interface RoutableApp {
  slug: string;
  name: string;
  /** Apps with legal pages have /privacy and /terms and match any sub-path. */
  legal: boolean;
}

export type PageKind = 'home' | 'projects' | 'project' | 'legal';

export interface PageRoute {
  /** The address, e.g. `/echoexpense/privacy`. */
  path: string;
  kind: PageKind;
  /** The app the page belongs to, for project and legal pages. */
  slug?: string;
}

/** Every known page of the site, in sitemap order: each is prerendered to its own HTML file. */
export function pageRoutes(apps: readonly RoutableApp[]): PageRoute[] {
  const routes: PageRoute[] = [{ path: paths.home.href(), kind: 'home' }];
  for (const app of apps) {
    routes.push({ path: paths.project.href(app.slug), kind: 'project', slug: app.slug });
  }
  routes.push({ path: paths.projects.href(), kind: 'projects' });
  for (const app of apps) {
    if (!app.legal) continue;
    for (const doc of LEGAL_DOCS) {
      routes.push({ path: paths.legal.href(app.slug, doc), kind: 'legal', slug: app.slug });
    }
  }
  return routes;
}

/** The app slugs whose pages also answer any sub-path beneath them. */
export function subPathSlugs(apps: readonly RoutableApp[]): string[] {
  return apps.filter((app) => app.legal).map((app) => app.slug);
}

/**
 * How the site answers a path: a prerendered page, the app shell (for an app's sub-path),
 * or not found. Trailing slashes are ignored (`/projects/` is `/projects`).
 */
export type PathMatch =
  { kind: 'page'; route: PageRoute } | { kind: 'app-shell'; slug: string } | { kind: 'not-found' };

export function matchPath(apps: readonly RoutableApp[], rawPath: string): PathMatch {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const route = pageRoutes(apps).find((candidate) => candidate.path === path);
  if (route) return { kind: 'page', route };
  const [, first] = path.split('/');
  const slug = subPathSlugs(apps).find((candidate) => candidate === first);
  if (slug && path.startsWith(`/${slug}/`)) return { kind: 'app-shell', slug };
  return { kind: 'not-found' };
}
