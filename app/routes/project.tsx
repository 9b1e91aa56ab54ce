import { Outlet, useMatches, useNavigate, type MetaArgs } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf, isSupportPage } from '../compositions/app-pages.ts';
import { AppShowcase } from '../compositions/app-showcase.tsx';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { prefetchModal } from '../features/feedback/feedback-button.tsx';
import styles from './project.module.css';

// Every app's page hydrates its Send Feedback form (closed, or open at the support address):
// its chunk is fetched now, beside the page's own, rather than once hydration reaches the
// form, so the form (and a close or a send before then) is live with the page.
if (typeof document !== 'undefined') prefetchModal();

/**
 * An app's page. Each app's route module (app/generated/app-routes/, scripts/app-routes.ts)
 * is this one, with that app's texts loaded first.
 */
export function meta({ matches }: MetaArgs) {
  const resolved = appPageOf(matches);
  return appPageMeta(resolved.app, {
    summary: resolved.texts.summary,
    path: paths.project.href(resolved.app.slug),
  });
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
