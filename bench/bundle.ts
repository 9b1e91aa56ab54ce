/**
 * How much JavaScript and CSS each page loads before any lazy chunk, measured from the build
 * output gzip-compressed (level 9, as served), and the animated background's lazily loaded
 * chunk. The home page's and the 3D chunk's budgets are in bench/budgets.json.
 *
 * Run with `npm run bench:bundle` after `npm run build`; writes bench/results/bundle.json.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pageFigure } from './budgets.ts';
import { builtSite, gzipSize, initialCss, initialJs } from './initial-assets.ts';
import { finish } from './results.ts';

const { clientDir, pages } = builtSite(path.resolve('build'));

const sceneName = readdirSync(path.join(clientDir, 'assets')).find((name) =>
  /^background-scene-.*\.js$/.test(name),
);
if (!sceneName) throw new Error('No background-scene chunk in build/client/assets');
const sceneFile = path.join(clientDir, 'assets', sceneName);

const rows = Object.entries(pages).map(([page, file]) => {
  const js = initialJs(clientDir, file);
  return {
    page,
    scripts: js.files.length,
    gzipBytes: js.gzipBytes,
    cssGzipBytes: initialCss(clientDir, file).gzipBytes,
    includesScene: js.files.includes(sceneFile),
  };
});
const home = rows.find((row) => row.page === '/');
const sceneChunk = {
  file: sceneName,
  gzipBytes: gzipSize(sceneFile),
  loadedUpFrontBy: rows.filter((row) => row.includesScene).map((row) => row.page),
};

console.log('Loaded before any lazy chunk (gzip):');
for (const row of rows) {
  console.log(
    `  ${row.page.padEnd(36)} JS ${(row.gzipBytes / 1024).toFixed(1).padStart(6)} KB (${row.scripts} files)  CSS ${(row.cssGzipBytes / 1024).toFixed(1).padStart(5)} KB`,
  );
}
console.log(
  `3D chunk ${sceneChunk.file}: ${(sceneChunk.gzipBytes / 1024).toFixed(1)} KB; ` +
    `loaded before any lazy chunk by ${sceneChunk.loadedUpFrontBy.join(', ') || 'no page'}`,
);

const figures: Record<string, number> = {
  'bundle.scene.js': sceneChunk.gzipBytes,
};
if (home) {
  figures['bundle.home.js'] = home.gzipBytes;
  figures['bundle.home.css'] = home.cssGzipBytes;
}
for (const row of rows) {
  figures[pageFigure('bundle.js', row.page)] = row.gzipBytes;
  figures[pageFigure('bundle.css', row.page)] = row.cssGzipBytes;
}
finish({ name: 'bundle', figures, details: { sceneChunk, pages: rows } });
