import { preloadFirstSlide } from '../features/carousel/screenshot-carousel.tsx';
import { ProjectSlider } from '../features/slider/project-slider.tsx';
import './all-app-texts.ts';
import { resolvedApps } from './app-model.ts';
import { AppShowcase } from './app-showcase.tsx';

const items = resolvedApps.map((resolved) => ({
  id: resolved.app.slug,
  name: resolved.app.name,
  resolved,
}));

/** Every app page in one slider, in menu order: on /projects and at the end of home. */
export function AllProjectsSlider({
  labelledBy,
  otherPagesAt,
}: {
  labelledBy?: string;
  otherPagesAt?: string;
}) {
  return (
    <ProjectSlider
      items={items}
      labelledBy={labelledBy}
      otherPagesAt={otherPagesAt}
      // The pages either arrow leads to have their first screenshots ready when shown.
      onApproach={({ resolved }) => {
        for (const { screenshots } of resolved.neighbours) preloadFirstSlide(screenshots);
      }}
      renderSlide={({ resolved }, { titleAside, active }) => (
        <AppShowcase
          resolved={resolved}
          headingLevel={2}
          titleAside={titleAside}
          framed={false}
          active={active}
        />
      )}
    />
  );
}
