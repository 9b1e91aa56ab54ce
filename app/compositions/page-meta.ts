import type { MetaDescriptor } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import { appCardPath, CARD_SIZE, SITE_CARD_PATH } from '../../common/link-cards.ts';
import { paths } from '../../common/paths.ts';
import { appStoreId } from '../../content/app-store.ts';
import { site } from '../../content/index.ts';
import type { App } from '../../content/schema.ts';
import { absoluteUrl, appStructuredData, breadcrumbs } from './structured-data.ts';

export interface PageMetaOptions {
  /** The page's own title, before the site name; default none (the site name alone). */
  title?: string;
  description: string;
  /** The page's path, for the canonical link and link previews; omit for pages not to index. */
  path?: string;
  /** The link-preview card and what it shows; default the site's card. */
  card?: { path: string; alt: string };
  /** JSON-LD objects for search engines; default none. */
  structuredData?: readonly WithContext<Thing>[];
  /** Further tags, e.g. Safari's Smart App Banner; default none. */
  extra?: readonly MetaDescriptor[];
}

/**
 * Title, description, canonical link, Open Graph and Twitter card tags for a page, and its
 * structured data.
 */
export function pageMeta({
  title,
  description,
  path,
  card = { path: SITE_CARD_PATH, alt: `${site.siteName}: ${site.tagline}` },
  structuredData = [],
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
    { property: 'og:image:width', content: String(CARD_SIZE.width) },
    { property: 'og:image:height', content: String(CARD_SIZE.height) },
    { property: 'og:image:alt', content: card.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: card.alt },
    ...extra,
    ...structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}

export interface AppPageMetaOptions {
  /** The page's own title; default the app's name. */
  title?: string;
  /** Default the app's summary. */
  description?: string;
  path: string;
  /** The breadcrumbs after the app's own, e.g. its Privacy Policy; default none. */
  trail?: readonly { name: string; path: string }[];
}

/**
 * Meta of an app's page or a page beneath it: the app's own link card, Safari's Smart App
 * Banner when it is on the App Store, its breadcrumbs and, on its page, the app as JSON-LD.
 */
export function appPageMeta(
  app: App,
  { title = app.name, description = app.summary, path, trail = [] }: AppPageMetaOptions,
): MetaDescriptor[] {
  const storeListing = app.buttons.find((button) => button.kind === 'appStore');
  const storeId = storeListing && appStoreId(storeListing.href);
  const appCrumb = { name: app.name, path: paths.project.href(app.slug) };
  return pageMeta({
    title,
    description,
    path,
    card: { path: appCardPath(app.slug), alt: `${app.name}: ${app.summary}` },
    structuredData: [
      ...(trail.length === 0 ? [appStructuredData(app)] : []),
      breadcrumbs([appCrumb, ...trail]),
    ],
    extra: storeId ? [{ name: 'apple-itunes-app', content: `app-id=${storeId}` }] : [],
  });
}
