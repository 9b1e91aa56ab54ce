import { index, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { appLinkRoutes, siteRoutes, type Screen, type SiteRoute } from '../common/paths.ts';
import { content } from '../content/load.ts';

/** The route module of each screen. */
const MODULES: Record<Screen, string> = {
  home: 'routes/home.tsx',
  projects: 'routes/projects.tsx',
  project: 'routes/project.tsx',
  legal: 'routes/legal.tsx',
  support: 'routes/support.tsx',
  'feedback-sent': 'routes/feedback-sent.tsx',
  'app-shell': 'routes/project-sub-path.tsx',
  'app-link': 'routes/app-link.tsx',
  'not-found': 'routes/not-found.tsx',
};

/**
 * A route's module: an app's page has one of its own, `generated/app-routes/<slug>.ts`
 * (written by scripts/app-routes.ts), which loads its app's texts with it; every other
 * screen's is shared.
 */
function moduleOf({ screen, slug }: SiteRoute): string {
  return screen === 'project' && slug !== undefined
    ? `generated/app-routes/${slug}.ts`
    : MODULES[screen];
}

function toRouteConfig(siteRoute: SiteRoute): RouteConfigEntry {
  const { id, segment, children } = siteRoute;
  const options = id === undefined ? {} : { id };
  if (segment === '') return index(moduleOf(siteRoute), options);
  return route(segment, moduleOf(siteRoute), options, children.map(toRouteConfig));
}

/**
 * The route table of common/paths.ts and the routes of the apps' links (common/app-links.ts),
 * derived from content/, as React Router reads it.
 */
export default [...siteRoutes(content.apps), ...content.apps.flatMap(appLinkRoutes)].map(
  toRouteConfig,
) satisfies RouteConfig;
