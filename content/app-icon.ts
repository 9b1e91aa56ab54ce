/**
 * The check of an app's icon file (`icon` in its app.ts), at build time: a square PNG of at
 * least `ICON_MIN_PX` a side, or a square SVG, small enough to send. Read from the file's own
 * header, so the content's validation stays synchronous.
 */
import { readFileSync, statSync } from 'node:fs';

/** The smallest side of a PNG icon: the largest the site shows it, twice over, and more. */
export const ICON_MIN_PX = 180;
/** The largest icon file the build takes. */
const ICON_MAX_BYTES = 1024 * 1024;

const PNG_SIGNATURE = '89504e470d0a1a0a';

/** A PNG's width and height, from its IHDR chunk; undefined when the file is no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== PNG_SIGNATURE) return undefined;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** An SVG's width and height from its viewBox (or its width and height attributes). */
function svgSize(text: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) return undefined;
  const viewBox =
    /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root);
  if (viewBox) return { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  const width = /\bwidth\s*=\s*["']([\d.]+)(px)?["']/i.exec(root)?.[1];
  const height = /\bheight\s*=\s*["']([\d.]+)(px)?["']/i.exec(root)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : undefined;
}

/**
 * What is wrong with an app's icon file, one line each naming the file and field; none when
 * it is a square PNG of at least 180 px a side or a square SVG, under 1 MB.
 */
export function appIconProblems(file: string, shown: string, where: string): string[] {
  const field = `${where}: icon`;
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return [`${field}: "${shown}" is not in the app's folder`];
  }
  if (size > ICON_MAX_BYTES) {
    return [`${field}: ${shown} is ${Math.ceil(size / 1024)} KB; keep it under 1 MB`];
  }
  const bytes = readFileSync(file);
  const isSvg = shown.toLowerCase().endsWith('.svg');
  const dimensions = isSvg ? svgSize(bytes.toString('utf8')) : pngSize(bytes);
  if (!dimensions) {
    return [`${field}: ${shown} is not ${isSvg ? 'an SVG with a viewBox' : 'a PNG file'}`];
  }
  const { width, height } = dimensions;
  if (width !== height) {
    return [`${field}: ${shown} is ${width} × ${height}; an icon is square`];
  }
  if (!isSvg && width < ICON_MIN_PX) {
    return [
      `${field}: ${shown} is ${width} × ${height} px; an icon needs at least ${ICON_MIN_PX} × ${ICON_MIN_PX} px`,
    ];
  }
  return [];
}
