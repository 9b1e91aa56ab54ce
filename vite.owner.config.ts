/**
 * The owner's pages (owner/), built apart from the site: a page of their own and its
 * scripts and styles, so nothing of them reaches a visitor's page or the site's route
 * table. The page goes to build/owner/index.html, outside the public files, served by the
 * server alone at /owner; its hashed files go beside the site's, under
 * build/client/assets/owner/, precompressed, served like the site's own.
 *
 * `npm run build` runs it after the site's build: `vite build --config vite.owner.config.ts`.
 */
import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressFiles } from './scripts/finish-build/precompress.ts';

const buildDir = path.resolve(process.env.BUILD_DIR?.trim() || 'build');
const outDir = path.join(buildDir, 'owner');
const ASSETS = 'assets/owner';

/** Moves the hashed files into the site's assets, compressed, once the build is written. */
function ownerAssetsBesideTheSite(): Plugin {
  return {
    name: 'portfolio:owner-assets',
    apply: 'build',
    async closeBundle() {
      const from = path.join(outDir, ASSETS);
      const to = path.join(buildDir, 'client', ASSETS);
      await rm(to, { recursive: true, force: true });
      await cp(from, to, { recursive: true });
      await rm(path.join(outDir, 'assets'), { recursive: true, force: true });
      const files = await readdir(to);
      await precompressFiles(files.map((file) => path.join(to, file)));
    },
  };
}

export default defineConfig({
  root: 'owner',
  base: '/',
  publicDir: false,
  plugins: [ownerAssetsBesideTheSite()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: ASSETS,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The page's own scripts only: no inline script, so its policy allows 'self' alone.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Router marks its module "use client" for servers that render React; a page
      // rendered in the browser alone has no use for the mark, which is dropped.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
