import { paths } from '../../../common/paths.ts';
import { apps } from '../../../content/index.ts';
import { t } from '../../i18n/messages.ts';

export interface NavLink {
  href: string;
  label: string;
  /** The app's slug, for a link to an app's page. */
  slug?: string;
}

/** The menu's links: Home first, each app in content order, All Projects last. */
export const navLinks: readonly NavLink[] = [
  { href: paths.home.href(), label: t.nav.home },
  ...apps.map((app) => ({
    href: paths.project.href(app.slug),
    label: app.name,
    slug: app.slug,
  })),
  { href: paths.projects.href(), label: t.nav.allProjects },
];
