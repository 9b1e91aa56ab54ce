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

/** The alt text of a generated placeholder: "EchoExpense screenshot 3 of 20 (placeholder)". */
export function placeholderAlt(appName: string, position: number, count: number): string {
  return `${appName} screenshot ${position} of ${count} (placeholder)`;
}

/**
 * One app's screenshots as the manifest module writes them. A placeholder's alt text follows
 * from the app's name and its place (`placeholderAlt`), so the module leaves it out rather
 * than have every page's script carry a hundred near-identical sentences.
 */
export type ManifestEntry =
  | { placeholdersOf: string; shots: readonly Omit<Screenshot, 'alt'>[] }
  | { shots: readonly Screenshot[] };

/** The manifest, each placeholder's alt text filled in. */
export function expandManifest(
  entries: Readonly<Record<string, ManifestEntry>>,
): ScreenshotManifest {
  const manifest: Record<string, readonly Screenshot[]> = {};
  for (const [slug, entry] of Object.entries(entries)) {
    manifest[slug] =
      'placeholdersOf' in entry
        ? entry.shots.map((shot, i) => ({
            ...shot,
            alt: placeholderAlt(entry.placeholdersOf, i + 1, entry.shots.length),
          }))
        : entry.shots;
  }
  return manifest;
}

export type ScreenshotFormat = 'avif' | 'webp';

/** A rendition's file name (or address, given an address stem): `<stem>-<width>.<format>`. */
export function renditionName(stem: string, width: number, format: ScreenshotFormat): string {
  return `${stem}-${width}.${format}`;
}

/** The `srcset` of a screenshot in one format. */
export function srcSet(shot: Screenshot, format: ScreenshotFormat): string {
  return shot.widths.map((w) => `${renditionName(shot.stem, w, format)} ${w}w`).join(', ');
}
