/**
 * One screenshot as the carousel shows it. scripts/screenshots.ts writes these for every
 * app into app/generated/screenshots.ts, from the owner's files or as placeholders, and
 * names each rendition with `renditionName`, so the two always agree.
 */
export interface Screenshot {
  /** What the screenshot shows, read by screen readers. */
  alt: string;
  /** Display width in CSS pixels: 300, or the source's width when it is narrower. */
  width: number;
  /** Display height in CSS pixels, in the source's proportions. */
  height: number;
  /** Address of the renditions before their width and format, e.g. "/assets/screenshots/a-01-3f9c". */
  stem: string;
  /** Widths of the renditions in pixels, ascending; each comes in every format. */
  widths: readonly number[];
}

/** Each app's screenshots in display order, by the app's slug. */
export type ScreenshotManifest = Readonly<Record<string, readonly Screenshot[]>>;

export type ScreenshotFormat = 'avif' | 'webp';

/** A rendition's file name (or address, given an address stem): `<stem>-<width>.<format>`. */
export function renditionName(stem: string, width: number, format: ScreenshotFormat): string {
  return `${stem}-${width}.${format}`;
}

/** The `srcset` of a screenshot in one format. */
export function srcSet(shot: Screenshot, format: ScreenshotFormat): string {
  return shot.widths.map((w) => `${renditionName(shot.stem, w, format)} ${w}w`).join(', ');
}
