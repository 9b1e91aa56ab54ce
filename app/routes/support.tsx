import { useMatches, useNavigate } from 'react-router';
import { paths, supportTitle } from '../../common/paths.ts';
import { supportPageOf } from '../compositions/app-model.ts';
import { appPageMeta } from '../compositions/page-meta.ts';
import { useFeedbackDraft } from '../features/feedback/feedback-draft.ts';
import FeedbackModal from '../features/feedback/feedback-modal.tsx';
import type { Route } from './+types/support';

export function meta({ matches }: Route.MetaArgs) {
  const { app } = supportPageOf(matches);
  const path = paths.support.href(app.slug);
  return appPageMeta(app, {
    title: supportTitle(app.name),
    description: `Questions, problems or ideas about ${app.name}? Write to its developer here: every message is read.`,
    path,
    trail: [{ name: 'Support', path }],
  });
}

/**
 * An app's support address (the Support URL of its store listing): its Send Feedback form,
 * open over its page; closing it returns to the page.
 */
export default function SupportRoute() {
  const navigate = useNavigate();
  const { app } = supportPageOf(useMatches());
  const draft = useFeedbackDraft();
  return (
    <FeedbackModal
      appName={app.name}
      draft={draft}
      onClose={() => void navigate(paths.project.href(app.slug), { preventScrollReset: true })}
    />
  );
}
