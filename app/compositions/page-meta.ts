import type { MetaDescriptor } from 'react-router';
import { site } from '../../content/index.ts';

export interface PageMetaOptions {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** The page's path, for the canonical link and link previews; omit for pages not to index. */
  path?: string;
}

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function pageMeta({ title, description, path }: PageMetaOptions): MetaDescriptor[] {
  const fullTitle = `${title} | ${site.siteName}`;
  const url = path === undefined ? undefined : `${__PUBLIC_URL__}${path === '/' ? '/' : path}`;
  const image = `${__PUBLIC_URL__}/og-image.png`;
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
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}
