import { apps } from '../../content/index.ts';
import { ProjectPage } from '../features/showcase/project-page.tsx';
import { ProjectSlider } from '../features/slider/project-slider.tsx';

const items = apps.map((app) => ({ id: app.slug, name: app.name, app }));

/** Every app page in one slider, in menu order: on /projects and at the end of home. */
export function AllProjectsSlider({ labelledBy }: { labelledBy?: string }) {
  return (
    <ProjectSlider
      items={items}
      labelledBy={labelledBy}
      renderSlide={({ app }, { titleAside }) => (
        <ProjectPage app={app} headingLevel={2} titleAside={titleAside} framed={false} />
      )}
    />
  );
}
