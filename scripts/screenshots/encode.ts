/**
 * The second stage of the screenshot pipeline: every rendition of every screenshot as AVIF
 * and WebP. A file that is already there is kept as it is, since its name carries the hash
 * of everything that shapes it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { renditionName, type ScreenshotFormat } from '../../common/screenshot.ts';
import { writeAtomically } from '../generated-module.ts';
import type { ImageJob, Rendition } from './job.ts';

const FORMATS: readonly ScreenshotFormat[] = ['avif', 'webp'];

export interface EncodeResult {
  /** Image files encoded in this run. */
  encoded: number;
  /** Image files that were already there and kept. */
  reused: number;
  /** The names of the files the screenshots use, encoded or kept. */
  wanted: Set<string>;
  /** Total bytes of each app's image files, by slug. */
  bytesBySlug: Record<string, number>;
}

function encode(job: ImageJob, rendition: Rendition, format: ScreenshotFormat): Promise<Buffer> {
  const image = job.render(rendition);
  return format === 'avif'
    ? image.avif(job.encoder.avif).toBuffer()
    : image.webp(job.encoder.webp).toBuffer();
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` on each of `items`, at most `limit` at a time, in their order. */
async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}

/**
 * Writes the files of `jobs` into `outDir` that are not there yet, `concurrency` screenshots
 * at a time. `slugs` are the apps', each counted in `bytesBySlug` even with no screenshot.
 */
export async function encodeScreenshots(
  jobs: readonly ImageJob[],
  outDir: string,
  concurrency: number,
  slugs: readonly string[],
): Promise<EncodeResult> {
  let encoded = 0;
  let reused = 0;
  const bytesBySlug: Record<string, number> = Object.fromEntries(slugs.map((slug) => [slug, 0]));
  const wanted = new Set<string>();
  await runLimited(jobs, concurrency, async (job) => {
    for (const rendition of job.renditions) {
      for (const format of FORMATS) {
        const name = renditionName(job.stem, rendition.width, format);
        const file = path.join(outDir, name);
        wanted.add(name);
        if (await exists(file)) {
          reused++;
        } else {
          // Through a temporary file, so an interrupted run never leaves a half file behind.
          await writeAtomically(file, await encode(job, rendition, format));
          encoded++;
        }
        const { size } = await stat(file);
        bytesBySlug[job.slug] = (bytesBySlug[job.slug] ?? 0) + size;
      }
    }
  });
  return { encoded, reused, wanted, bytesBySlug };
}
