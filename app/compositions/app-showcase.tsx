import { paths } from '../../common/paths.ts';
import { ScreenshotCarousel } from '../features/carousel/screenshot-carousel.tsx';
import { FeedbackButton } from '../features/feedback/feedback-button.tsx';
import { ProjectPage, type ProjectPageProps } from '../features/showcase/project-page.tsx';
import { technologyMarks } from '../generated/technology-icons.ts';
import type { ResolvedApp } from './app-model.ts';

export interface AppShowcaseProps extends Omit<
  ProjectPageProps,
  'app' | 'texts' | 'feedback' | 'carousel' | 'technologyMarks' | 'legalDocs' | 'support'
> {
  resolved: ResolvedApp;
  /** Whether the page is on screen (false: a slide fading out); default true. */
  active?: boolean;
  /** Whether the screenshots sit above the fold and load at once; default false. */
  priority?: boolean;
  /** Shows the Send Feedback form open (the app's support address); default false. */
  feedbackOpen?: boolean;
  /** Called when the form shown by `feedbackOpen` is closed. */
  onFeedbackClose?: () => void;
  /**
   * Whether the page carries the Send Feedback form, closed, for a tap to open at once (the
   * app's own page); default false.
   */
  feedbackInline?: boolean;
}

/**
 * An app's page with its Send Feedback button and its screenshots: the app's own page and
 * each slide of All Projects.
 */
export function AppShowcase({
  resolved,
  active,
  priority,
  feedbackOpen,
  onFeedbackClose,
  feedbackInline,
  ...page
}: AppShowcaseProps) {
  const { app, texts, screenshots, icon, legalDocs, support } = resolved;
  return (
    <ProjectPage
      {...page}
      app={app}
      texts={texts}
      icon={icon}
      legalDocs={legalDocs}
      support={support}
      technologyMarks={technologyMarks}
      feedback={
        <FeedbackButton
          appName={app.name}
          feedbackName={app.feedbackName}
          pageHref={paths.project.href(app.slug)}
          supportHref={support?.href}
          forceOpen={feedbackOpen}
          onDismiss={onFeedbackClose}
          inline={feedbackInline}
        />
      }
      carousel={
        <ScreenshotCarousel
          appName={app.name}
          screenshots={screenshots}
          active={active}
          priority={priority}
          frame={app.platform === 'web' ? 'browser' : 'phone'}
        />
      }
    />
  );
}
