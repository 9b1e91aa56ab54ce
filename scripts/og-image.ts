/**
 * Renders the link-preview cards (Open Graph / Twitter images) before the site is built,
 * 1200 × 630 as the platforms expect, over the site's night-sky background:
 * - public/og-image.png, the site's card: the owner's name and tagline from content/site.ts;
 * - public/og/<slug>.png, one per app: its name, its one-line summary, its accent colour and
 *   its first screenshot (or placeholder) in a device frame;
 * - public/og/<slug>/link-<n>.png, one per link of an app (its `appLinks.patterns`): the
 *   same, with what the link is in place of the summary (the links' pages are the default
 *   language's);
 * - public/og-image.<language>.png and public/og/<slug>.<language>.png, the site's and each
 *   app's card in each other language of the site, with the owner's texts in it where
 *   translated (common/link-cards.ts).
 *
 * Run with `tsx scripts/og-image.ts` (part of `npm run build`, after the screenshots).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { appLinkCardPath } from '../common/app-links.ts';
import { appCardPath, CARD_SIZE, siteCardPath } from '../common/link-cards.ts';
import { directionOf } from '../common/text-direction.ts';
import { renditionName, type ScreenshotManifest } from '../common/screenshot.ts';
import { loadContentOrExit } from './load-content.ts';

export const OG_WIDTH = CARD_SIZE.width;
export const OG_HEIGHT = CARD_SIZE.height;
const PADDING = 88;
const TEXT_WIDTH = OG_WIDTH - 2 * PADDING;
const FONT = 'sans-serif';

export interface OgCard {
  ownerName: string;
  tagline: string;
  /** The language of its texts (`en`): their fonts and direction. */
  language: string;
}

/** A small, fixed pseudo-random sequence, so every build draws the same stars. */
function stars(count: number): string {
  let seed = 42;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, () => {
    const x = (next() * OG_WIDTH).toFixed(1);
    const y = (next() * OG_HEIGHT).toFixed(1);
    const r = (0.6 + next() * 1.6).toFixed(2);
    const opacity = (0.25 + next() * 0.6).toFixed(2);
    const fill = next() > 0.5 ? '#8ccaff' : '#b9a6ff';
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${opacity}"/>`;
  }).join('');
}

function backgroundSvg(rule = 'url(#rule)', ruleWidth = 120): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0a1030"/>
      <stop offset="1" stop-color="#02030b"/>
    </linearGradient>
    <radialGradient id="blue" cx="0.85" cy="0.05" r="0.7">
      <stop offset="0" stop-color="#1e90ff" stop-opacity="0.38"/>
      <stop offset="1" stop-color="#1e90ff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="violet" cx="0.05" cy="0.95" r="0.6">
      <stop offset="0" stop-color="#8b5cf6" stop-opacity="0.32"/>
      <stop offset="1" stop-color="#8b5cf6" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="rule" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#1e90ff"/>
      <stop offset="1" stop-color="#a78bfa"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#blue)"/>
  <rect width="100%" height="100%" fill="url(#violet)"/>
  ${stars(140)}
  <rect x="${PADDING}" y="${OG_HEIGHT - PADDING - 6}" width="${ruleWidth}" height="6" rx="3" fill="${rule}"/>
