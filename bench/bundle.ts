/**
 * How much JavaScript each page loads before any lazy chunk: the module scripts and
 * modulepreloads of its prerendered HTML and everything they import statically, measured
 * gzip-compressed (level 9, as served), and the animated background's lazily loaded chunk.
 * Budgets: 130 KB for the home page, 200 KB for the 3D chunk, which no page loads up front.
 *
 * Run with `npm run bench:bundle` after `npm run build`; writes bench/results/bundle.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSize, initialJs } from './initial-js.ts';
import { SiteManifestSchema } from '../common/site-manifest.ts';

const BUILD = path.resolve('build');
const CLIENT = path.join(BUILD, 'client');
const HOME_BUDGET_BYTES = 130 * 1024;
const SCENE_BUDGET_BYTES = 200 * 1024;

const manifest = SiteManifestSchema.parse(
  JSON.parse(readFileSync(path.join(BUILD, 'site.json'), 'utf8')),
);

const sceneName = readdirSync(path.join(CLIENT, 'assets')).find((name) =>
  /^background-scene-.*\.js$/.test(name),
);
if (!sceneName) throw new Error('No background-scene chunk in build/client/assets');
const sceneFile = path.join(CLIENT, 'assets', sceneName);

const rows = Object.entries(manifest.pages).map(([page, { file }]) => {
  const { files, gzipBytes } = initialJs(CLIENT, file);
  return { page, scripts: files.length, gzipBytes, includesScene: files.includes(sceneFile) };
});
const home = rows.find((row) => row.page === '/');
const sceneChunk = {
  file: sceneName,
  gzipBytes: gzipSize(sceneFile),
  budgetBytes: SCENE_BUDGET_BYTES,
  loadedUpFrontBy: rows.filter((row) => row.includesScene).map((row) => row.page),
};

console.log('JavaScript loaded before any lazy chunk (gzip):');
for (const row of rows) {
  console.log(
    `  ${row.page.padEnd(36)} ${(row.gzipBytes / 1024).toFixed(1).padStart(7)} KB  (${row.scripts} files)`,
  );
}
const withinBudget = home !== undefined && home.gzipBytes <= HOME_BUDGET_BYTES;
console.log(
  `Home: ${((home?.gzipBytes ?? 0) / 1024).toFixed(1)} KB of the ${HOME_BUDGET_BYTES / 1024} KB budget ${withinBudget ? '(within)' : '(OVER)'}`,
);
console.log(
  `3D chunk ${sceneChunk.file}: ${(sceneChunk.gzipBytes / 1024).toFixed(1)} KB of the ${SCENE_BUDGET_BYTES / 1024} KB budget; ` +
    `loaded before any lazy chunk by ${sceneChunk.loadedUpFrontBy.join(', ') || 'no page'}`,
);

await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/bundle.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetBytes: HOME_BUDGET_BYTES, sceneChunk, pages: rows }, null, 2)}\n`,
);
