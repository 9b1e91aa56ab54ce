import { Outlet, useMatches } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf } from '../compositions/app-model.ts';
import { AppShowcase } from '../compositions/app-showcase.tsx';
import { appPageMeta } from '../compositions/page-meta.ts';
import type { Route } from './+types/project';
import styles from './project.module.css';

export function meta({ matches }: Route.MetaArgs) {
  const { app } = appPageOf(matches);
  return appPageMeta(app, { path: paths.project.href(app.slug) });
}

export default function ProjectRoute() {
  const resolved = appPageOf(useMatches());
  return (
    <main id="main" className={styles.page}>
      <AppShowcase resolved={resolved} priority>
        <Outlet />
      </AppShowcase>
    </main>
  );
}
