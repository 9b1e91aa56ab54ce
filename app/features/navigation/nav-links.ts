import { paths } from '../../../common/paths.ts';
import { apps } from '../../../content/index.ts';

export interface NavLink {
  href: string;
  label: string;
}

/** The menu's links: Home first, each app in content order, All Projects last. */
export const navLinks: readonly NavLink[] = [
  { href: paths.home.href(), label: 'Home' },
  ...apps.map((app) => ({ href: paths.project.href(app.slug), label: app.name })),
  { href: paths.projects.href(), label: 'All Projects' },
];
