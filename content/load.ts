/**
 * The validated content, for build-time code (the route table, prerendering, the sitemap).
 * Importing this module stops the build with a readable message when content is wrong.
 */
import { fileURLToPath } from 'node:url';
import { rawApps, site, skills, technologies } from './index.ts';
import { validateContent } from './validate.ts';

export const contentDir = fileURLToPath(new URL('.', import.meta.url));

export const content = validateContent({ site, skills, technologies, apps: rawApps }, contentDir);
