import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { pageRoutes } from './common/paths.ts';
import { content, contentDir } from './content/load.ts';
import { buildSettings } from './scripts/build-settings.ts';
import { finishBuild, NOT_FOUND_PRERENDER_PATH } from './scripts/finish-build.ts';
import { resumeAsset } from './scripts/resume.ts';
import { structuredDataFor, structuredDataTags } from './scripts/structured-data.ts';

export default {
  appDirectory: 'app',
  // BUILD_DIR: a build for a static host can go apart from the one the server serves.
  buildDirectory: process.env.BUILD_DIR?.trim() || 'build',
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
    paths: () => [...pageRoutes(content.apps).map((route) => route.path), NOT_FOUND_PRERENDER_PATH],
    concurrency: 2,
  },
  async buildEnd({ reactRouterConfig }) {
    const resumePath = (await resumeAsset(content.site, contentDir))?.href;
    await finishBuild({
      clientDir: path.join(reactRouterConfig.buildDirectory, 'client'),
      buildDir: reactRouterConfig.buildDirectory,
      apps: content.apps,
      settings: buildSettings,
      headOf: (route) =>
        structuredDataTags(
          structuredDataFor(route, { ...content, publicUrl: buildSettings.publicUrl, resumePath }),
        ),
    });
  },
} satisfies Config;