</svg>`;
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A block of wrapped text, as a transparent PNG no wider than the card's text column. */
async function textBlock(
  markup: string,
  {
    size,
    weight,
    width = TEXT_WIDTH,
    language,
  }: { size: number; weight: number; width?: number; language: string },
): Promise<{ input: Buffer; height: number }> {
  const { data, info } = await sharp({
    text: {
      // The language picks its fonts and its direction: Arabic's lines end at the right.
      text: `<span lang="${language}">${markup}</span>`,
      align: directionOf(language) === 'rtl' ? 'right' : 'left',
      font: `${FONT} ${weight === 700 ? 'Bold' : ''} ${size}px`.replace(/\s+/g, ' '),
      width,
      rgba: true,
      wrap: 'word',
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/** The card as PNG bytes. */
export async function renderOgImage({ ownerName, tagline, language }: OgCard): Promise<Buffer> {
  const name = await textBlock(`<span foreground="#ffffff">${escapeMarkup(ownerName)}</span>`, {
    size: 84,
    weight: 700,
    language,
  });
  const line = await textBlock(`<span foreground="#c3cbe6">${escapeMarkup(tagline)}</span>`, {
    size: 38,
    weight: 400,
    language,
  });
  const gap = 28;
  const top = Math.max(PADDING, (OG_HEIGHT - name.height - gap - line.height) / 2 - 24);
  return sharp(Buffer.from(backgroundSvg()))
    .composite([
      { input: name.input, left: PADDING, top: Math.round(top) },
      { input: line.input, left: PADDING, top: Math.round(top + name.height + gap) },
    ])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

export interface AppCard {
  name: string;
  /** The app's one-line summary. */
  summary: string;
  /** The app's accent colour, #rrggbb. */
  accent: string;
  /** The first screenshot as an image file's bytes (any format sharp reads). */
  screenshot: Buffer;
  /** The app's icon as an image file's bytes, drawn above its name; none: the name alone. */
  icon?: Buffer | undefined;
  /** The language of its texts (`en`): their fonts and direction. */
  language: string;
}

/** The side of the icon on an app's card, and the room it takes above the name. */
const CARD_ICON_PX = 112;
const CARD_ICON_GAP = 32;

/** The icon as a home screen draws it: a rounded square. */
async function roundedIcon(icon: Buffer): Promise<Buffer> {
  const size = CARD_ICON_PX;
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${Math.round(size * 0.225)}" fill="#fff"/></svg>`,
  );
  return sharp(icon, { density: 300 })
    .resize(size, size, { fit: 'cover' })
    .composite([{ input: corners, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** Size of the device frame on an app's card, and of the screen inside it. */
const DEVICE = { width: 270, height: 554, bezel: 12, radius: 44 } as const;
const DEVICE_LEFT = OG_WIDTH - PADDING - DEVICE.width;
const DEVICE_TOP = (OG_HEIGHT - DEVICE.height) / 2;
const APP_TEXT_WIDTH = DEVICE_LEFT - PADDING - 64;

function deviceSvg(accent: string): string {
  const { width, height, radius } = DEVICE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 48}" height="${height + 48}">
  <defs><filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="12"/></filter></defs>
  <rect x="24" y="24" width="${width}" height="${height}" rx="${radius}" fill="${accent}" opacity="0.45" filter="url(#glow)"/>
  <rect x="24" y="24" width="${width}" height="${height}" rx="${radius}" fill="#0b0f1e" stroke="#2a3354" stroke-width="2"/>
</svg>`;
}

/** The screenshot cut to the device's screen, with its rounded corners. */
async function screen(screenshot: Buffer): Promise<Buffer> {
  const width = DEVICE.width - 2 * DEVICE.bezel;
  const height = DEVICE.height - 2 * DEVICE.bezel;
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${DEVICE.radius - DEVICE.bezel}" fill="#fff"/></svg>`,
  );
  return sharp(screenshot)
    .resize(width, height, { fit: 'cover', position: 'top' })
    .composite([{ input: corners, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** An app's card as PNG bytes. */
export async function renderAppCard({
  name,
  summary,
  accent,
  screenshot,
  icon,
  language,
}: AppCard): Promise<Buffer> {
  const title = await textBlock(`<span foreground="#ffffff">${escapeMarkup(name)}</span>`, {
    size: 72,
    weight: 700,
    width: APP_TEXT_WIDTH,
    language,
  });
  const line = await textBlock(`<span foreground="#c3cbe6">${escapeMarkup(summary)}</span>`, {
    size: 34,
    weight: 400,
    width: APP_TEXT_WIDTH,
    language,
  });
  const gap = 28;
  const iconRoom = icon ? CARD_ICON_PX + CARD_ICON_GAP : 0;
  const block = iconRoom + title.height + gap + line.height;
  const iconTop = Math.max(PADDING, (OG_HEIGHT - block) / 2 - 24);
  const top = iconTop + iconRoom;
  return sharp(Buffer.from(backgroundSvg(accent, 160)))
    .composite([
      ...(icon
        ? [{ input: await roundedIcon(icon), left: PADDING, top: Math.round(iconTop) }]
        : []),
      { input: title.input, left: PADDING, top: Math.round(top) },
      { input: line.input, left: PADDING, top: Math.round(top + title.height + gap) },
      { input: Buffer.from(deviceSvg(accent)), left: DEVICE_LEFT - 24, top: DEVICE_TOP - 24 },
      {
        input: await screen(screenshot),
        left: DEVICE_LEFT + DEVICE.bezel,
        top: DEVICE_TOP + DEVICE.bezel,
      },
    ])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

/** Raised whenever the drawing of the app cards changes, so every card is drawn anew. */
const CARD_VERSION = 3;

async function main(): Promise<void> {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const { content, translations } = await loadContentOrExit();
  const { languages } = content.site;
  /** The site's languages, each with the suffix of its cards' files (none for the default). */
  const cardLanguages = [
    { language: languages.default, suffix: undefined },
    ...languages.others.map((language) => ({ language, suffix: language })),
  ];
  for (const { language, suffix } of cardLanguages) {
    const texts = suffix === undefined ? {} : (translations[suffix]?.site ?? {});
    const out = path.join(root, 'public', siteCardPath(suffix));
    await mkdir(path.dirname(out), { recursive: true });
    const png = await renderOgImage({
      ownerName: texts.ownerName ?? content.site.ownerName,
      tagline: texts.tagline ?? content.site.tagline,
      language,
    });
    await sharp(png).toFile(out);
    console.log(
      `og-image: wrote ${path.relative(root, out)} (${(png.length / 1024).toFixed(1)} KB)`,
    );
  }

  // The app cards show each app's first screenshot, as the screenshot step left it.
  const { screenshotsBySlug } = (await import(
    pathToFileURL(path.join(root, 'app/generated/screenshots.ts')).href
  )) as { screenshotsBySlug: ScreenshotManifest };
  const { appIconSrc } = (await import(
    pathToFileURL(path.join(root, 'app/generated/app-icons.ts')).href
  )) as { appIconSrc: Readonly<Record<string, string>> };
  const started = performance.now();
  const ledgerFile = path.join(root, 'public', 'og', 'cards.json');
  const ledger = JSON.parse(await readFile(ledgerFile, 'utf8').catch(() => '{}')) as Record<
    string,
    string
  >;
  const next: Record<string, string> = {};
  let drawn = 0;
  await mkdir(path.dirname(ledgerFile), { recursive: true });
  let cards = 0;
  for (const app of content.apps) {
    // The icon as the icon step drew it (scripts/app-icons.ts).
    const iconPath = appIconSrc[app.slug];
    const icon = iconPath ? await readFile(path.join(root, 'public', iconPath)) : undefined;
    const iconHash = icon ? createHash('sha256').update(icon).digest('hex') : '';
    const first = screenshotsBySlug[app.slug]?.[0];
    if (!first) throw new Error(`og-image: ${app.slug} has no screenshot; run npm run screenshots`);
    // The app's card in each language, and one per link of the app (common/app-links.ts)
    // with what it is.
    const drawings = [
      ...cardLanguages.map(({ language, suffix }) => ({
        name: suffix === undefined ? app.slug : `${app.slug}.${suffix}`,
        cardPath: appCardPath(app.slug, suffix),
        summary:
          (suffix === undefined ? undefined : translations[suffix]?.apps[app.slug]?.summary) ??
          app.summary,
        language,
      })),
      ...(app.appLinks?.patterns ?? []).map((pattern, index) => ({
        name: `${app.slug}#link-${index + 1}`,
        cardPath: appLinkCardPath(app.slug, index),
        summary: pattern.title,
        language: languages.default,
      })),
    ];
    for (const { name, cardPath, summary, language } of drawings) {
      cards += 1;
      const file = path.join(root, 'public', cardPath);
      // A card is drawn again only when what it shows changed (the stem names the image's hash).
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            CARD_VERSION,
            app.name,
            summary,
            language,
            app.accent,
            first.stem,
            iconHash,
          ]),
        )
        .digest('hex');
      next[name] = key;
      if (ledger[name] === key && (await readFile(file).catch(() => undefined))) continue;
      const widest = first.widths.at(-1) ?? first.width;
      const screenshot = await readFile(
        path.join(root, 'public', renditionName(first.stem, widest, 'webp')),
      );
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await renderAppCard({ ...app, summary, screenshot, icon, language }));
      drawn += 1;
    }
  }
  await writeFile(ledgerFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(
    `og-image: ${cards} app and link cards in public/og/ (${drawn} drawn) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
