/**
 * The validated content, for build-time code (the route table, prerendering, the sitemap).
 * Importing this module stops the build with a readable message when content is wrong.
 */
import { fileURLToPath } from 'node:url';
import { appModules, site, skills, technologies } from './index.ts';
import { validateContent } from './validate.ts';

export const contentDir = fileURLToPath(new URL('.', import.meta.url));

/** Each app with the folder it was read from, in the order the files were found. */
export const rawApps = Object.entries(appModules).map(([file, input]) => ({
  folder: file.split('/')[2] ?? file,
  input,
}));

export const content = validateContent({ site, skills, technologies, apps: rawApps }, contentDir);
