import type { MetaDescriptor } from 'react-router';
import { SITE_CARD_PATH } from '../../common/link-cards.ts';
import { site } from '../../content/index.ts';

/** The address of a path on the public site. */
function absoluteUrl(path: string): string {
  return `${__PUBLIC_URL__}${path === '/' ? '/' : path}`;
}

export interface PageMetaOptions {
  /** The page's own title, before the site name; default none (the site name alone). */
  title?: string;
  description: string;
  /** The page's path, for the canonical link and link previews; omit for pages not to index. */
  path?: string;
  /** The link-preview card and what it shows; default the site's card. */
  card?: { path: string; alt: string };
  /** Further tags, e.g. Safari's Smart App Banner; default none. */
  extra?: readonly MetaDescriptor[];
}

/**
 * Title, description, canonical link, Open Graph and Twitter card tags for a page. (Its
 * JSON-LD is written into the prerendered page by the build: scripts/structured-data.ts.)
 */
export function pageMeta({
  title,
  description,
  path,
  card = { path: SITE_CARD_PATH, alt: `${site.siteName}: ${site.tagline}` },
  extra = [],
}: PageMetaOptions): MetaDescriptor[] {
  const fullTitle = title === undefined ? site.siteName : `${title} | ${site.siteName}`;
  const url = path === undefined ? undefined : absoluteUrl(path);
  const image = absoluteUrl(card.path);
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(url
      ? [
          { tagName: 'link', rel: 'canonical', href: url } as const,
          { property: 'og:url', content: url },
        ]
      : [{ name: 'robots', content: 'noindex' }]),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: card.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...extra,
  ];
}
