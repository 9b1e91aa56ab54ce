import { Outlet, useLocation } from 'react-router';
import { paths } from '../../common/paths.ts';
import { ScreenshotCarousel } from '../features/carousel/screenshot-carousel.tsx';
import { FeedbackButton } from '../features/feedback/feedback-button.tsx';
import { ProjectPage } from '../features/showcase/project-page.tsx';
import { screenshotsBySlug } from '../generated/screenshots.ts';
import { requireAppFromPath } from '../lib/current-app.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/project';
import styles from './project.module.css';

export function meta({ location }: Route.MetaArgs) {
  const app = requireAppFromPath(location.pathname);
  return pageMeta({
    title: app.name,
    description: app.summary,
    path: paths.project.href(app.slug),
  });
}

export default function ProjectRoute() {
  const { pathname } = useLocation();
  const app = requireAppFromPath(pathname);
  return (
    <main id="main" className={styles.page}>
      <ProjectPage
        app={app}
        feedback={<FeedbackButton appName={app.name} />}
        carousel={
          <ScreenshotCarousel
            appName={app.name}
            screenshots={screenshotsBySlug[app.slug] ?? []}
            priority
          />
        }
      >
        <Outlet />
      </ProjectPage>
    </main>
  );
}
