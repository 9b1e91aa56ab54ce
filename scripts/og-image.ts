/**
 * Renders the link-preview card (Open Graph / Twitter image) to public/og-image.png before
 * the site is built: the owner's name and tagline from content/site.ts over the site's
 * night-sky background, 1200 × 630 as the platforms expect.
 *
 * Run with `tsx scripts/og-image.ts` (part of `npm run build`).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { site } from '../content/site.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const PADDING = 88;
const TEXT_WIDTH = OG_WIDTH - 2 * PADDING;
const FONT = 'sans-serif';

export interface OgCard {
  ownerName: string;
  tagline: string;
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

function backgroundSvg(): string {
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
  <rect x="${PADDING}" y="${OG_HEIGHT - PADDING - 6}" width="120" height="6" rx="3" fill="url(#rule)"/>
</svg>`;
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A block of wrapped text, as a transparent PNG no wider than the card's text column. */
async function textBlock(
  markup: string,
  { size, weight }: { size: number; weight: number },
): Promise<{ input: Buffer; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `${FONT} ${weight === 700 ? 'Bold' : ''} ${size}px`.replace(/\s+/g, ' '),
      width: TEXT_WIDTH,
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
export async function renderOgImage({ ownerName, tagline }: OgCard): Promise<Buffer> {
  const name = await textBlock(`<span foreground="#ffffff">${escapeMarkup(ownerName)}</span>`, {
    size: 84,
    weight: 700,
  });
  const line = await textBlock(`<span foreground="#c3cbe6">${escapeMarkup(tagline)}</span>`, {
    size: 38,
    weight: 400,
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

async function main(): Promise<void> {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const out = path.join(root, 'public', 'og-image.png');
  await mkdir(path.dirname(out), { recursive: true });
  const png = await renderOgImage({ ownerName: site.ownerName, tagline: site.tagline });
  await sharp(png).toFile(out);
  console.log(`og-image: wrote ${path.relative(root, out)} (${(png.length / 1024).toFixed(1)} KB)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
