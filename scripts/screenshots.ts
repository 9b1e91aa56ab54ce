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
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically, writeGeneratedModule } from './generated-module.ts';
import sharp, { type AvifOptions, type Sharp, type WebpOptions } from 'sharp';
import type { App } from '../content/schema.ts';
import {
  placeholderAlt,
  renditionName,
  type ManifestEntry,
  type Screenshot,
  type ScreenshotFormat,
  type ScreenshotManifest,
} from '../common/screenshot.ts';

/** Widths every screenshot is written at, in pixels. */
export const SCREENSHOT_WIDTHS = [150, 300, 600] as const;
/** The width a screenshot is shown at, in CSS pixels. */
export const DISPLAY_WIDTH = 300;
/** Placeholder proportions: a phone screen, 9 by 19.5. */
export const PLACEHOLDER_RATIO = 19.5 / 9;
/** A web app's placeholder proportions: a landscape browser page, 16 by 10. */
export const WEB_PLACEHOLDER_RATIO = 10 / 16;
/** Corner radius of the placeholder phone, as a fraction of its width. */
export const PLACEHOLDER_CORNER = 40 / 300;

/** Raise when the drawing or resizing code changes in a way the hash inputs do not show. */
const PIPELINE_VERSION = 1;

const FORMATS: readonly ScreenshotFormat[] = ['avif', 'webp'];

interface EncoderSettings {
  avif: AvifOptions;
  webp: WebpOptions;
}

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

/** What the pipeline reads of an app. */
export type ScreenshotApp = Pick<App, 'slug' | 'name' | 'accent' | 'screenshots' | 'platform'>;

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

interface Rendition {
  width: number;
  height: number;
}

/** One screenshot to produce: its renditions and how to draw them. */
export interface ImageJob {
  slug: string;
  alt: string;
  /** File name stem shared by all renditions: `<slug>-<position>-<hash>`. */
  stem: string;
  renditions: Rendition[];
  display: Rendition;
  render: (rendition: Rendition) => Sharp;
  encoder: EncoderSettings;
}

