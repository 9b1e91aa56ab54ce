/**
 * One screenshot as the carousel shows it. scripts/screenshots.ts produces these for every
 * app into app/generated/screenshots.ts, from the owner's files or as placeholders.
 */
export interface Screenshot {
  /** What the screenshot shows, read by screen readers. */
  alt: string;
  /** Display width in CSS pixels: 300, or the source's width when it is narrower. */
  width: number;
  /** Display height in CSS pixels, in the source's proportions. */
  height: number;
  /** `srcset` of the AVIF renditions, e.g. "/assets/screenshots/a-01-…-150.avif 150w, …". */
  avifSrcSet: string;
  /** `srcset` of the WebP renditions, the fallback for browsers without AVIF. */
  webpSrcSet: string;
  /** The WebP rendition at display width, the `<img>`'s own `src`. */
  src: string;
}

/** Each app's screenshots in display order, by the app's slug. */
export type ScreenshotManifest = Readonly<Record<string, readonly Screenshot[]>>;
