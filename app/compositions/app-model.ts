/**
 * The apps as the screens show them: each app with its screenshots, its legal documents, its
 * support address and its neighbours in the slider joined in, in menu and slider order.
 * (The routes find theirs by the route's id: app-pages.ts.)
 */
import { subPagesOf, type AppSubPages, type LegalDoc } from '../../common/paths.ts';
import { placeholderAlt, type Screenshot } from '../../common/screenshot.ts';
import { apps } from '../../content/index.ts';
import type { AppTexts, BrowserApp } from '../../content/schema.ts';
import { t } from '../i18n/messages.ts';
import { appIcons } from './app-icons.ts';
import { appTextsOf } from './app-texts.ts';
import { screenshotsBySlug } from '../generated/screenshots.ts';

/** An app with everything its page shows. */
export interface ResolvedApp extends AppSubPages {
  app: BrowserApp;
  /** Its long texts, which the module drawing its page loads (app-texts.ts). */
  readonly texts: AppTexts;
  /** Its screenshots, in display order. */
  screenshots: readonly Screenshot[];
  /** Its icon's address, when it has one. */
  icon: string | undefined;
  /** The apps before and after it in the slider, which wraps round: [previous, next]. */
  readonly neighbours: readonly ResolvedApp[];
}

/** The titles of the legal documents every app with legal pages has, in the page's language. */
const legalTitles: Partial<Record<LegalDoc, string>> = t.legal.titles;

/**
 * The app's legal documents and support address, titled in the page's language: the pages it
 * declares keep their titles from its content.
 */
function subPagesIn(app: BrowserApp): AppSubPages {
  const { legalDocs, support } = subPagesOf(app);
  return {
    legalDocs: legalDocs.map((link) => ({
      ...link,
      title:
        (Object.hasOwn(legalTitles, link.doc) ? legalTitles[link.doc] : undefined) ?? link.title,
    })),
    ...(support ? { support: { ...support, title: t.support.title(app.name) } } : {}),
  };
}

/**
 * The app's screenshots, their alt texts in the page's language: a placeholder's from the
 * site's words (the manifest writes the default language's, "EchoExpense screenshot 3 of 20
 * (placeholder)"), the owner's own from the app's translation where it has them.
 */
function screenshotsIn(app: BrowserApp): readonly Screenshot[] {
  const shots = screenshotsBySlug[app.slug] ?? [];
  return shots.map((shot, index) => {
    if (shot.alt === placeholderAlt(app.name, index + 1, shots.length)) {
      return { ...shot, alt: t.carousel.placeholder(app.name, index + 1, shots.length) };
    }
    const alt = app.screenshotAlts?.[index];
    return alt === undefined ? shot : { ...shot, alt };
  });
}

/** Every app, resolved, in menu and slider order. */
export const resolvedApps: readonly ResolvedApp[] = apps.map((app, index) => ({
  app,
  screenshots: screenshotsIn(app),
  icon: appIcons[app.slug],
  ...subPagesIn(app),
  get texts() {
    return appTextsOf(app.slug);
  },
  get neighbours() {
    return [resolvedApps.at(index - 1), resolvedApps.at(index + 1 - apps.length)].filter(
      (neighbour) => neighbour !== undefined,
    );
  },
}));
