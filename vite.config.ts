import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { browserContentPlugin } from './scripts/browser-content.ts';
import { buildLanguage, ownNames } from './scripts/build-language.ts';
import { buildSettings } from './scripts/build-settings.ts';
import { languagesOf } from './content/languages.ts';
import type { SiteInput } from './content/schema.ts';
import { site } from './content/site.ts';
import { legalMarkdown } from './scripts/legal-markdown.ts';
import { contentDev } from './scripts/content-dev.ts';
import { eagerCommonJs } from './scripts/eager-commonjs.ts';
import { stacklessSentinelsPlugin } from './scripts/stackless-sentinels.ts';
import { devApi } from './scripts/dev-api.ts';
import { classNamer } from './scripts/css-class-names.ts';

/**
 * Two warnings that say nothing about the site are dropped where they are printed; every
 * other warning passes unchanged.
 * - React Router's plugin starts its inner Vite compilers with the retired `envFile: false`
 *   (its own setting, not one of this file's), and Vite then prints "The `envFile` option is
 *   deprecated" once per compiler on every build and dev start. Those compilers log through
 *   loggers this file cannot reach.
 * - The CSS minifier (Lightning CSS 1.33) does not know the carousel's `::scroll-button()`
 *   pseudo-elements (CSS Overflow 5, in Chromium since 135) and warns about each rule, with
 *   its code, on every build; it keeps the rules as they are written.
 */
const IGNORED_WARNINGS = [
  '`envFile` option is deprecated',
  "'scroll-button' is not recognized as a valid pseudo-element",
];
const printWarning = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const first = args[0];
  if (typeof first === 'string' && IGNORED_WARNINGS.some((text) => first.includes(text))) return;
  printWarning(...args);
};

/** The language this build is for (SITE_LANGUAGE): its pages and files live under its prefix. */
const siteInput: SiteInput = site;
const languages = languagesOf(siteInput);
const language = buildLanguage(languages);

export default defineConfig(({ command }) => ({
  base: `${language.prefix}/`,
  // The public files (icon, screenshots, link cards, résumé) are the default build's, at the
  // site's root, for every language.
  publicDir: language.isDefault ? 'public' : false,
  plugins: [
    browserContentPlugin(language),
    legalMarkdown(language.prefix),
    ...(command === 'serve' ? [devApi(), contentDev()] : []),
    reactRouter(),
    eagerCommonJs(),
    stacklessSentinelsPlugin(),
  ] as Plugin[],
  define: {
    __PUBLIC_URL__: JSON.stringify(buildSettings.publicUrl),
    __SITE_LANGUAGE__: JSON.stringify(language.code),
    __SITE_DIRECTION__: JSON.stringify(language.dir),
    __LANGUAGE_NAMES__: JSON.stringify(ownNames(languages)),
    __BUILD_ID__: JSON.stringify(buildSettings.buildId),
    __FEEDBACK_API_ORIGIN__: JSON.stringify(buildSettings.feedbackApiOrigin ?? ''),
  },
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
      // Short names in a build (`scripts/css-class-names.ts`), readable ones in development.
      ...(command === 'build'
        ? { generateScopedName: classNamer(path.dirname(fileURLToPath(import.meta.url))) }
        : {}),
    },
  },
  build: {
    target: 'es2022',
    // Inline nothing as data: URLs: the CSP allows images and scripts from 'self' only,
    // and separate files cache better.
    assetsInlineLimit: 0,
    // The 3D scene is one lazily loaded chunk of about 600 KB (180 KB gzip), held to its own
    // budget by `npm run bench:3d`; warn only above that.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, react-dom and the scheduler they share with the 3D renderer: one file,
            // instead of four small ones on every page.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The site's small helpers, icons, the site's words, the route table, the apps'
            // links and the pages' head tags, which every page loads: one
            // file, instead of a few whose split follows which route happens to share which
            // helper. The visit beacon stays a chunk of its own, loaded once the page is live.
            // The app model (each app's screenshots joined in) is not among them: home draws
            // no app page before its slider's own chunk, which brings it.
            {
              name: 'site',
              test: /[\\/](app[\\/](lib[\\/](?!format-count|visit-beacon)[^\\/]+|ui[\\/](icons\.tsx|(visually-hidden|brand-icon|app-icon)\.(tsx|module\.css))|i18n[\\/]messages\.ts|compositions[\\/](page-meta|app-icons)\.ts|generated[\\/]app-icons\.ts)|common[\\/]paths\.ts|content[\\/]app-links\.ts)$|preload-helper/,
            },
            // What draws an app page: its composition, the app model, the pages' table and their
            // head tags, in one file that every app page and the slider's chunk load, instead of
            // four. After the site's group, so that the helpers home shares with it (the icons,
            // the app icon) stay in the site's file and home loads none of this one.
            {
              name: 'app-showcase',
              test: /[\\/]app[\\/]compositions[\\/](app-showcase\.tsx|app-model\.ts|app-pages\.ts|app-page-meta\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
