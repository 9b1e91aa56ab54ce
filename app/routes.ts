import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { LEGAL_DOCS } from '../common/paths.ts';
import { content } from '../content/load.ts';

/**
 * The route table, derived from content/: each app folder adds its page, and apps with
 * legal pages add /privacy and /terms (a modal over the page) and match any sub-path.
 */
export default [
  index('routes/home.tsx'),
  route('projects', 'routes/projects.tsx'),
  ...content.apps.map((app) =>
    route(
      app.slug,
      'routes/project.tsx',
      { id: `project/${app.slug}` },
      app.legal
        ? [
            ...LEGAL_DOCS.map((doc) =>
              route(doc, 'routes/legal.tsx', { id: `legal/${app.slug}/${doc}` }),
            ),
            route('*', 'routes/project-sub-path.tsx', { id: `project/${app.slug}/sub-path` }),
          ]
        : [],
    ),
  ),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
