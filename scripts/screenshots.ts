/**
 * The screenshot pipeline. For every app it writes the carousel's images into a served
 * folder and a typed manifest module that maps each app's slug to its screenshots:
 *
 * - `screenshots: { placeholders: N }` gives N phone-shaped placeholders in the app's
 *   accent colour, labelled with the app's name and number ("EchoExpense", "3 of 20");
 * - a list of `{ file, alt }` converts each owner-supplied PNG, JPEG or WebP from
 *   content/apps/<slug>/screenshots/.
 *
 * Every image is written as AVIF and WebP at 150, 300 and 600 px wide (never wider than
 * its source): 300 is the display width, 600 serves high-density screens and 150 the
 * narrowest phones, so no screen is sent an image wider than twice what it shows.
 *
 * A file's name carries a hash of everything that shapes it (the source bytes or the
 * placeholder's drawing, its size, the encoder settings and sharp's version), so the server
 * caches it for a year under /assets/, and a file that already exists is never encoded
 * again: a build with unchanged content reuses every image. Files no app uses any more are
 * removed.
 */
import { mkdir } from 'node:fs/promises';
import type { ScreenshotManifest } from '../common/screenshot.ts';
import { encodeScreenshots } from './screenshots/encode.ts';
import type { ScreenshotApp } from './screenshots/job.ts';
import { screenshotManifest, writeManifestModule } from './screenshots/manifest.ts';
import { planScreenshots } from './screenshots/plan.ts';
import { removeUnused } from './screenshots/prune.ts';

export interface ScreenshotPipelineOptions {
  apps: readonly ScreenshotApp[];
  /** The content folder; owner files are read from `apps/<slug>/screenshots/` inside it. */
  contentDir: string;
  /** Where the images are written. It belongs to the pipeline: other files in it are removed. */
  outDir: string;
  /** The address `outDir` is served at, e.g. `/assets/screenshots`. */
  publicPath: string;
  /** The generated TypeScript module with the manifest. */
  manifestFile: string;
  /** The module that declares the `Screenshot` type, which the manifest imports. */
  typeModule: string;
  /** Images encoded at the same time; sharp uses several threads for each. Default 2. */
  concurrency?: number;
}

export interface ScreenshotPipelineResult {
  manifest: ScreenshotManifest;
  /** Image files encoded in this run. */
  encoded: number;
  /** Image files that were already there and kept. */
  reused: number;
  /** Files removed from `outDir` because no screenshot uses them. */
  removed: number;
  /** Whether the manifest module was rewritten (it is left alone when nothing changed). */
  manifestWritten: boolean;
  /** Total bytes of each app's image files, by slug. */
  bytesBySlug: Record<string, number>;
}

/**
 * Produces every app's screenshots and the manifest; see the top of this file. Each stage is
 * a module of scripts/screenshots/, run in this order.
 */
export async function buildScreenshots(
  options: ScreenshotPipelineOptions,
): Promise<ScreenshotPipelineResult> {
  const { apps, contentDir, outDir, publicPath, manifestFile, concurrency = 2 } = options;
  await mkdir(outDir, { recursive: true });
  // What each app asks for: its screenshots' renditions and file names.
  const jobs = await planScreenshots(apps, contentDir);
  // The image files that are not there yet.
  const { encoded, reused, wanted, bytesBySlug } = await encodeScreenshots(
    jobs,
    outDir,
    concurrency,
    apps.map((app) => app.slug),
  );
  // The files no screenshot uses any more.
  const removed = await removeUnused(outDir, wanted);
  // The manifest, and its module for the site.
  const manifest = screenshotManifest(apps, jobs, publicPath);
  const manifestWritten = await writeManifestModule(
    manifestFile,
    options.typeModule,
    manifest,
    apps,
  );
  return { manifest, encoded, reused, removed, manifestWritten, bytesBySlug };
}
