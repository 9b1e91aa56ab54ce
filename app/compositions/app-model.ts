/**
 * The apps as the screens show them: each app with its screenshots, its legal documents and
 * its support address joined in, in menu and slider order. (The routes find theirs by the
 * route's id: app-pages.ts.)
 */
import { subPagesOf, type AppSubPages } from '../../common/paths.ts';
import type { Screenshot } from '../../common/screenshot.ts';
import { apps } from '../../content/index.ts';
import type { App } from '../../content/schema.ts';
import { screenshotsBySlug } from '../generated/screenshots.ts';

/** An app with everything its page shows. */
export interface ResolvedApp extends AppSubPages {
  app: App;
  /** Its screenshots, in display order. */
  screenshots: readonly Screenshot[];
}

/** Every app, resolved, in menu and slider order. */
export const resolvedApps: readonly ResolvedApp[] = apps.map((app) => ({
  app,
  screenshots: screenshotsBySlug[app.slug] ?? [],
  ...subPagesOf(app),
}));