/** 32 bits of SHA-256: enough to tell one version of a screenshot from the next. */
function hash(...parts: (string | Buffer)[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part);
  return digest.digest('hex').slice(0, 8);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const LIGHT_INK = '#ffffff';
const DARK_INK = '#0b1020';

/** The label colour with the higher WCAG contrast on `background`. */
export function inkFor(background: string): string {
  const bg = luminance(background);
  const contrast = (ink: string) => {
    const fg = luminance(ink);
    return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
  };
  return contrast(LIGHT_INK) >= contrast(DARK_INK) ? LIGHT_INK : DARK_INK;
}

/** Breaks a name into lines of at most `max` characters, at spaces where it can. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const FONT = `Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif`;

/**
 * The placeholder as SVG, drawn on a 300-wide canvas and scaled to `rendition`: a phone
 * with rounded corners and a camera island, its screen in the app's accent colour with a
 * few faint interface bars, and the label in the middle.
 */
export function placeholderSvg(
  app: Pick<App, 'name' | 'accent'> & Partial<Pick<App, 'platform'>>,
  position: number,
  total: number,
  rendition: Rendition,
): string {
  if (app.platform === 'web') return webPlaceholderSvg(app, position, total, rendition);
  const w = 300;
  const h = Math.round(w * PLACEHOLDER_RATIO);
  const corner = w * PLACEHOLDER_CORNER;
  const bezel = 9;
  const ink = inkFor(app.accent);
  const nameLines = wrap(app.name, 16);
  const nameTop = 250 - (nameLines.length - 1) * 14;
  const name = nameLines
    .map((line, i) => `<tspan x="150" y="${nameTop + i * 28}">${escapeXml(line)}</tspan>`)
    .join('');
  const bars = [446, 510, 574]
    .map((y) => `<rect x="30" y="${y}" width="240" height="50" rx="14"/>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${rendition.width}" height="${rendition.height}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" rx="${corner}" fill="#1b2139"/>`,
    `<rect x="${bezel}" y="${bezel}" width="${w - 2 * bezel}" height="${h - 2 * bezel}" rx="${corner - bezel}" fill="${app.accent}"/>`,
    `<rect x="112" y="22" width="76" height="22" rx="11" fill="#05070f"/>`,
    `<g fill="${ink}" fill-opacity="0.16"><rect x="30" y="70" width="150" height="18" rx="9"/>${bars}</g>`,
    `<g fill="${ink}" font-family="${FONT}" text-anchor="middle">`,
    `<text font-size="23" font-weight="700">${name}</text>`,
    `<text x="150" y="${nameTop + (nameLines.length - 1) * 28 + 56}" font-size="38" font-weight="800">${position} of ${total}</text>`,
    `<text x="150" y="${nameTop + (nameLines.length - 1) * 28 + 96}" font-size="14" font-weight="600" letter-spacing="2" fill-opacity="0.8">PLACEHOLDER</text>`,
    `</g></svg>`,
  ].join('');
}

/**
 * A web app's placeholder as SVG, drawn on a 300-wide canvas: a landscape page in the app's
 * accent colour with a header bar, a few faint content blocks and the label in the middle.
 * The browser window around it is the carousel's own frame.
 */
export function webPlaceholderSvg(
  app: Pick<App, 'name' | 'accent'>,
  position: number,
  total: number,
  rendition: Rendition,
): string {
  const w = 300;
  const h = Math.round(w * WEB_PLACEHOLDER_RATIO);
  const ink = inkFor(app.accent);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${rendition.width}" height="${rendition.height}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="${app.accent}"/>`,
    `<g fill="${ink}" fill-opacity="0.16"><rect width="${w}" height="26"/><rect x="18" y="${h - 40}" width="78" height="24" rx="6"/><rect x="111" y="${h - 40}" width="78" height="24" rx="6"/><rect x="204" y="${h - 40}" width="78" height="24" rx="6"/></g>`,
    `<g fill="${ink}" font-family="${FONT}" text-anchor="middle">`,
    `<text x="150" y="62" font-size="17" font-weight="700">${escapeXml(app.name)}</text>`,
    `<text x="150" y="100" font-size="30" font-weight="800">${position} of ${total}</text>`,
    `<text x="150" y="124" font-size="11" font-weight="600" letter-spacing="2" fill-opacity="0.8">PLACEHOLDER</text>`,
    `</g></svg>`,
  ].join('');
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

/** Writes through a temporary file, so an interrupted run never leaves a half file behind. */
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
 * The manifest as a TypeScript module, importing `expandManifest` from `typeImport`: the
 * placeholders of the apps in `placeholderApps` (by slug, with their names) are written
 * without their alt text, which follows from the name and place.
 */
export function manifestModule(
  manifest: ScreenshotManifest,
  typeImport: string,
  placeholderApps: ReadonlyMap<string, string> = new Map(),
): string {
  const entries: Record<string, ManifestEntry> = {};
  for (const [slug, shots] of Object.entries(manifest)) {
    const name = placeholderApps.get(slug);
    entries[slug] =
      name === undefined
        ? { shots }
        : { placeholdersOf: name, shots: shots.map(({ alt: _alt, ...shot }) => shot) };
  }
  return [
    '// Generated by scripts/screenshots.ts from content/apps/; `npm run screenshots` rewrites it.',
    `import { expandManifest } from '${typeImport}';`,
    '',
    "/** Each app's carousel screenshots in display order, by slug. */",
    `export const screenshotsBySlug = expandManifest(${JSON.stringify(entries, null, 2)});`,
    '',
  ].join('\n');
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

/** Produces every app's screenshots and the manifest; see the top of this file. */
export async function buildScreenshots(
  options: ScreenshotPipelineOptions,
): Promise<ScreenshotPipelineResult> {
  const { apps, contentDir, outDir, publicPath, manifestFile, concurrency = 2 } = options;
  await mkdir(outDir, { recursive: true });

  const jobs = await planScreenshots(apps, contentDir);

  let encoded = 0;
  let reused = 0;
  const bytesBySlug: Record<string, number> = Object.fromEntries(apps.map((a) => [a.slug, 0]));
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
          await writeAtomically(file, await encode(job, rendition, format));
          encoded++;
        }
        const { size } = await stat(file);
        bytesBySlug[job.slug] = (bytesBySlug[job.slug] ?? 0) + size;
      }
    }
  });

  let removed = 0;
  for (const name of await readdir(outDir)) {
    if (wanted.has(name)) continue;
    await rm(path.join(outDir, name), { recursive: true, force: true });
    removed++;
  }

  const manifest: Record<string, Screenshot[]> = Object.fromEntries(
    apps.map((app) => [app.slug, []]),
  );
  for (const job of jobs) {
    manifest[job.slug]?.push({
      alt: job.alt,
      width: job.display.width,
      height: job.display.height,
      stem: `${publicPath}/${job.stem}`,
      widths: job.renditions.map((rendition) => rendition.width),
    });
  }

  let typeImport = path
    .relative(path.dirname(manifestFile), options.typeModule)
    .split(path.sep)
    .join('/');
  if (!typeImport.startsWith('.')) typeImport = `./${typeImport}`;
  const placeholderApps = new Map(
    apps.filter((app) => 'placeholders' in app.screenshots).map((app) => [app.slug, app.name]),
  );
  const source = manifestModule(manifest, typeImport, placeholderApps);
  const manifestWritten = await writeGeneratedModule(manifestFile, source);

  return { manifest, encoded, reused, removed, manifestWritten, bytesBySlug };
}
