/**
 * Each app's links (the `appLinks` of its app.ts), by the app's slug, for the pages of the
 * links. The rest of the site reads the apps without them (scripts/browser-content.ts
 * keeps them out of that copy), so only a link's page loads them: this module imports each
 * app.ts as `app.ts?links`, whose copy holds the app's slug and links alone.
 */
import type { AppLinks } from './app-links-schema.ts';
import type { AppInput } from './schema.ts';

const linkModules = import.meta.glob<Pick<AppInput, 'slug' | 'appLinks'>>('./apps/*/app.ts', {
  eager: true,
  import: 'default',
  query: '?links',
});

// The build has validated these inputs against the schemas, so their output types hold.
export const appLinksBySlug: ReadonlyMap<string, AppLinks> = new Map(
  Object.values(linkModules).flatMap(({ slug, appLinks }) =>
    appLinks ? [[slug, appLinks] as const] : [],
  ),
);
