import type { MetaDescriptor } from 'react-router';
import { appCardPath } from '../../common/link-cards.ts';
import { otherLanguage } from '../../content/index.ts';
import type { BrowserApp } from '../../content/schema.ts';
import { pageMeta, type PageMetaOptions } from './page-meta.ts';

type Card = NonNullable<PageMetaOptions['card']>;

/** What an app's page, or a page beneath it, or a page of its links, says of itself. */
export type AppPageMetaOptions = {
  /** The page's own title; default the app's name. */
  title?: string;
  /** The page's path; omit for a page not to index. */
  path?: string;
} & (
  | {
      /** The app's summary (its texts, app-texts.ts), the default description and card text. */
      summary: string;
      description?: string;
      /** The link-preview card and what it shows; default the app's card. */
      card?: Card;
    }
  | { summary?: undefined; description: string; card: Card }
);

/**
 * Meta of an app's page or a page beneath it: the app's own link card, and Safari's Smart
 * App Banner when it is on the App Store.
 */
export function appPageMeta(app: BrowserApp, options: AppPageMetaOptions): MetaDescriptor[] {
  const { title = app.name, path } = options;
  const { description, card } =
    options.summary === undefined
      ? options
      : {
          description: options.description ?? options.summary,
          card: options.card ?? {
            path: appCardPath(app.slug, otherLanguage),
            alt: `${app.name}: ${options.summary}`,
          },
        };
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
