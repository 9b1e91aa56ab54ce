import { Outlet, useLocation } from 'react-router';
import { paths } from '../../common/paths.ts';
import { FeedbackButton } from '../features/feedback/feedback-button.tsx';
import { ProjectPage } from '../features/showcase/project-page.tsx';
import { requireAppFromPath } from '../lib/current-app.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/project';

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
    <main id="main">
      <ProjectPage app={app}>
        <FeedbackButton appName={app.name} />
        <Outlet />
      </ProjectPage>
    </main>
  );
}
