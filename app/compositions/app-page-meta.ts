import type { MetaDescriptor } from 'react-router';
import { appCardPath } from '../../common/link-cards.ts';
import type { BrowserApp } from '../../content/schema.ts';
import { otherLanguage } from '../../content/index.ts';
import { pageMeta, type PageMetaOptions } from './page-meta.ts';

export interface AppPageMetaOptions {
  /** The page's own title; default the app's name. */
  title?: string;
  /** Default the app's summary. */
  description?: string;
  /** The page's path; omit for a page not to index. */
  path?: string;
  /** The link-preview card and what it shows; default the app's card. */
  card?: PageMetaOptions['card'];
}

/**
 * Meta of an app's page or a page beneath it: the app's own link card, and Safari's Smart
 * App Banner when it is on the App Store.
 */
export function appPageMeta(
  app: BrowserApp,
  {
    title = app.name,
    description = app.summary,
    path,
    card = { path: appCardPath(app.slug, otherLanguage), alt: `${app.name}: ${app.summary}` },
  }: AppPageMetaOptions,
): MetaDescriptor[] {
  // The build checked that every App Store link ends in its app id (content/app-store.ts).
  const storeId = app.buttons
    .find((button) => button.kind === 'appStore')
    ?.href.match(/\/id(\d+)/)?.[1];
  return pageMeta({
    title,
    description,
    path,
    card,
    extra: storeId ? [{ name: 'apple-itunes-app', content: `app-id=${storeId}` }] : [],
  });
}
