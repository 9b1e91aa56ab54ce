/**
 * The first stage of the screenshot pipeline: every screenshot the apps ask for, with its
 * renditions and the hash in its file name, before any is encoded.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { placeholderAlt } from '../../common/screenshot.ts';
import type { EncoderSettings, ImageJob, Rendition, ScreenshotApp } from './job.ts';
import { PLACEHOLDER_RATIO, placeholderSvg, WEB_PLACEHOLDER_RATIO } from './placeholder.ts';

/** Widths every screenshot is written at, in pixels. */
export const SCREENSHOT_WIDTHS = [150, 300, 600] as const;
/** The width a screenshot is shown at, in CSS pixels. */
export const DISPLAY_WIDTH = 300;

/** Raise when the drawing or resizing code changes in a way the hash inputs do not show. */
const PIPELINE_VERSION = 1;

const ENCODER_SETTINGS = {
  // Flat colours and large text: a fast, low effort gives nearly the same bytes, and there
  // are a hundred of them to make on a clean checkout.
  placeholder: { avif: { quality: 45, effort: 1 }, webp: { quality: 75, effort: 4 } },
  // The owner's screenshots: few, and worth a slower, more careful encoding.
  photo: {
    avif: { quality: 55, effort: 4 },
    webp: { quality: 80, effort: 5, smartSubsample: true },
  },
} as const satisfies Record<string, EncoderSettings>;

/** 32 bits of SHA-256: enough to tell one version of a screenshot from the next. */
function hash(...parts: (string | Buffer)[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part);
  return digest.digest('hex').slice(0, 8);
}

/** The renditions of a source `width` wide: the standard widths, capped at the source. */
export function renditionsFor(source: Rendition): { renditions: Rendition[]; display: Rendition } {
  const widths = [...new Set(SCREENSHOT_WIDTHS.map((w) => Math.min(w, source.width)))];
  const scale = (width: number): Rendition => ({
    width,
    height: Math.max(1, Math.round((source.height * width) / source.width)),
  });
  return {
    renditions: widths.map(scale),
    display: scale(Math.min(DISPLAY_WIDTH, source.width)),
  };
}

function pad(position: number): string {
  return String(position).padStart(2, '0');
}

function placeholderJobs(app: ScreenshotApp, count: number): ImageJob[] {
  const width = Math.max(...SCREENSHOT_WIDTHS);
  const ratio = app.platform === 'web' ? WEB_PLACEHOLDER_RATIO : PLACEHOLDER_RATIO;
  const { renditions, display } = renditionsFor({ width, height: Math.round(width * ratio) });
  return Array.from({ length: count }, (_, i) => {
    const position = i + 1;
    const drawing = (rendition: Rendition) => placeholderSvg(app, position, count, rendition);
    const key = renditions.map(drawing).join('\n');
    return {
      slug: app.slug,
      alt: placeholderAlt(app.name, position, count),
      stem: `${app.slug}-${pad(position)}-${hash(settingsKey(ENCODER_SETTINGS.placeholder), key)}`,
      renditions,
      display,
      encoder: ENCODER_SETTINGS.placeholder,
      render: (rendition) => sharp(Buffer.from(drawing(rendition))),
    };
  });
}

async function ownerJobs(
  app: ScreenshotApp,
  files: readonly { file: string; alt: string }[],
  contentDir: string,
): Promise<ImageJob[]> {
  return Promise.all(
    files.map(async ({ file, alt }, i) => {
      const source = path.join(contentDir, 'apps', app.slug, 'screenshots', file);
      const bytes = await readFile(source);
      const metadata = await sharp(bytes).metadata();
      const { renditions, display } = renditionsFor(metadata.autoOrient);
      return {
        slug: app.slug,
        alt,
        stem: `${app.slug}-${pad(i + 1)}-${hash(settingsKey(ENCODER_SETTINGS.photo), bytes)}`,
        renditions,
        display,
        encoder: ENCODER_SETTINGS.photo,
        render: ({ width, height }: Rendition) =>
          sharp(bytes).autoOrient().resize(width, height, { fit: 'fill' }),
      };
    }),
  );
}

function settingsKey(encoder: EncoderSettings): string {
  return JSON.stringify({
    v: PIPELINE_VERSION,
    sharp: sharp.versions.sharp,
    widths: SCREENSHOT_WIDTHS,
    encoder,
  });
}

/** Every screenshot the apps ask for, in app and display order, without encoding any. */
export async function planScreenshots(
  apps: readonly ScreenshotApp[],
  contentDir: string,
): Promise<ImageJob[]> {
  const jobs: ImageJob[] = [];
  for (const app of apps) {
    jobs.push(
      ...('placeholders' in app.screenshots
        ? placeholderJobs(app, app.screenshots.placeholders)
        : await ownerJobs(app, app.screenshots, contentDir)),
    );
  }
  return jobs;
}
