import { apps } from '../../content/index.ts';
import { ScreenshotCarousel } from '../features/carousel/screenshot-carousel.tsx';
import { FeedbackButton } from '../features/feedback/feedback-button.tsx';
import { ProjectPage } from '../features/showcase/project-page.tsx';
import { ProjectSlider } from '../features/slider/project-slider.tsx';
import { screenshotsBySlug } from '../generated/screenshots.ts';

const items = apps.map((app) => ({ id: app.slug, name: app.name, app }));

/** Every app page in one slider, in menu order: on /projects and at the end of home. */
export function AllProjectsSlider({ labelledBy }: { labelledBy?: string }) {
  return (
    <ProjectSlider
      items={items}
      labelledBy={labelledBy}
      renderSlide={({ app }, { titleAside, active }) => (
        <ProjectPage
          app={app}
          headingLevel={2}
          titleAside={titleAside}
          framed={false}
          feedback={<FeedbackButton appName={app.name} />}
          carousel={
            <ScreenshotCarousel
              appName={app.name}
              screenshots={screenshotsBySlug[app.slug] ?? []}
              active={active}
            />
          }
        />
      )}
    />
  );
}
