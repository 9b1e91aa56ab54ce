/**
 * `npm run screenshots`: runs the screenshot pipeline (scripts/screenshots.ts) over the
 * validated content, writes the modules of the site's own words (scripts/site-words.ts) and
 * the route modules of the apps' pages (scripts/app-routes.ts), and prints the languages'
 * report. `npm run build` and `npm run dev` run it first; it takes well
 * under a second when nothing changed. `--sizes` also prints each app's image bytes.
 */
import { writeAppRoutes } from './app-routes.ts';
import { buildContentAssets } from './content-assets.ts';
import { loadContentOrExit } from './load-content.ts';
import { sampleReport } from './sample-values.ts';
import { foundOnDisk, missingParts, writeSiteWords } from './site-words.ts';
import { translationReport } from '../content/translations.ts';

const started = performance.now();
const { content, translations, contentDir } = await loadContentOrExit();
let report: string | undefined;
try {
  report = sampleReport(content, { production: process.env.NODE_ENV?.trim() === 'production' });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const result = await buildContentAssets(content, contentDir);
const words = foundOnDisk();
await writeSiteWords(words);
await writeAppRoutes(content.apps.map((app) => app.slug));

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const images = Object.values(result.manifest).reduce((sum, shots) => sum + shots.length, 0);
console.log(
  `Screenshots: ${images} for ${content.apps.length} apps in ${seconds} s ` +
    `(${result.encoded} files encoded, ${result.reused} reused, ${result.removed} removed)`,
);
const { others } = content.site.languages;
console.log(
  translationReport(
    content,
    translations,
    Object.fromEntries(
      others.map((language) => [
        language,
        missingParts(words, language).map((file) => `${file}.ts`),
      ]),
    ),
  ),
);
if (report) console.log(report);
if (process.argv.includes('--sizes')) {
  for (const [slug, bytes] of Object.entries(result.bytesBySlug)) {
    const count = result.manifest[slug]?.length ?? 0;
    console.log(`  ${slug.padEnd(26)} ${String(count).padStart(3)} images ${bytes} bytes`);
  }
}
