/**
 * The validated content, for build-time code (the route table, prerendering, the sitemap).
 * Importing this module stops the build with a readable message when content is wrong.
 */
import { fileURLToPath } from 'node:url';
import { appModules, site, skills, technologies } from './index.ts';
import { translatedApp } from './apply-translation.ts';
import { pageLanguage } from './page-language.ts';
import { checkTranslations, type RawTranslationFile } from './translations.ts';
import { ContentError, validateContent } from './validate.ts';

export const contentDir = fileURLToPath(new URL('.', import.meta.url));

/** Each app with the folder it was read from, in the order the files were found. */
export const rawApps = Object.entries(appModules).map(([file, input]) => ({
  folder: file.split('/')[2] ?? file,
  input,
}));

export const content = validateContent({ site, skills, technologies, apps: rawApps }, contentDir);

/** Each translation module, by its file relative to content/ (`apps/steda/app.es.ts`). */
function translationFiles(modules: Record<string, unknown>): RawTranslationFile[] {
  return Object.entries(modules).map(([file, input]) => ({ file: file.slice(2), input }));
}

const checked = checkTranslations(
  {
    site: translationFiles(import.meta.glob('./site.*.ts', { eager: true, import: 'site' })),
    apps: translationFiles(
      import.meta.glob('./apps/*/app.*.ts', { eager: true, import: 'default' }),
    ),
  },
  content,
  contentDir,
);
if (checked.problems.length > 0) throw new ContentError(checked.problems);

/** The owner's translations, by language (every language but the default). */
export const translations = checked.translations;

/**
 * The content as the pages being built show it (SITE_LANGUAGE): the site's details and each
 * app's texts in that language where translated (`content` is the default language's apps).
 */
export const pageContent = {
  ...content,
  apps: content.apps.map((app) =>
    translatedApp(app, pageLanguage ? translations[pageLanguage]?.apps[app.slug] : undefined),
  ),
};
