/**
 * The site's content as the app reads it. Each folder under content/apps/ with an app.ts is
 * an app: its page, menu entry, slider slide, sitemap entry and feedback app name follow
 * from it. The shapes are checked at build time (content/validate.ts), so nothing here
 * re-validates at run time. In the browser the fields only the build reads are left out
 * (scripts/browser-content.ts), and the types here say so.
 */
import type { AppInput, BrowserApp, TechnologyId } from './schema.ts';
import type { BrowserSite } from './schema.ts';
import { englishOnly, type Languages } from './languages.ts';
import type { SiteInput } from './schema.ts';
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

// The build has validated these inputs against the schemas, so their output types hold.
export const skills: readonly string[] = skillsInput;
export const technologies: Record<TechnologyId, BrowserTechnology> = technologiesInput;
const validatedApps: BrowserApp[] = Object.values(appModules);

/** All apps, in menu and slider order. */
export const apps: readonly BrowserApp[] = validatedApps.sort((a, b) => a.order - b.order);

/** The languages content/site.ts names; English alone when it names none. */
function languagesOf(input: SiteInput): Languages {
  return input.languages ?? englishOnly();
}

/** The owner's details, the description's `{{apps.count}}` filled in. */
export const site: BrowserSite = {
  ...siteInput,
  languages: languagesOf(siteInput),
  description: withAppCount(siteInput.description, apps.length),
};
