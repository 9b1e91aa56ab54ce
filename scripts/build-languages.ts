/**
 * `npm run build`, after the default language's build: builds the site once more in each
 * other language content/site.ts names (SITE_LANGUAGE), into build/client/<language>/, which the
 * server serves under the language's prefix (`/es/…`).
 */
import { spawnSync } from 'node:child_process';
import { languagesOf } from '../content/languages.ts';
import type { SiteInput } from '../content/schema.ts';
import { site } from '../content/site.ts';

const input: SiteInput = site;
for (const language of languagesOf(input).others) {
  console.log(`\nBuilding the pages in ${language} (/${language}/)`);
  const build = spawnSync('npx', ['vite', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, SITE_LANGUAGE: language },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
