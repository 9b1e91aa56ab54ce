import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { linkPages } from './common/app-links.ts';
import { pageRoutes } from './common/paths.ts';
import { content, contentDir } from './content/load.ts';
import { builtAppIcons } from './scripts/app-icons.ts';
import { buildSettings } from './scripts/build-settings.ts';
import { finishBuild, NOT_FOUND_PRERENDER_PATH } from './scripts/finish-build.ts';
import { resumeAsset } from './scripts/resume.ts';
import { checkLinkAddresses, storeFiles } from './scripts/store-files.ts';
import { structuredDataFor, structuredDataTags } from './scripts/structured-data.ts';

// A link of an app that would take a page's address stops the build, naming its field.
checkLinkAddresses(content.apps);

// BUILD_DIR: a build for a static host can go apart from the one the server serves, to any
// folder. Prerendering imports the build's own modules, which find the site's packages only
// inside the checkout: a folder outside it is built here first, then moved there whole.
const requestedBuildDir = process.env.BUILD_DIR?.trim() || 'build';
const insideCheckout = !path
  .relative(process.cwd(), path.resolve(requestedBuildDir))
  .startsWith('..');
const buildDirectory = insideCheckout
  ? requestedBuildDir
  : path.join('.cache', 'builds', `${path.basename(requestedBuildDir)}-${process.pid}`);

export default {
  appDirectory: 'app',
  buildDirectory,
  // A static site: every known route is prerendered to its own HTML file and hydrated into
  // the single-page app; sub-paths of an app are served the app shell.
  ssr: false,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  prerender: {
    paths: () => [
      ...pageRoutes(content.apps).map((route) => route.path),
      // One page for every address of an app's link (common/app-links.ts).
      ...linkPages(content.apps).map((page) => page.shellPath),
      NOT_FOUND_PRERENDER_PATH,
    ],
    concurrency: 2,
  },
  async buildEnd({ reactRouterConfig }) {
    const resumePath = (await resumeAsset(content.site, contentDir))?.href;
    await finishBuild({
      clientDir: path.join(reactRouterConfig.buildDirectory, 'client'),
      buildDir: reactRouterConfig.buildDirectory,
      // Each app with its icon's address, where it has one (as the icon step drew it).
      apps: content.apps.map((app) => ({
        ...app,
        icon: builtAppIcons(path.resolve('app/generated/app-icons.ts'))[app.slug],
      })),
      settings: buildSettings,
      storeFiles: storeFiles(content.apps, content.site),
      headOf: (route) =>
        structuredDataTags(
          structuredDataFor(route, { ...content, publicUrl: buildSettings.publicUrl, resumePath }),
        ),
    });
    if (!insideCheckout) moveBuild(buildDirectory, requestedBuildDir);
  },
} satisfies Config;

/** Moves a finished build to its folder, in place of what was there. */
function moveBuild(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  rmSync(from, { recursive: true, force: true });
}
