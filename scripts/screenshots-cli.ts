/**
 * `npm run screenshots`: runs the screenshot pipeline (scripts/screenshots.ts) over the
 * validated content. `npm run build` and `npm run dev` run it first; it takes well under a
 * second when nothing changed. `--sizes` also prints each app's image bytes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { buildScreenshots } from './screenshots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const started = performance.now();
// content/ reads its app folders with import.meta.glob, so it is loaded through Vite.
const { module } = await runnerImport<typeof import('../content/load.ts')>('/content/load.ts', {
  root,
  configFile: false,
  logLevel: 'error',
});
const { content, contentDir } = module;

const result = await buildScreenshots({
  apps: content.apps,
  contentDir,
  outDir: path.join(root, 'public/assets/screenshots'),
  publicPath: '/assets/screenshots',
  manifestFile: path.join(root, 'app/generated/screenshots.ts'),
  typeModule: path.join(root, 'common/screenshot.ts'),
});

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const images = Object.values(result.manifest).reduce((sum, shots) => sum + shots.length, 0);
console.log(
  `Screenshots: ${images} for ${content.apps.length} apps in ${seconds} s ` +
    `(${result.encoded} files encoded, ${result.reused} reused, ${result.removed} removed)`,
);
if (process.argv.includes('--sizes')) {
  for (const [slug, bytes] of Object.entries(result.bytesBySlug)) {
    const count = result.manifest[slug]?.length ?? 0;
    console.log(`  ${slug.padEnd(26)} ${String(count).padStart(3)} images ${bytes} bytes`);
  }
}
