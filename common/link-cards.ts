/**
 * Where the link-preview cards are, and their size: scripts/og-image.ts draws them before
 * the build, and each page's meta tags point to them.
 */

/** Width and height of every card, in pixels: what link previews expect. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The site's own card: home, All Projects and the 404 page. */
export const SITE_CARD_PATH = '/og-image.png';

/** An app's card: its page and the pages beneath it. */
export function appCardPath(slug: string): string {
  return `/og/${slug}.png`;
}
