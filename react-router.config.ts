import { cpSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { linkPages } from './common/app-links.ts';
import { pageRoutes } from './common/paths.ts';
import { siteWordsIn } from './app/i18n/catalogues.ts';
import { content, contentDir, pageContent } from './content/load.ts';
import { builtAppIcons } from './scripts/app-icons.ts';
import { buildLanguage } from './scripts/build-language.ts';
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
const buildRoot = insideCheckout
  ? requestedBuildDir
  : path.join('.cache', 'builds', `${path.basename(requestedBuildDir)}-${process.pid}`);

// A language other than the default is built on its own (SITE_LANGUAGE), under its prefix,
// built in a folder of the build named after it (build/es/), its pages then moved under the
// client's (build/client/es/).
const language = buildLanguage(content.site.languages);
const buildDirectory = language.isDefault ? buildRoot : path.join(buildRoot, language.code);

export default {
  appDirectory: 'app',
  buildDirectory,
  basename: `${language.prefix}/`,
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
      // One page for every address of an app's link (common/app-links.ts), in the default
      // language: what the link opens is the app, whatever the page's language.
      ...(language.isDefault ? linkPages(content.apps).map((page) => page.shellPath) : []),
      NOT_FOUND_PRERENDER_PATH,
    ],
    concurrency: 2,
  },
  async buildEnd({ reactRouterConfig }) {
    const resume = await resumeAsset(content.site, contentDir);
    const words = siteWordsIn(language.code);
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    // React Router writes the pages of a language under its prefix, beside the scripts:
    // lifted out of it, the language's build is one site, served under its prefix.
    if (!language.isDefault) liftPages(clientDir, language.code);
    await finishBuild({
      clientDir,
      buildDir: reactRouterConfig.buildDirectory,
      language: language.code,
      prefix: language.prefix,
      otherLanguages: language.isDefault ? content.site.languages.others : [],
      // Each app with its icon's address, where it has one (as the icon step drew it).
      // The pages of the apps' links are the default language's alone.
      apps: content.apps.map(({ appLinks, ...app }) => ({
        ...app,
        ...(language.isDefault && appLinks ? { appLinks } : {}),
        icon: builtAppIcons(path.resolve('app/generated/app-icons.ts'))[app.slug],
      })),
      settings: { ...buildSettings, publicUrl: `${buildSettings.publicUrl}${language.prefix}` },
      // The files the stores and ad networks read are the site's, at its root.
      storeFiles: language.isDefault ? storeFiles(content.apps, content.site) : [],
      headOf: (route) =>
        structuredDataTags(
          structuredDataFor(route, {
            ...pageContent,
            publicUrl: buildSettings.publicUrl,
            language,
            words: {
              home: words.nav.home,
              allProjects: words.nav.allProjects,
              support: words.showcase.support,
              resume: words.contact.resume(resume?.size ?? ''),
            },
            resumePath: resume?.href,
          }),
        ),
    });
    // The language's pages and files join the default's, under its prefix, where a static
    // host serves them as they are; its site.json stays in build/<language>/.
    if (!language.isDefault) {
      const root = insideCheckout ? buildRoot : requestedBuildDir;
      moveBuild(clientDir, path.join(root, 'client', language.code));
    }
    if (!insideCheckout) {
      moveBuild(
        buildDirectory,
        language.isDefault ? requestedBuildDir : path.join(requestedBuildDir, language.code),
      );
    }
  },
} satisfies Config;

/** Moves the pages React Router wrote under `client/<prefix>/` up into `client/`. */
function liftPages(clientDir: string, prefix: string): void {
  const written = path.join(clientDir, prefix);
  for (const entry of readdirSync(written)) {
    renameSync(path.join(written, entry), path.join(clientDir, entry));
  }
  rmSync(written, { recursive: true });
}

/** Moves a finished build to its folder, in place of what was there. */
function moveBuild(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  rmSync(from, { recursive: true, force: true });
}
