import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { content, contentDir } from '../content/load.ts';
import {
  expandManifest,
  renditionName,
  srcSet,
  type ManifestEntry,
  type Screenshot,
  type ScreenshotFormat,
} from '../common/screenshot.ts';
import { buildScreenshots, type ScreenshotPipelineOptions } from './screenshots.ts';
import type { ScreenshotApp } from './screenshots/job.ts';
import { inkFor, placeholderSvg } from './screenshots/placeholder.ts';
import { planScreenshots } from './screenshots/plan.ts';

let dir: string;
let options: (apps: ScreenshotApp[]) => ScreenshotPipelineOptions;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'screenshots-test-'));
  options = (apps) => ({
    apps,
    contentDir: path.join(dir, 'content'),
    outDir: path.join(dir, 'public/shots'),
    publicPath: '/shots',
    manifestFile: path.join(dir, 'app/generated/screenshots.ts'),
    typeModule: path.join(dir, 'common/screenshot.ts'),
  });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function placeholderApp(
  count: number,
  platform: ScreenshotApp['platform'] = 'mobile',
): ScreenshotApp {
  return {
    slug: 'echo',
    name: 'EchoExpense',
    accent: '#12a594',
    platform,
    screenshots: { placeholders: count },
  };
}

/** An app showing the owner's files from its content folder. */
function ownerApp(
  slug: string,
  name: string,
  screenshots: { file: string; alt: string }[],
): ScreenshotApp {
  return { slug, name, accent: '#e54666', platform: 'mobile', screenshots };
}

/** Writes an owner screenshot of the given size into the app's content folder. */
async function ownerFile(slug: string, file: string, width: number, height: number) {
  const folder = path.join(dir, 'content/apps', slug, 'screenshots');
  await mkdir(folder, { recursive: true });
  const image = sharp({ create: { width, height, channels: 3, background: '#336699' } });
  const data = file.endsWith('.jpg') ? await image.jpeg().toBuffer() : await image.png().toBuffer();
  await writeFile(path.join(folder, file), data);
}

/** Format and size of a file the manifest points at. */
async function served(url: string) {
  const file = path.join(dir, 'public', url);
  const { format, width, height, compression } = await sharp(file).metadata();
  return { format: format === 'heif' ? compression : format, width, height };
}

function urls(set: string): string[] {
  return set.split(', ').map((entry) => entry.split(' ')[0] ?? '');
}

/** Format and size of each rendition in a screenshot's srcset. */
function servedSet(shot: Screenshot | undefined, format: ScreenshotFormat) {
  if (!shot) throw new Error('The manifest lacks the screenshot');
  return Promise.all(urls(srcSet(shot, format)).map(served));
}

