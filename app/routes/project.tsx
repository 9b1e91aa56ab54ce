import { Outlet, useMatches, useNavigate } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf, isSupportPage } from '../compositions/app-pages.ts';
import { AppShowcase } from '../compositions/app-showcase.tsx';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import type { Route } from './+types/project';
import styles from './project.module.css';

export function meta({ matches }: Route.MetaArgs) {
  const { app } = appPageOf(matches);
  return appPageMeta(app, { path: paths.project.href(app.slug) });
}

export default function ProjectRoute() {
  const matches = useMatches();
  const navigate = useNavigate();
  const resolved = appPageOf(matches);
  return (
    <main id="main" className={styles.page}>
      <AppShowcase
        resolved={resolved}
        priority
        feedbackInline
        // The support address shows the page's own Send Feedback form, open.
        feedbackOpen={isSupportPage(matches)}
        onFeedbackClose={() =>
          void navigate(paths.project.href(resolved.app.slug), { preventScrollReset: true })
        }
      >
        <Outlet />
      </AppShowcase>
    </main>
  );
}
