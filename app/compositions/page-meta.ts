import type { MetaDescriptor } from 'react-router';
import { siteCardPath } from '../../common/link-cards.ts';
import { otherLanguage, site } from '../../content/index.ts';
import { languagePrefix } from '../../content/languages.ts';

/** The address of a path on the public site, in a language (default: the page's). */
function absoluteUrl(path: string, language = __SITE_LANGUAGE__): string {
  return `${__PUBLIC_URL__}${languagePrefix(site.languages, language)}${path}`;
}

/** Open Graph's form of a language tag: `pt-BR` → `pt_BR`. */
const ogLocale = (language: string) => language.replace('-', '_');

/**
 * The page in each of the site's languages (every page is built in each), for search
 * engines: `hreflang` alternates, the default language's as `x-default`.
 */
function alternates(path: string): MetaDescriptor[] {
  const { languages } = site;
  if (languages.others.length === 0) return [];
  return [
    ...[languages.default, ...languages.others].map(
      (language) =>
        ({
          tagName: 'link',
          rel: 'alternate',
          hrefLang: language,
          href: absoluteUrl(path, language),
        }) as const,
    ),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(path, languages.default),
    } as const,
    ...[languages.default, ...languages.others]
      .filter((language) => language !== __SITE_LANGUAGE__)
      .map((language) => ({ property: 'og:locale:alternate', content: ogLocale(language) })),
  ];
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
  card = { path: siteCardPath(otherLanguage), alt: `${site.siteName}: ${site.tagline}` },
  extra = [],
}: PageMetaOptions): MetaDescriptor[] {
  const fullTitle = title === undefined ? site.siteName : `${title} | ${site.siteName}`;
  const image = `${__PUBLIC_URL__}${card.path}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(path === undefined
      ? [{ name: 'robots', content: 'noindex' }]
      : [
          { tagName: 'link', rel: 'canonical', href: absoluteUrl(path) } as const,
          { property: 'og:url', content: absoluteUrl(path) },
          ...alternates(path),
        ]),
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: ogLocale(__SITE_LANGUAGE__) },
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
