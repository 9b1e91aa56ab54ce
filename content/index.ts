/**
 * The site's content as the app reads it. Each folder under content/apps/ with an app.ts is
 * an app: its page, menu entry, slider slide, sitemap entry and feedback app name follow
 * from it. The shapes are checked at build time (content/validate.ts), so nothing here
 * re-validates at run time. In the browser the fields only the build reads are left out
 * (scripts/browser-content.ts), and so are an app's long texts, which its page loads on its
 * own (`AppTexts`, app/compositions/app-texts.ts); the types here say so.
 *
 * In a build of another language than the default (SITE_LANGUAGE), the owner's texts are
 * that language's where the owner translated them (content/translations.ts), the default
 * language's elsewhere; the browser's bundle holds that language's translations alone.
 */
import type {
  AppInput,
  AppTranslation,
  BrowserApp,
  BrowserSite,
  SiteTranslation,
  TechnologyId,
} from './schema.ts';
import { pageLanguage } from './page-language.ts';
import { translatedApp } from './apply-translation.ts';
import { languagesOf } from './languages.ts';
import type { BrowserTechnology } from './technology-schema.ts';
import { withAppCount } from './app-count.ts';
import { site as siteInput } from './site.ts';
import { skills as skillsInput } from './skills.ts';
import { technologies as technologiesInput } from './technologies.ts';

/** Each app's app.ts, by its file (`./apps/echoexpense/app.ts`). */
export const appModules = import.meta.glob<AppInput>('./apps/*/app.ts', {
  eager: true,
  import: 'default',
});

/** The owner's translations of the site's details and of each app, by file. */
const siteTranslations = import.meta.glob<SiteTranslation>('./site.*.ts', {
  eager: true,
  import: 'site',
});
const appTranslations = import.meta.glob<AppTranslation>('./apps/*/app.*.ts', {
  eager: true,
  import: 'default',
});

/** An app's texts in the pages' language, where the owner translated them. */
function translated(app: BrowserApp): BrowserApp {
  return translatedApp(
    app,
    pageLanguage ? appTranslations[`./apps/${app.slug}/app.${pageLanguage}.ts`] : undefined,
  );
}

// The build has validated these inputs against the schemas, so their output types hold.
export const skills: readonly string[] = skillsInput;
export const technologies: Record<TechnologyId, BrowserTechnology> = technologiesInput;
const validatedApps: BrowserApp[] = Object.values(appModules).map(translated);

/** All apps, in menu and slider order. */
export const apps: readonly BrowserApp[] = validatedApps.sort((a, b) => a.order - b.order);

const siteTexts: SiteTranslation =
  (pageLanguage && siteTranslations[`./site.${pageLanguage}.ts`]) || {};

/** The owner's details, the description's `{{apps.count}}` filled in. */
export const site: BrowserSite = {
  ...siteInput,
  ...siteTexts,
  languages: languagesOf(siteInput),
  description: withAppCount(siteTexts.description ?? siteInput.description, apps.length),
};

/** The pages' language where it is not the site's default (`es`); undefined in the default's. */
export const otherLanguage: string | undefined =
  pageLanguage !== undefined && pageLanguage !== site.languages.default ? pageLanguage : undefined;
