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

function toRouteConfig({ id, segment, screen, children }: SiteRoute): RouteConfigEntry {
  const options = id === undefined ? {} : { id };
  if (segment === '') return index(MODULES[screen], options);
  return route(segment, MODULES[screen], options, children.map(toRouteConfig));
}

/**
 * The route table of common/paths.ts and the routes of the apps' links (common/app-links.ts),
 * derived from content/, as React Router reads it.
 */
export default [...siteRoutes(content.apps), ...content.apps.flatMap(appLinkRoutes)].map(
  toRouteConfig,
) satisfies RouteConfig;
