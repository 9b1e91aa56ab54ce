/**
 * The site's content as the app reads it. Each folder under content/apps/ with an app.ts is
 * an app: its page, menu entry, slider slide, sitemap entry and feedback app name follow
 * from it. The shapes are checked at build time (content/validate.ts), so nothing here
 * re-validates at run time.
 */
import type { AppInput, TechnologyId } from './schema.ts';
import type { App, Site } from './schema.ts';
import type { Technology } from './technology-schema.ts';
import { withAppCount } from './app-count.ts';
import { site as siteInput } from './site.ts';
import { skills as skillsInput } from './skills.ts';
import { technologies as technologiesInput } from './technologies.ts';

const appModules = import.meta.glob<AppInput>('./apps/*/app.ts', {
  eager: true,
  import: 'default',
});

/** Each app with the folder it was read from, in the order the files were found. */
export const rawApps = Object.entries(appModules).map(([file, input]) => ({
  folder: file.split('/')[2] ?? file,
  input,
}));

// The build has validated these inputs against the schemas, so their output types hold.
export const skills: readonly string[] = skillsInput;
export const technologies: Record<TechnologyId, Technology> = technologiesInput;

/**
 * All apps, in menu and slider order. In the pages' bundle an app's `appLinks` are left out
 * (scripts/build-only-content.ts): the pages of its links read them from content/app-links.ts.
 */
export const apps: readonly App[] = rawApps
  .map(({ input }): App => input)
  .sort((a, b) => a.order - b.order);

/** The owner's details, the description's `{{apps.count}}` filled in. */
export const site: Site = {
  ...siteInput,
  description: withAppCount(siteInput.description, apps.length),
};