describe('screenshot pipeline', () => {
  it("draws a web app's placeholders landscape, like a browser page", async () => {
    const result = await buildScreenshots(options([placeholderApp(2, 'web')]));
    const [first] = result.manifest.echo ?? [];
    expect(first).toMatchObject({ width: 300, height: 188 });
    expect(await servedSet(first, 'webp')).toEqual([
      { format: 'webp', width: 150, height: 94 },
      { format: 'webp', width: 300, height: 188 },
      { format: 'webp', width: 600, height: 375 },
    ]);
  });

  it('makes exactly the number of placeholders asked for, phone-shaped, in AVIF and WebP', async () => {
    const result = await buildScreenshots(options([placeholderApp(3)]));

    const shots = result.manifest.echo ?? [];
    expect(shots).toHaveLength(3);
    expect(shots.map((shot) => shot.alt)).toEqual([
      'EchoExpense screenshot 1 of 3 (placeholder)',
      'EchoExpense screenshot 2 of 3 (placeholder)',
      'EchoExpense screenshot 3 of 3 (placeholder)',
    ]);
    const [first] = shots;
    expect(first).toMatchObject({ width: 300, height: 650 });
    expect(first?.widths).toEqual([150, 300, 600]);
    expect(await servedSet(first, 'avif')).toEqual([
      { format: 'av1', width: 150, height: 325 },
      { format: 'av1', width: 300, height: 650 },
      { format: 'av1', width: 600, height: 1300 },
    ]);
    expect(await servedSet(first, 'webp')).toEqual([
      { format: 'webp', width: 150, height: 325 },
      { format: 'webp', width: 300, height: 650 },
      { format: 'webp', width: 600, height: 1300 },
    ]);
    const files = await readdir(path.join(dir, 'public/shots'));
    expect(files).toHaveLength(3 * 6);
    expect(result).toMatchObject({ encoded: 18, reused: 0, removed: 0 });
    const sizes = await Promise.all(
      files.map(async (file) => (await stat(path.join(dir, 'public/shots', file))).size),
    );
    expect(result.bytesBySlug).toEqual({ echo: sizes.reduce((sum, size) => sum + size, 0) });
  });

  it("draws the placeholder's rounded corners and the phone's body transparent, for the page's own device colour", async () => {
    const result = await buildScreenshots(options([placeholderApp(1)]));
    const shot = result.manifest.echo?.[0];
    if (!shot) throw new Error('The manifest lacks the screenshot');
    const file = path.join(dir, 'public', renditionName(shot.stem, shot.width, 'webp'));
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(info.channels).toBe(4);
    expect(alphaAt(0, 0)).toBe(0);
    // The body, 9 px wide around the screen at 300 px, then the screen.
    expect(alphaAt(3, 325)).toBe(0);
    expect(alphaAt(296, 325)).toBe(0);
    expect(alphaAt(14, 325)).toBe(255);
    expect(alphaAt(150, 325)).toBe(255);
  });

  it('labels each placeholder with the app name and its number, in no words of a language', () => {
    for (const platform of ['mobile', 'web'] as const) {
      const svg = placeholderSvg({ name: 'Tom & Jerry', accent: '#ffb224', platform }, 3, 20, {
        width: 300,
        height: 650,
      });
      expect(svg).toContain('Tom &#38; Jerry');
      expect(svg).toContain('>3 / 20</text>');
      expect(svg).toContain('fill="#ffb224"');
      // Its only texts are the name and the number: the pages of every language show it.
      const texts = [...svg.matchAll(/<(?:text|tspan)[^>]*>([^<]+)</g)].map((match) => match[1]);
      expect(texts).toEqual(['Tom &#38; Jerry', '3 / 20']);
    }
  });

  it('picks the label colour with the better contrast on the accent', () => {
    expect(inkFor('#ffb224')).toBe('#0b1020');
    expect(inkFor('#3e63dd')).toBe('#ffffff');
  });

  it("converts the owner's files at 150, 300 and 600 px wide, with their alt text", async () => {
    await ownerFile('shop', 'home.png', 900, 1800);
    await ownerFile('shop', 'cart.jpg', 1179, 2556);
    const app = ownerApp('shop', 'Shop', [
      { file: 'home.png', alt: 'The catalogue, filtered by series' },
      { file: 'cart.jpg', alt: 'The cart before checkout' },
    ]);

    const { manifest } = await buildScreenshots(options([app]));

    const [home, cart] = manifest.shop ?? [];
    expect(home).toMatchObject({
      alt: 'The catalogue, filtered by series',
      width: 300,
      height: 600,
    });
    expect(cart).toMatchObject({ alt: 'The cart before checkout', width: 300, height: 650 });
    expect(await servedSet(home, 'avif')).toEqual([
      { format: 'av1', width: 150, height: 300 },
      { format: 'av1', width: 300, height: 600 },
      { format: 'av1', width: 600, height: 1200 },
    ]);
    // 2556 × 600 / 1179 = 1300.8: heights are rounded to the nearest pixel.
    expect(await servedSet(cart, 'webp')).toEqual([
      { format: 'webp', width: 150, height: 325 },
      { format: 'webp', width: 300, height: 650 },
      { format: 'webp', width: 600, height: 1301 },
    ]);
  });

  it('never makes an image wider than its source', async () => {
    await ownerFile('tiny', 'small.png', 240, 480);
    const app = ownerApp('tiny', 'Tiny', [{ file: 'small.png', alt: 'A small screenshot' }]);

    const { manifest } = await buildScreenshots(options([app]));

    const [shot] = manifest.tiny ?? [];
    expect(shot).toMatchObject({ width: 240, height: 480 });
    expect(await servedSet(shot, 'avif')).toEqual([
      { format: 'av1', width: 150, height: 300 },
      { format: 'av1', width: 240, height: 480 },
    ]);
  });

  it('reuses every image when nothing changed, and leaves the manifest alone', async () => {
    const first = await buildScreenshots(options([placeholderApp(2)]));
    const manifestFile = path.join(dir, 'app/generated/screenshots.ts');
    const written = await readFile(manifestFile, 'utf8');

    const second = await buildScreenshots(options([placeholderApp(2)]));

    expect(first).toMatchObject({ encoded: 12, manifestWritten: true });
    expect(second).toMatchObject({ encoded: 0, reused: 12, removed: 0, manifestWritten: false });
    expect(second.manifest).toEqual(first.manifest);
    expect(await readFile(manifestFile, 'utf8')).toBe(written);
  });

  it('removes the files no screenshot uses any more', async () => {
    await buildScreenshots(options([placeholderApp(3)]));
    await writeFile(path.join(dir, 'public/shots/stray.png'), 'not ours');

    const result = await buildScreenshots(options([placeholderApp(2)]));

    const files = await readdir(path.join(dir, 'public/shots'));
    const used = Object.values(result.manifest)
      .flat()
      .flatMap((shot) => [...urls(srcSet(shot, 'avif')), ...urls(srcSet(shot, 'webp'))])
      .map((url) => path.basename(url));
    expect(files.sort()).toEqual([...used].sort());
    expect(files).toHaveLength(12);
    // "1 of 3" became "1 of 2": every image is drawn anew, and the 18 old files and the stray go.
    expect(result).toMatchObject({ encoded: 12, removed: 19 });
  });

  it('writes a manifest module holding the manifest, with no placeholder alt text spelt out', async () => {
    await ownerFile('shop', 'home.png', 900, 1800);
    const owner = ownerApp('shop', 'Shop', [
      { file: 'home.png', alt: 'The catalogue, filtered by series' },
    ]);
    const result = await buildScreenshots(options([placeholderApp(3), owner]));
    const source = await readFile(path.join(dir, 'app/generated/screenshots.ts'), 'utf8');

    expect(source).toContain("import { expandManifest } from '../../common/screenshot.ts';");
    expect(source).not.toContain('(placeholder)');
    expect(source).toContain('The catalogue, filtered by series');
    const json = source.slice(source.indexOf('expandManifest(') + 15, source.lastIndexOf(');'));
    const manifest = expandManifest(JSON.parse(json) as Record<string, ManifestEntry>);
    expect(manifest).toEqual(result.manifest);
    expect(manifest.echo?.map((shot) => shot.alt)).toEqual([
      'EchoExpense screenshot 1 of 3 (placeholder)',
      'EchoExpense screenshot 2 of 3 (placeholder)',
      'EchoExpense screenshot 3 of 3 (placeholder)',
    ]);
    expect(manifest.shop?.map((shot) => shot.alt)).toEqual(['The catalogue, filtered by series']);
  });

  it("plans each app's screenshot count from the content", async () => {
    const jobs = await planScreenshots(content.apps, contentDir);
    const counts = Object.fromEntries(
      content.apps.map((app) => [app.slug, jobs.filter((job) => job.slug === app.slug).length]),
    );
    expect(counts).toEqual(
      Object.fromEntries(
        content.apps.map((app) => [
          app.slug,
          Array.isArray(app.screenshots) ? app.screenshots.length : app.screenshots.placeholders,
        ]),
      ),
    );
  });
});
