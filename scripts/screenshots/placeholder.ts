/**
 * The placeholder screenshots, drawn as SVG: a phone, or a web app's landscape page, in the
 * app's accent colour, labelled with the app's name and number.
 */
import type { App } from '../../content/schema.ts';
import type { Rendition } from './job.ts';

/** Placeholder proportions: a phone screen, 9 by 19.5. */
export const PLACEHOLDER_RATIO = 19.5 / 9;
/** A web app's placeholder proportions: a landscape browser page, 16 by 10. */
export const WEB_PLACEHOLDER_RATIO = 10 / 16;
/** Corner radius of the placeholder phone, as a fraction of its width. */
export const PLACEHOLDER_CORNER = 40 / 300;

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

/**
 * The sign of a picture still to come, centred at (`x`, `y`) on the canvas: a framed
 * landscape with a sun, in the label's ink. It says "placeholder" in no language, so the
 * same drawing serves the pages of every language (each image's alt text says it in words).
 */
function pictogram(ink: string, x: number, y: number, scale: number): string {
  return [
    `<g transform="translate(${x - 20 * scale} ${y - 14 * scale}) scale(${scale})" fill="none" stroke="${ink}" stroke-opacity="0.8" stroke-width="2.5" stroke-linejoin="round">`,
    `<rect x="1.25" y="1.25" width="37.5" height="25.5" rx="4"/>`,
    `<path d="M5 23l9-9 6 6 5-5 10 8"/>`,
    `<circle cx="28" cy="8.5" r="3"/>`,
    `</g>`,
  ].join('');
}

const FONT = `Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif`;

/**
 * The placeholder as SVG, drawn on a 300-wide canvas and scaled to `rendition`: a phone's
 * screen in the app's accent colour with rounded corners, a camera island, a few faint
 * interface bars and the label in the middle: the app's name, its place (`3 / 20`) and the
 * sign of a picture to come, in no words of any language. The phone's body around the screen is left
 * see-through: the page draws it behind the image in its theme's device colour (`--device`
 * in app/styles/tokens.css), so the phone suits the light theme and the dark one alike.
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
    `<rect x="${bezel}" y="${bezel}" width="${w - 2 * bezel}" height="${h - 2 * bezel}" rx="${corner - bezel}" fill="${app.accent}"/>`,
    `<rect x="112" y="22" width="76" height="22" rx="11" fill="#05070f"/>`,
    `<g fill="${ink}" fill-opacity="0.16"><rect x="30" y="70" width="150" height="18" rx="9"/>${bars}</g>`,
    `<g fill="${ink}" font-family="${FONT}" text-anchor="middle">`,
    `<text font-size="23" font-weight="700">${name}</text>`,
    `<text x="150" y="${nameTop + (nameLines.length - 1) * 28 + 56}" font-size="38" font-weight="800">${position} / ${total}</text>`,
    `</g>`,
    pictogram(ink, 150, nameTop + (nameLines.length - 1) * 28 + 94, 1),
    `</svg>`,
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
    `<text x="150" y="100" font-size="30" font-weight="800">${position} / ${total}</text>`,
    `</g>`,
    pictogram(ink, 150, 122, 0.75),
    `</svg>`,
  ].join('');
}
