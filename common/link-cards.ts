/**
 * Where the link-preview cards are, and their size: scripts/og-image.ts draws them before
 * the build, one set per language (the owner's texts in it), and each page's meta tags and
 * structured data point to those of its language.
 */

/** Width and height of every card, in pixels: what link previews expect. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** `.es` for a language other than the default, nothing for the default's. */
const languageSuffix = (language: string | undefined) => (language ? `.${language}` : '');

/**
 * The site's own card (home, All Projects, the 404 page): `/og-image.png`, and
 * `/og-image.es.png` in another language than the default.
 */
export function siteCardPath(language?: string): string {
  return `/og-image${languageSuffix(language)}.png`;
}

/** An app's card (its page and the pages beneath it): `/og/echoexpense.png`, `/og/echoexpense.es.png`. */
export function appCardPath(slug: string, language?: string): string {
  return `/og/${slug}${languageSuffix(language)}.png`;
}
